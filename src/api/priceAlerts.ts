import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type { CreatePriceAlertBody } from '../../contract/priceAlerts';

/** Price alerts, and the current prices they are set against. */
export const priceAlertsApi = defineApi((client) => ({
  listPriceAlerts: (options?: ReadOptions) => client.call(routes.listPriceAlerts, options),
  createPriceAlert: (body: CreatePriceAlertBody, idempotencyKey: string) => client.call(routes.createPriceAlert, { body, idempotencyKey }),
  removePriceAlert: (id: string) => client.call(routes.removePriceAlert, { pathParams: { id } }),
  listRates: (options?: ReadOptions) => client.call(routes.listRates, options),
}));
