import type { Context } from 'hono';
import type { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/**
 * The id of this request, answered as `X-Request-Id` and written with the admin action it carried, so
 * an operator can match an audit row with the request (and a log line) that made it.
 */
export function requestIdOf(c: Context<AppEnv>): string {
  const id = randomUUID();
  c.header('X-Request-Id', id);
  return id;
}

/** The idempotent request's key; `mount` has already refused a request without a valid one. */
const keyOf = (c: Context<AppEnv>) => c.req.header('idempotency-key')!;

/**
 * The simulation area (contract/endpoints/simulate.ts): demo-mode tools of the customer and of admins,
 * and the admins' audit log. `mount` enforces demo mode, the role (404 to anyone else) and idempotency.
 */
export function simulateRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { simulation, outbox } = services;

  mount(app, deps, endpoints.listSimulationAccounts, ({ principal }) => simulation.accountsOf(principal.userId));

  // Anyone's transfer may name any customer's reference, as at a real bank: the reference decides.
  mount(app, deps, endpoints.simulateBankTransfer, ({ body, db }) => services.fiatTopUp.receive(db, body));

  mount(app, deps, endpoints.simulateCryptoDeposit, ({ c, principal, body, db }) =>
    simulation.receiveCrypto(db, principal.userId, body, keyOf(c)),
  );

  mount(app, deps, endpoints.listAdminCustomers, ({ query }) => simulation.customers(query.q));

  mount(app, deps, endpoints.adjustAccount, ({ c, principal, body, db }) => simulation.adjust(db, principal.userId, body, requestIdOf(c)));

  mount(app, deps, endpoints.listAdminOutbox, ({ c, principal, query }) =>
    deps.db.transaction(async (tx) => {
      await simulation.record(tx, {
        adminId: principal.userId,
        action: 'outbox_viewed',
        requestId: requestIdOf(c),
        details: query.to ? { recipient: query.to } : {},
      });
      const rows = await outbox.latest(tx, query.to);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.recipient,
          channel: row.channel,
          template: row.template,
          subject: row.subject,
          body: row.body,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    }),
  );

  mount(app, deps, endpoints.listAuditLog, () => simulation.auditLog());
}
