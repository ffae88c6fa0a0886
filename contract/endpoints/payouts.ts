import { LEAVES_MERIDIAN } from '../customerRules';
import { endpoint } from './define';
import {
  addBeneficiaryBodySchema,
  beneficiariesSchema,
  beneficiarySchema,
  labelBeneficiaryBodySchema,
  payoutBodySchema,
  payoutQuoteBodySchema,
  payoutQuoteSchema,
  payoutSchema,
  payoutsSchema,
  simulatePayoutReturnBodySchema,
} from '../payouts';

/** Bank payouts: the beneficiary book, a quote with the fee and arrival estimate, and the payout by SEPA credit transfer. */
export const payoutsEndpoints = {
  listBeneficiaries: endpoint('GET', '/beneficiaries', undefined, beneficiariesSchema, {
    summary: "The customer's bank accounts for payouts, newest first, with when each can be paid; the cooling-off period of a new one.",
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
  }),
  addBeneficiary: endpoint('POST', '/beneficiaries', addBeneficiaryBodySchema, beneficiarySchema, {
    summary:
      'Adds a bank account (needs a step-up for `withdrawal.address`, as a crypto address does): an IBAN of a SEPA country with valid check digits (kept in electronic format), the BIC where the country needs one (a SEPA country outside the EEA), and the holder’s name. It can be paid after the cooling-off period of the address book (24 hours unless configured; none in demo mode); the customer is told by e-mail and notification.',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    status: 201,
    errors: ['step_up_required', 'iban_invalid', 'iban_not_sepa', 'bic_invalid', 'bic_required', 'beneficiary_exists'],
  }),
  labelBeneficiary: endpoint('PATCH', '/beneficiaries/:id', labelBeneficiaryBodySchema, beneficiarySchema, {
    summary: 'Renames one of the customer’s beneficiaries; the account and holder stay as they were checked.',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    errors: ['beneficiary_not_found'],
  }),
  removeBeneficiary: endpoint('DELETE', '/beneficiaries/:id', undefined, beneficiariesSchema, {
    summary: 'Removes one of the customer’s beneficiaries (payouts already made to it keep it); answers the book as it is now.',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    errors: ['beneficiary_not_found'],
  }),
  createPayoutQuote: endpoint('POST', '/payouts/quotes', payoutQuoteBodySchema, payoutQuoteSchema, {
    summary:
      'A quote for paying `amount` of the customer’s account in `currency` to a beneficiary, firm for 60 seconds, refused when the balance does not cover it or the withdrawal limit of the customer’s level does not allow it: the fee (taken from the amount), what reaches the bank account and when it is expected there.',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    status: 201,
    errors: [
      'beneficiary_not_found',
      'beneficiary_cooling_off',
      'amount_invalid',
      'amount_too_precise',
      'amount_too_small',
      'insufficient_funds',
      'limit_exceeded',
      'rate_stale',
    ],
  }),
  createPayout: endpoint('POST', '/payouts', payoutBodySchema, payoutSchema, {
    summary:
      'Pays out as the quote says, once (needs a step-up for `withdrawal`, asked for with `step_up_required` only after the balance and the limit were found to allow it): the amount is held in transit at once (a pending `withdrawal` activity), the next batch hands it to the bank, and the status goes `pending → sent → settled`, or `returned` with the bank’s reason and the amount back on the account.',
    auth: 'bearer',
    requires: LEAVES_MERIDIAN,
    status: 201,
    idempotent: true,
    errors: ['step_up_required', 'quote_not_found', 'quote_used', 'quote_expired', 'insufficient_funds', 'limit_exceeded', 'rate_stale'],
  }),
  listPayouts: endpoint('GET', '/payouts', undefined, payoutsSchema, {
    summary: 'The customer’s latest 50 payouts, newest first, with their status and, once returned, the bank’s reason.',
    auth: 'bearer',
  }),
  getPayout: endpoint('GET', '/payouts/:id', undefined, payoutSchema, {
    summary: 'One of the customer’s payouts.',
    auth: 'bearer',
    errors: ['payout_not_found'],
  }),
  simulatePayoutReturn: endpoint('POST', '/simulate/payouts/:id/return', simulatePayoutReturnBodySchema, payoutSchema, {
    summary:
      'The simulated SEPA rail’s bank returns one of the customer’s payouts with `reason`, before or after it settled: a compensating ledger transaction brings the whole amount back, once. Demo mode only.',
    auth: 'bearer',
    // The bank's answer to a payout that met LEAVES_MERIDIAN when it was made: never held back.
    requires: [],
    idempotent: true,
    demoMode: true,
    errors: ['payout_not_found', 'payout_returned'],
  }),
};
