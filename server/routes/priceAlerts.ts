import type { Context, Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/** Price alerts and recurring buys (server/services/priceAlerts.ts, server/services/recurringBuys.ts); their jobs run in server/scheduledJobs.ts. */
export function priceAlertsRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { priceAlerts, recurringBuys } = services;
  const id = (c: Context<AppEnv>) => c.req.param('id') ?? '';

  mount(app, deps, endpoints.listPriceAlerts, ({ principal }) => priceAlerts.list(principal.userId));
  mount(app, deps, endpoints.createPriceAlert, ({ principal, body, db }) => priceAlerts.create(principal.userId, body, db));
  mount(app, deps, endpoints.removePriceAlert, ({ principal, c }) => priceAlerts.remove(principal.userId, id(c)));
  mount(app, deps, endpoints.listRecurringBuys, ({ principal }) => recurringBuys.list(principal.userId));
  mount(app, deps, endpoints.createRecurringBuy, ({ principal, body, db }) => recurringBuys.create(principal, body, db));
  mount(app, deps, endpoints.pauseRecurringBuy, ({ principal, c }) => recurringBuys.setStatus(principal.userId, id(c), 'paused'));
  mount(app, deps, endpoints.resumeRecurringBuy, ({ principal, c }) => recurringBuys.setStatus(principal.userId, id(c), 'active'));
  mount(app, deps, endpoints.cancelRecurringBuy, ({ principal, c }) => recurringBuys.setStatus(principal.userId, id(c), 'cancelled'));
  mount(app, deps, endpoints.simulateRecurringBuyRun, ({ principal, c }) => recurringBuys.runNext(principal.userId, id(c)));
}
