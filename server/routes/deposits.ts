import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import type { DepositService } from '../chains/deposits';
import { mount, type AppEnv, type RouteDeps } from '../http/route';

export function depositRoutes(app: Hono<AppEnv>, deps: RouteDeps, deposits: DepositService): void {
  mount(app, deps, endpoints.getDepositAddress, ({ principal, query }) => deposits.address(principal.userId, query));
  mount(app, deps, endpoints.listDeposits, ({ principal, query }) => deposits.list(principal.userId, query.asset));
}
