import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';
import { isVoucherGuessRefusal } from '../services/vouchers';
import { requestIdOf } from './simulate';

/**
 * Top-ups by bank transfer and by voucher code (contract/endpoints/inject.ts), and the admins' review
 * of held transfers and voucher creation. `mount` enforces the role (404 to anyone else) and idempotency.
 */
export function injectRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { fiatTopUp, vouchers } = services;

  mount(app, deps, endpoints.getFiatTopUpDetails, ({ principal }) => fiatTopUp.details(principal.userId));

  // The lock-out is checked and refused codes are counted outside the request's transaction: a refusal
  // rolls that back, and the count must stay.
  mount(
    app,
    deps,
    endpoints.redeemVoucher,
    ({ c, principal, body, db }) => vouchers.redeem(db, principal.userId, body.code, c.req.header('idempotency-key')!),
    {
      around: async ({ principal, ip }, answer) => {
        await vouchers.refuseWhileLocked(principal.userId, ip);
        try {
          return await answer();
        } catch (error) {
          if (isVoucherGuessRefusal(error)) await vouchers.countFailure(principal.userId, ip);
          throw error;
        }
      },
    },
  );

  mount(app, deps, endpoints.createVoucher, ({ c, principal, body }) =>
    deps.db.transaction((tx) => vouchers.create(tx, principal.userId, body, requestIdOf(c))),
  );

  mount(app, deps, endpoints.listHeldTransfers, () => fiatTopUp.held());

  mount(app, deps, endpoints.assignHeldTransfer, ({ c, principal, body, db }) =>
    fiatTopUp.assign(db, principal.userId, c.req.param('id')!, body, requestIdOf(c)),
  );

  mount(app, deps, endpoints.returnHeldTransfer, ({ c, principal, body, db }) =>
    fiatTopUp.returnToSender(db, principal.userId, c.req.param('id')!, body.reason, requestIdOf(c)),
  );
}
