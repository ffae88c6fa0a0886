import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import { ACTIVITY } from '../../contract/session';
import type { QuoteBody, TransferBody } from '../../contract';
import type { CryptoAsset } from '../../contract/assets';
import type { CreateDepositLinkBody, DepositLinkPaymentBody } from '../../contract/depositLinks';
import type { DepositAddressQuery } from '../../contract/deposits';
import type { RedeemVoucherBody } from '../../contract/inject';
import type { CreatePayLinkBody, PayPayLinkBody } from '../../contract/payLinks';
import type { AddWithdrawalAddressBody, LabelWithdrawalAddressBody, WithdrawalBody, WithdrawalQuoteBody } from '../../contract/withdrawals';

/** Money in and out: deposits and deposit links, transfers, withdrawals, top-ups and pay links. */
export const paymentsApi = defineApi((client) => ({
  getDepositLink: (hash: string, options?: ReadOptions) => client.call(routes.getDepositLink, { ...options, pathParams: { hash } }),
  createDepositLink: (body: CreateDepositLinkBody) => client.call(routes.createDepositLink, { body }),
  reportDepositLinkPayment: (hash: string, body: DepositLinkPaymentBody) =>
    client.call(routes.reportDepositLinkPayment, { body, pathParams: { hash } }),
  getDepositAddress: (query: DepositAddressQuery, options?: ReadOptions) => client.call(routes.getDepositAddress, { ...options, query }),
  // Followed while the deposit screen is open: the customer's own looking, not a reason to stay signed in.
  listDeposits: (query: { asset: CryptoAsset }, options?: ReadOptions) =>
    client.call(routes.listDeposits, { ...options, query, activity: ACTIVITY.background }),
  createQuote: (body: QuoteBody) => client.call(routes.createQuote, { body }),
  createTransfer: (body: TransferBody, idempotencyKey: string) => client.call(routes.createTransfer, { body, idempotencyKey }),
  listWithdrawalAddresses: () => client.call(routes.listWithdrawalAddresses),
  addWithdrawalAddress: (body: AddWithdrawalAddressBody) => client.call(routes.addWithdrawalAddress, { body }),
  labelWithdrawalAddress: (id: string, body: LabelWithdrawalAddressBody) =>
    client.call(routes.labelWithdrawalAddress, { body, pathParams: { id } }),
  removeWithdrawalAddress: (id: string) => client.call(routes.removeWithdrawalAddress, { pathParams: { id } }),
  createWithdrawalQuote: (body: WithdrawalQuoteBody) => client.call(routes.createWithdrawalQuote, { body }),
  createWithdrawal: (body: WithdrawalBody, idempotencyKey: string) => client.call(routes.createWithdrawal, { body, idempotencyKey }),
  getWithdrawal: (id: string) => client.call(routes.getWithdrawal, { pathParams: { id } }),
  // Top-ups by bank transfer and voucher code, and the admins' tools for them.
  getFiatTopUpDetails: (options?: ReadOptions) => client.call(routes.getFiatTopUpDetails, options),
  redeemVoucher: (body: RedeemVoucherBody, idempotencyKey: string) => client.call(routes.redeemVoucher, { body, idempotencyKey }),
  createPayLink: (body: CreatePayLinkBody) => client.call(routes.createPayLink, { body }),
  listPayLinks: (options?: ReadOptions) => client.call(routes.listPayLinks, options),
  getPayLink: (hash: string) => client.call(routes.getPayLink, { pathParams: { hash } }),
  // The requester's page polls when the live stream is not there: background, never keeps a session awake.
  getPayLinkInBackground: (hash: string) => client.call(routes.getPayLink, { pathParams: { hash }, activity: ACTIVITY.background }),
  /** The link's status as the server's event stream says it, until the stream ends. */
  payLinkEvents: (hash: string, onEvent: (event: string, data: string) => void, signal: AbortSignal) =>
    client.events(routes.payLinkEvents, { pathParams: { hash }, onEvent, signal }),
  cancelPayLink: (hash: string) => client.call(routes.cancelPayLink, { body: {}, pathParams: { hash } }),
  quotePayLink: (hash: string, fromAccountId: string) =>
    client.call(routes.quotePayLink, { body: { fromAccountId }, pathParams: { hash } }),
  payPayLink: (hash: string, body: PayPayLinkBody, idempotencyKey: string) =>
    client.call(routes.payPayLink, { body, pathParams: { hash }, idempotencyKey }),
}));
