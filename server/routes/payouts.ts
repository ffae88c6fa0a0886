import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import type { PayoutService } from '../payouts/service';
import { mount, type AppEnv, type RouteDeps } from '../http/route';

/**
 * The beneficiary book, quotes and payouts (contract/endpoints/payouts.ts), and the simulated bank's
 * return; `mount` enforces the Idempotency-Keys and mounts the simulation only in demo mode.
 */
export function payoutRoutes(app: Hono<AppEnv>, deps: RouteDeps, payouts: PayoutService): void {
  mount(app, deps, endpoints.listBeneficiaries, ({ principal }) => payouts.list(principal.userId));
  mount(app, deps, endpoints.addBeneficiary, ({ c, principal, body, ip }) =>
    payouts.add(principal, body, { ip, userAgent: c.req.header('user-agent') }),
  );
  mount(app, deps, endpoints.labelBeneficiary, ({ c, principal, body }) => payouts.label(principal.userId, c.req.param('id')!, body.label));
  mount(app, deps, endpoints.removeBeneficiary, ({ c, principal }) => payouts.remove(principal.userId, c.req.param('id')!));
  mount(app, deps, endpoints.createPayoutQuote, ({ principal, body }) => payouts.quote(principal.userId, body));
  mount(
    app,
    deps,
    endpoints.createPayout,
    ({ c, principal, body, db, ip }) =>
      payouts.pay(db, principal, body.quoteId, c.req.header('idempotency-key')!, { ip, userAgent: c.req.header('user-agent') }),
    // The notice is e-mailed once the payout's transaction has committed.
    { around: async (_, answer) => answer().finally(payouts.deliverNotices) },
  );
  mount(app, deps, endpoints.listPayouts, ({ principal }) => payouts.history(principal.userId));
  mount(app, deps, endpoints.getPayout, ({ c, principal }) => payouts.get(principal.userId, c.req.param('id')!));
  mount(app, deps, endpoints.simulatePayoutReturn, ({ c, principal, body, db }) =>
    payouts.simulateReturn(db, principal.userId, c.req.param('id')!, body.reason),
  );
}
