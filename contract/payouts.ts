import { z } from 'zod';
import { decimalSchema, textSchema, timestampSchema } from './common';
import { PAYOUT_CURRENCIES } from './payoutCurrencies';

/**
 * Bank payouts: a fiat account paid out to a bank account by SEPA credit transfer. The beneficiary
 * book follows the crypto address book's rules (added with a step-up, usable after its cooling-off
 * period, told to the customer); a quote states the fee and the arrival estimate before confirming; the
 * payout holds the amount in transit until the rail settles it, or it comes back (a return) with the
 * bank's reason.
 */

/** SEPA credit transfers are in euro. */
export const payoutCurrencySchema = z.enum(PAYOUT_CURRENCIES);
export type PayoutCurrency = z.infer<typeof payoutCurrencySchema>;

/** The fee of one payout, taken from its amount. */
export const PAYOUT_FEE = { EUR: '0.5' } as const satisfies Record<PayoutCurrency, string>;
/** The least a payout may take from the account (the fee included). */
export const MINIMUM_PAYOUT = { EUR: '2' } as const satisfies Record<PayoutCurrency, string>;
/** How long a quote holds. */
export const PAYOUT_QUOTE_SECONDS = 60;

/** The creditor's name in a SEPA credit transfer: at most 70 characters. */
export const HOLDER_NAME_MAX_LENGTH = 70;
export const BENEFICIARY_LABEL_MAX_LENGTH = 40;

// Typed text as everywhere (textSchema): no control characters, nothing invisible or direction-changing.
const holderNameSchema = textSchema(HOLDER_NAME_MAX_LENGTH).min(1, 'Must not be empty');
const beneficiaryLabelSchema = textSchema(BENEFICIARY_LABEL_MAX_LENGTH).min(1, 'Must not be empty');

/**
 * `POST /beneficiaries`. Needs a step-up for `withdrawal.address` (the same sensitive action as adding a
 * crypto address). The server checks the IBAN (`iban_invalid`, `iban_not_sepa`) and the BIC
 * (`bic_invalid`, `bic_required` for a SEPA country outside the EEA): contract/bankAccount.ts.
 */
export const addBeneficiaryBodySchema = z.strictObject({
  holderName: holderNameSchema,
  /** As typed: spaces are allowed (the print format), case does not matter. */
  iban: z.string().trim().min(1).max(42),
  bic: z.string().trim().max(11).optional(),
  label: beneficiaryLabelSchema,
});
export type AddBeneficiaryBody = z.infer<typeof addBeneficiaryBodySchema>;

/** `PATCH /beneficiaries/:id`: a new label; the account and its holder stay as checked when added. */
export const labelBeneficiaryBodySchema = z.strictObject({ label: beneficiaryLabelSchema });
export type LabelBeneficiaryBody = z.infer<typeof labelBeneficiaryBodySchema>;

export const beneficiarySchema = z.object({
  id: z.uuid(),
  holderName: z.string(),
  /** Electronic format: upper case, no spaces. */
  iban: z.string(),
  bic: z.string().nullable(),
  label: z.string(),
  createdAt: timestampSchema,
  /** From then on payouts may go to it (the cooling-off period after adding). */
  usableAt: timestampSchema,
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;

export const beneficiariesSchema = z.object({
  beneficiaries: z.array(beneficiarySchema),
  /** How long after adding a new beneficiary can be paid (the crypto address book's period; 0 in demo mode). */
  coolingOffSeconds: z.number().int().nonnegative(),
});
export type Beneficiaries = z.infer<typeof beneficiariesSchema>;

/** `POST /payouts/quotes`: what paying `amount` of the customer's `currency` account to the beneficiary costs and brings. */
export const payoutQuoteBodySchema = z.strictObject({
  currency: payoutCurrencySchema,
  beneficiaryId: z.uuid(),
  amount: z.string().min(1).max(40),
});
export type PayoutQuoteBody = z.infer<typeof payoutQuoteBodySchema>;

export const payoutQuoteSchema = z.object({
  id: z.uuid(),
  currency: payoutCurrencySchema,
  beneficiaryId: z.uuid(),
  holderName: z.string(),
  iban: z.string(),
  /** What leaves the account. */
  amount: decimalSchema,
  /** Part of `amount`. */
  fee: decimalSchema,
  /** What reaches the bank account: amount − fee. */
  received: decimalSchema,
  minimum: decimalSchema,
  /** When the money is expected on the bank account if confirmed now (SEPA: the next business day). */
  arrivesBy: timestampSchema,
  expiresAt: timestampSchema,
});
export type PayoutQuote = z.infer<typeof payoutQuoteSchema>;

/** `POST /payouts`: pays out as the quote says, once (also per Idempotency-Key). Needs a step-up for `withdrawal`. */
export const payoutBodySchema = z.strictObject({ quoteId: z.uuid() });
export type PayoutBody = z.infer<typeof payoutBodySchema>;

/**
 * pending: held in transit, not yet in a batch; sent: in a batch handed to the bank; settled: on the
 * bank account; returned: the bank sent it back (`returnReason`) and the amount is on the account again.
 */
export const PAYOUT_STATUSES = ['pending', 'sent', 'settled', 'returned'] as const;
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/**
 * Why a bank returns a SEPA credit transfer (ISO 20022 reason codes, the ones a customer can act on):
 * AC01 wrong account number, AC04 account closed, AC06 account blocked, BE04 creditor address missing,
 * MD07 account holder deceased, MS03 reason not given.
 */
export const PAYOUT_RETURN_REASONS = ['AC01', 'AC04', 'AC06', 'BE04', 'MD07', 'MS03'] as const;
export const payoutReturnReasonSchema = z.enum(PAYOUT_RETURN_REASONS);
export type PayoutReturnReason = z.infer<typeof payoutReturnReasonSchema>;

export const payoutSchema = z.object({
  id: z.uuid(),
  currency: payoutCurrencySchema,
  holderName: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  amount: decimalSchema,
  fee: decimalSchema,
  received: decimalSchema,
  status: payoutStatusSchema,
  arrivesBy: timestampSchema,
  /** Once returned: the bank's reason. */
  returnReason: payoutReturnReasonSchema.nullable(),
  activityId: z.uuid(),
  createdAt: timestampSchema,
  /** Settled or returned at. */
  settledAt: timestampSchema.nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutsSchema = z.object({ payouts: z.array(payoutSchema) });
export type Payouts = z.infer<typeof payoutsSchema>;

/**
 * `POST /simulate/payouts/:id/return` (demo mode): the simulated SEPA rail's bank sends one of the
 * customer's payouts back with `reason`, before or after it settled; the amount comes back once.
 */
export const simulatePayoutReturnBodySchema = z.strictObject({ reason: payoutReturnReasonSchema });
export type SimulatePayoutReturnBody = z.infer<typeof simulatePayoutReturnBodySchema>;
