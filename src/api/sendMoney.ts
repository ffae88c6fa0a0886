import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type { CreateMoneyRequestBody, SendMoneyBody } from '../../contract/sendMoney';

/** Money between customers: look-ups, sends, contacts and requests. */
export const sendMoneyApi = defineApi((client) => ({
  lookupRecipient: (to: string) => client.call(routes.lookupRecipient, { body: { to } }),
  sendMoney: (body: SendMoneyBody, idempotencyKey: string) => client.call(routes.sendMoney, { body, idempotencyKey }),
  listContacts: (q: string, options?: ReadOptions) => client.call(routes.listContacts, { ...options, query: q ? { q } : {} }),
  requestMoney: (body: CreateMoneyRequestBody, idempotencyKey: string) => client.call(routes.requestMoney, { body, idempotencyKey }),
  listMoneyRequests: (options?: ReadOptions) => client.call(routes.listMoneyRequests, options),
  payMoneyRequest: (id: string, fromAccountId: string, idempotencyKey: string) =>
    client.call(routes.payMoneyRequest, { body: { fromAccountId }, pathParams: { id }, idempotencyKey }),
  declineMoneyRequest: (id: string) => client.call(routes.declineMoneyRequest, { body: {}, pathParams: { id } }),
  cancelMoneyRequest: (id: string) => client.call(routes.cancelMoneyRequest, { body: {}, pathParams: { id } }),
  remindMoneyRequest: (id: string) => client.call(routes.remindMoneyRequest, { body: {}, pathParams: { id } }),
}));
