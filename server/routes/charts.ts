import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/** The charts' figures (server/services/charts.ts): only ever the signed-in customer's own. */
export function chartRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { charts } = services;
  mount(app, deps, endpoints.getPortfolioHistory, ({ principal, query }) => charts.portfolioHistory(principal.userId, query.range));
  mount(app, deps, endpoints.getAllocation, ({ principal }) => charts.allocation(principal.userId));
  mount(app, deps, endpoints.getAssetHistory, ({ principal, query }) => charts.assetHistory(principal.userId, query.asset, query.range));
  // A malformed id is answered 404 by the service, like another customer's.
  mount(app, deps, endpoints.getCardSpending, ({ principal, c }) => charts.cardSpending(principal.userId, c.req.param('accountId') ?? ''));
}
