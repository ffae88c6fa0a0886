import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi } from './endpoints';
import type {
  AddBeneficiaryBody,
  LabelBeneficiaryBody,
  PayoutBody,
  PayoutQuoteBody,
  SimulatePayoutReturnBody,
} from '../../contract/payouts';

/** Bank payouts: the beneficiary book, the quote, the payout and its status. */
export const payoutsApi = defineApi((client) => ({
  listBeneficiaries: () => client.call(routes.listBeneficiaries),
  addBeneficiary: (body: AddBeneficiaryBody) => client.call(routes.addBeneficiary, { body }),
  labelBeneficiary: (id: string, body: LabelBeneficiaryBody) => client.call(routes.labelBeneficiary, { body, pathParams: { id } }),
  removeBeneficiary: (id: string) => client.call(routes.removeBeneficiary, { pathParams: { id } }),
  createPayoutQuote: (body: PayoutQuoteBody) => client.call(routes.createPayoutQuote, { body }),
  createPayout: (body: PayoutBody, idempotencyKey: string) => client.call(routes.createPayout, { body, idempotencyKey }),
  getPayout: (id: string) => client.call(routes.getPayout, { pathParams: { id } }),
  listPayouts: () => client.call(routes.listPayouts),
  simulatePayoutReturn: (id: string, body: SimulatePayoutReturnBody, idempotencyKey: string) =>
    client.call(routes.simulatePayoutReturn, { body, pathParams: { id }, idempotencyKey }),
}));
