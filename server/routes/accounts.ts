import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

export function accountRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { accounts } = services;

  mount(app, deps, endpoints.listBankAccounts, ({ principal }) => accounts.bankAccounts(principal.userId));

  mount(app, deps, endpoints.getSummaryBalance, ({ principal }) => accounts.summary(principal.userId));

  // `db` is the transaction that also records the Idempotency-Key.
  mount(app, deps, endpoints.createAccountsCard, async ({ principal, db }) => {
    await services.users.getVerified(principal.userId, db);
    return accounts.ensureCardAccount(db, principal.userId);
  });
}
