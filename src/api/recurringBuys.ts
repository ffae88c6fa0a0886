import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi } from './endpoints';
import type { CreateRecurringBuyBody } from '../../contract/recurringBuys';

/** Recurring buys: the plans with their runs, a new plan, and pause / resume / cancel. */
export const recurringBuysApi = defineApi((client) => ({
  listRecurringBuys: () => client.call(routes.listRecurringBuys),
  createRecurringBuy: (body: CreateRecurringBuyBody, idempotencyKey: string) =>
    client.call(routes.createRecurringBuy, { body, idempotencyKey }),
  pauseRecurringBuy: (id: string) => client.call(routes.pauseRecurringBuy, { body: {}, pathParams: { id } }),
  resumeRecurringBuy: (id: string) => client.call(routes.resumeRecurringBuy, { body: {}, pathParams: { id } }),
  cancelRecurringBuy: (id: string) => client.call(routes.cancelRecurringBuy, { body: {}, pathParams: { id } }),
}));
