import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi } from './endpoints';
import type { AddBeneficiaryBody, PayoutBody, PayoutQuoteBody } from '../../contract/payouts';

/** Bank payouts: the beneficiary book, the quote, the payout and its status. */
export const payoutsApi = defineApi((client) => ({
  listBeneficiaries: () => client.call(routes.listBeneficiaries),
  addBeneficiary: (body: AddBeneficiaryBody) => client.call(routes.addBeneficiary, { body }),
  createPayoutQuote: (body: PayoutQuoteBody) => client.call(routes.createPayoutQuote, { body }),
  createPayout: (body: PayoutBody, idempotencyKey: string) => client.call(routes.createPayout, { body, idempotencyKey }),
  getPayout: (id: string) => client.call(routes.getPayout, { pathParams: { id } }),
}));
