import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import { describeError, type Logger } from '../logger';
import type { Services } from '../services';
import { createAccountService } from '../services/accounts';
import { requestIdOf } from './simulate';

export function accountRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services, logger: Logger): void {
  const { accounts, activities, rates } = services;

  mount(app, deps, endpoints.listBankAccounts, ({ principal }) => accounts.bankAccounts(principal.userId));

  mount(app, deps, endpoints.getSummaryBalance, ({ principal }) => accounts.summary(principal.userId));

  // Safe to repeat (a second call finds the account the first one opened) and idempotent like the money
  // POSTs, in the key's transaction. An unverified e-mail opens none (pre-hijacking).
  mount(app, deps, endpoints.createAccountsCard, async ({ principal, db }) => {
    await services.users.getVerified(principal.userId, db);
    return accounts.ensureCardAccount(db, principal.userId);
  });

  mount(app, deps, endpoints.getAccount, ({ c, principal }) => accounts.account(principal.userId, c.req.param('id')!));

  // Safe to repeat (one account per asset), idempotent in the key's transaction; an unverified e-mail opens
  // none, as for the card account.
  mount(app, deps, endpoints.openAccount, async ({ principal, db, body }) => {
    await services.users.getVerified(principal.userId, db);
    return createAccountService(db, deps.clock).openAccount(principal.userId, body.currency);
  });

  mount(app, deps, endpoints.listActivities, ({ principal, query }) => activities.list(principal.userId, query));

  mount(app, deps, endpoints.getStatement, ({ principal, query }) => services.statements.file(principal.userId, query));

  // After the statement: `/activities/statement` is that endpoint, not an activity id.
  mount(app, deps, endpoints.getActivity, ({ c, principal }) => activities.one(principal.userId, c.req.param('id')!));

  mount(app, deps, endpoints.listRates, () => rates.list());

  mount(app, deps, endpoints.getPriceHistory, ({ query }) => rates.priceHistory(query.asset, query.range));

  // An admin action: written to the audit log in the same transaction as the prices.
  mount(app, deps, endpoints.setRates, async ({ c, principal, body }) => {
    const requestId = requestIdOf(c);
    await rates.set(body.rates, (tx) =>
      services.simulation.record(tx, {
        adminId: principal.userId,
        action: 'rates_set',
        requestId,
        details: Object.fromEntries(body.rates.map((rate) => [rate.asset, rate.usd])),
      }),
    );
    // The alerts at these prices at once, not at the job's next round (once a minute on PostgreSQL). The
    // prices are set either way: a failure here is logged, and that round tries again.
    await services.priceAlerts.evaluate().catch((error: unknown) => logger.warn('price_alerts.evaluate_failed', describeError(error)));
    return rates.list();
  });
}
