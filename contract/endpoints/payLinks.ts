import { MOVES_MONEY } from '../customerRules';
import { endpoint } from './define';
import { emptyBodySchema } from '../common';
import {
  createPayLinkBodySchema,
  payLinkReceiptSchema,
  payLinkSchema,
  payLinksSchema,
  payLinkStatusEventSchema,
  payLinkQuoteBodySchema,
  payLinkQuoteSchema,
  payLinkPreviewSchema,
  payLinkViewSchema,
  payPayLinkBodySchema,
} from '../payLinks';

/**
 * Payment requests by link. The link's hash is its secret: anyone signed in who holds it may see the
 * request (the requester's display name, amount, asset, why) and pay it; only its requester may list or
 * cancel it. An unknown hash, and a malformed one, answer 404 `pay_link_not_found`.
 */
export const payLinksEndpoints = {
  createPayLink: endpoint('POST', '/pay-links', createPayLinkBodySchema, payLinkSchema, {
    summary:
      'Create a single-use payment request (asset, amount, description, optional expiry in hours) after a `paylink.create` step-up, which it spends. Answers the request with its 128-bit hash.',
    auth: 'bearer',
    requires: MOVES_MONEY,
    status: 201,
    errors: ['step_up_required', 'amount_too_precise'],
  }),
  listPayLinks: endpoint('GET', '/pay-links', undefined, payLinksSchema, {
    summary: "The customer's own payment requests, newest first (at most 100), each with its status: open, paid, expired or cancelled.",
    auth: 'bearer',
  }),
  getPayLink: endpoint('GET', '/pay-links/:hash', undefined, payLinkViewSchema, {
    summary:
      'One payment request by its hash, as the payer sees it: the requester’s display name only, the amount, asset, description, status and expiry; `own` when the caller is its requester.',
    auth: 'bearer',
    errors: ['pay_link_not_found'],
  }),
  getPayLinkPreview: endpoint('GET', '/pay-links/:hash/preview', undefined, payLinkPreviewSchema, {
    summary:
      'What a visitor of a link sees before signing in: the requester’s masked name (first name and last initial, `Ada L.`), the amount, asset and status — never the description. No session; as the hash is the secret, at most 30 reads per address in 15 minutes.',
    auth: 'none',
    errors: ['pay_link_not_found', 'rate_limited'],
  }),
  payLinkEvents: endpoint('GET', '/pay-links/:hash/events', undefined, payLinkStatusEventSchema, {
    summary:
      'Server-Sent Events (`text/event-stream`, never compressed): an event `status` with the link’s status at once and after every change on any server instance (PostgreSQL LISTEN/NOTIFY), a comment every 25 s. Background: it never keeps a session awake, and it ends when the session does.',
    auth: 'bearer',
    eventStream: true,
    errors: ['pay_link_not_found'],
  }),
  cancelPayLink: endpoint('POST', '/pay-links/:hash/cancel', emptyBodySchema, payLinkSchema, {
    summary: 'Cancel one of the customer’s own open payment requests; it can no longer be paid.',
    auth: 'bearer',
    errors: ['pay_link_not_found', 'pay_link_paid', 'pay_link_expired', 'pay_link_cancelled'],
  }),
  quotePayLink: endpoint('POST', '/pay-links/:hash/quotes', payLinkQuoteBodySchema, payLinkQuoteSchema, {
    summary:
      'A quote for paying the request from one of the customer’s accounts in another asset, firm for 30 seconds: the transfers’ rate, spread and fee, `amountOut` exactly the request’s amount and `amountIn` what the account pays for it. Paying sends its id.',
    auth: 'bearer',
    requires: MOVES_MONEY,
    status: 201,
    errors: [
      'pay_link_not_found',
      'pay_link_own',
      'pay_link_paid',
      'pay_link_expired',
      'pay_link_cancelled',
      'account_not_found',
      'quote_not_needed',
      'rate_stale',
    ],
  }),
  payPayLink: endpoint('POST', '/pay-links/:hash/pay', payPayLinkBodySchema, payLinkReceiptSchema, {
    summary:
      'Pay a payment request from one of the customer’s accounts, after a `paylink.pay` step-up (spent by the payment): one `payment` ledger transaction, `payment_sent` for the payer and `payment_received` for the requester (whose account of the asset is opened when missing). From an account in another asset it takes the `quoteId` of `POST /pay-links/:hash/quotes` for this link and account: the fee goes to the revenue account and the exchange through the treasury accounts, so each asset sums to zero; an expired, used or foreign quote is refused with nothing moved. Of concurrent payers exactly one pays; the others get `pay_link_paid` with nothing written.',
    auth: 'bearer',
    requires: MOVES_MONEY,
    idempotent: true,
    errors: [
      'pay_link_not_found',
      'pay_link_own',
      'pay_link_paid',
      'pay_link_expired',
      'pay_link_cancelled',
      'step_up_required',
      'account_not_found',
      'insufficient_funds',
      'limit_exceeded',
      'rate_stale',
      'quote_not_found',
      'quote_used',
      'quote_expired',
      'quote_not_needed',
    ],
  }),
};
