import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import type { WithdrawalService } from '../chains/withdrawals';
import { mount, type AppEnv, type RouteDeps } from '../http/route';

/**
 * The address book, quotes and withdrawals (contract/endpoints/withdrawals.ts), and the simulated Bitcoin
 * processor; `mount` enforces the Idempotency-Keys and mounts the simulation only in demo mode.
 */
export function withdrawalRoutes(app: Hono<AppEnv>, deps: RouteDeps, withdrawals: WithdrawalService): void {
  mount(app, deps, endpoints.listWithdrawalAddresses, ({ principal }) => withdrawals.list(principal.userId));
  mount(app, deps, endpoints.addWithdrawalAddress, ({ c, principal, body, ip }) =>
    withdrawals.add(principal, body, { ip, userAgent: c.req.header('user-agent') }),
  );
  mount(app, deps, endpoints.labelWithdrawalAddress, ({ c, principal, body }) =>
    withdrawals.label(principal.userId, c.req.param('id')!, body.label),
  );
  mount(app, deps, endpoints.removeWithdrawalAddress, ({ c, principal }) => withdrawals.remove(principal.userId, c.req.param('id')!));
  mount(app, deps, endpoints.createWithdrawalQuote, ({ principal, body }) => withdrawals.quote(principal.userId, body));
  mount(
    app,
    deps,
    endpoints.createWithdrawal,
    ({ c, principal, body, db, ip }) =>
      withdrawals.withdraw(db, principal, body.quoteId, c.req.header('idempotency-key')!, { ip, userAgent: c.req.header('user-agent') }),
    // The notice is e-mailed once the withdrawal's transaction has committed.
    { around: async (_, answer) => answer().finally(withdrawals.deliverNotices) },
  );
  mount(app, deps, endpoints.getWithdrawal, ({ c, principal }) => withdrawals.get(principal.userId, c.req.param('id')!));
  mount(app, deps, endpoints.simulateWithdrawal, ({ c, principal, body, db }) =>
    withdrawals.simulate(db, principal.userId, c.req.param('id')!, body.outcome),
  );
}
