import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type { AdjustmentBody, SetRatesBody, SimulateBankTransferBody, SimulateCryptoDepositBody } from '../../contract';
import type { CardAuthorizationBody } from '../../contract/cards';
import type { AssignHeldTransferBody, CreateVoucherBody, ReturnHeldTransferBody } from '../../contract/inject';
import type { KycDecisionBody } from '../../contract/kyc';

/** The simulation area (demo mode) and the admins' tools: money POSTs carry the caller's Idempotency-Key. */
export const simulateApi = defineApi((client) => ({
  // The simulation area (demo mode): money POSTs carry the caller's Idempotency-Key.
  listSimulationAccounts: (options?: ReadOptions) => client.call(routes.listSimulationAccounts, options),
  simulateBankTransfer: (body: SimulateBankTransferBody, idempotencyKey: string) =>
    client.call(routes.simulateBankTransfer, { body, idempotencyKey }),
  simulateCryptoDeposit: (body: SimulateCryptoDepositBody, idempotencyKey: string) =>
    client.call(routes.simulateCryptoDeposit, { body, idempotencyKey }),
  simulateCardAuthorization: (body: CardAuthorizationBody, idempotencyKey: string) =>
    client.call(routes.simulateCardAuthorization, { body, idempotencyKey }),
  listAdminCustomers: (query: { q?: string }, options?: ReadOptions) => client.call(routes.listAdminCustomers, { ...options, query }),
  adjustAccount: (body: AdjustmentBody, idempotencyKey: string) => client.call(routes.adjustAccount, { body, idempotencyKey }),
  listAdminOutbox: (query: { to?: string }, options?: ReadOptions) => client.call(routes.listAdminOutbox, { ...options, query }),
  listAuditLog: (options?: ReadOptions) => client.call(routes.listAuditLog, options),
  setRates: (body: SetRatesBody) => client.call(routes.setRates, { body }),
  downloadKycFile: (id: string) => client.download(routes.downloadKycFile, { pathParams: { id } }),
  listKycReviews: (options?: ReadOptions) => client.call(routes.listKycReviews, options),
  decideKyc: (userId: string, body: KycDecisionBody) => client.call(routes.decideKyc, { body, pathParams: { userId } }),
  createVoucher: (body: CreateVoucherBody) => client.call(routes.createVoucher, { body }),
  listHeldTransfers: (options?: ReadOptions) => client.call(routes.listHeldTransfers, options),
  assignHeldTransfer: (id: string, body: AssignHeldTransferBody, idempotencyKey: string) =>
    client.call(routes.assignHeldTransfer, { pathParams: { id }, body, idempotencyKey }),
  returnHeldTransfer: (id: string, body: ReturnHeldTransferBody, idempotencyKey: string) =>
    client.call(routes.returnHeldTransfer, { pathParams: { id }, body, idempotencyKey }),
}));
