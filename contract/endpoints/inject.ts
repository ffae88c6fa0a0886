import { MOVES_MONEY } from '../customerRules';
import { endpoint } from './define';
import {
  assignHeldTransferBodySchema,
  createdVoucherSchema,
  createVoucherBodySchema,
  fiatTopUpDetailsSchema,
  heldTransfersSchema,
  redeemVoucherBodySchema,
  returnHeldTransferBodySchema,
  reviewedTransferSchema,
  voucherRedemptionSchema,
} from '../inject';

/**
 * Top-ups by bank transfer and by voucher code, and the admins' tools for them. These are production
 * tools (not demo mode): held transfers are real money waiting for a decision, vouchers real credit.
 */
export const injectEndpoints = {
  getFiatTopUpDetails: endpoint('GET', '/inject/fiat/details', undefined, fiatTopUpDetailsSchema, {
    summary:
      "Where the customer's bank transfers go: the IBAN of each of their fiat accounts, Meridian's BIC, the name to pay to and their personal payment reference (given on the first call, then always the same). A transfer whose reference names no customer is held for an admin.",
    auth: 'bearer',
  }),
  redeemVoucher: endpoint('POST', '/inject/pay-by-code', redeemVoucherBodySchema, voucherRedemptionSchema, {
    summary:
      "Redeems a voucher code: its amount is credited once to the customer's account in its asset (opened when missing), counted toward the top-up limit. After 5 refused codes in 15 minutes by the customer or from the address, every try is refused with `rate_limited` for 15 minutes (`Retry-After: 900`).",
    auth: 'bearer',
    requires: MOVES_MONEY,
    idempotent: true,
    errors: ['voucher_unknown', 'voucher_used', 'voucher_expired', 'rate_limited', 'limit_exceeded', 'rate_stale'],
  }),
  createVoucher: endpoint('POST', '/simulate/admin/vouchers', createVoucherBodySchema, createdVoucherSchema, {
    summary:
      'Creates a voucher code worth `amount` of `currency` until `expiresAt`. The code is in the answer this once; only its hash is kept. Written to the audit log. Admins.',
    auth: 'bearer',
    role: 'admin',
    status: 201,
    errors: ['amount_too_precise', 'voucher_expiry_invalid'],
  }),
  listHeldTransfers: endpoint('GET', '/simulate/admin/held-transfers', undefined, heldTransfersSchema, {
    summary:
      'Incoming bank transfers waiting for review (no reference matched, or over the customer’s limit), oldest first, at most 50. Admins.',
    auth: 'bearer',
    role: 'admin',
  }),
  assignHeldTransfer: endpoint('POST', '/simulate/admin/held-transfers/:id/assign', assignHeldTransferBodySchema, reviewedTransferSchema, {
    summary:
      'Credits a held transfer to the customer with this e-mail (their account in its currency, opened when missing), within their top-up limit. Once per transfer; written to the audit log with the reason. Admins.',
    auth: 'bearer',
    role: 'admin',
    // The role is the rule: an admin acts on a customer's account, not their own.
    requires: [],
    idempotent: true,
    errors: ['held_transfer_not_found', 'transfer_already_reviewed', 'customer_not_found', 'limit_exceeded', 'rate_stale'],
  }),
  returnHeldTransfer: endpoint('POST', '/simulate/admin/held-transfers/:id/return', returnHeldTransferBodySchema, reviewedTransferSchema, {
    summary:
      'Returns a held transfer to its sender (no money moves in Meridian). Once per transfer; written to the audit log with the reason. Admins.',
    auth: 'bearer',
    role: 'admin',
    // The role is the rule: an admin acts on a customer's account, not their own.
    requires: [],
    idempotent: true,
    errors: ['held_transfer_not_found', 'transfer_already_reviewed'],
  }),
};
