import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ActivitiesQueryInput, type ReadOptions } from './endpoints';
import type { OpenAccountBody } from '../../contract';
import type { StatementQuery } from '../../contract/statements';

/** Accounts, their activities and statements. */
export const accountsApi = defineApi((client) => ({
  listActivities: (query: ActivitiesQueryInput, options?: ReadOptions) => client.call(routes.listActivities, { ...options, query }),
  getAccount: (id: string, options?: ReadOptions) => client.call(routes.getAccount, { ...options, pathParams: { id } }),
  getActivity: (id: string, options?: ReadOptions) => client.call(routes.getActivity, { ...options, pathParams: { id } }),
  openAccount: (body: OpenAccountBody, idempotencyKey: string) => client.call(routes.openAccount, { body, idempotencyKey }),
  downloadStatement: (query: StatementQuery) => client.download(routes.getStatement, { query }),
}));
