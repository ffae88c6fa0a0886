import { z } from 'zod';
import { assetSchema, fiatAssetSchema } from './assets';
import { decimalSchema, textSchema, timestampSchema } from './common';
import { positiveAmountSchema } from './simulate';
import { voucherCodeProblem } from './voucherCode';

/**
 * Top-ups: the bank details a customer pays into (/inject/fiat), voucher codes (/inject/pay-by-code),
 * and the admins' review of bank transfers no reference matched.
 */

/** A personal payment reference: `MRD` and 8 Crockford base32 characters, one per customer, for good. */
export const PAYMENT_REFERENCE_PATTERN = /^MRD[0-9A-HJKMNP-TV-Z]{8}$/;

/** `GET /inject/fiat/details`: where the customer's bank transfers go, per fiat account. */
export const fiatTopUpDetailsSchema = z.object({
  /**
   * The customer's name as the bank needs it for the beneficiary; null while the customer has none
   * (the page asks for it: an e-mail address is no account holder).
   */
  holderName: z.string().nullable(),
  bic: z.string(),
  reference: z.string().regex(PAYMENT_REFERENCE_PATTERN),
  accounts: z.array(z.object({ accountId: z.uuid(), currency: fiatAssetSchema, iban: z.string() })),
});
export type FiatTopUpDetails = z.infer<typeof fiatTopUpDetailsSchema>;

/** A voucher code as typed (any case, groups with hyphens or spaces); refused unless it has the code's shape and check. */
export const voucherCodeSchema = z
  .string()
  .max(40)
  .refine((code) => voucherCodeProblem(code) === null, 'Expected a 16-character voucher code with a valid check character');

/** `POST /inject/pay-by-code`: redeem a voucher code. */
export const redeemVoucherBodySchema = z.strictObject({ code: voucherCodeSchema });
export type RedeemVoucherBody = z.infer<typeof redeemVoucherBodySchema>;

/** What a redeemed code credited, and where. */
export const voucherRedemptionSchema = z.object({
  amount: decimalSchema,
  currency: assetSchema,
  accountId: z.uuid(),
  transactionId: z.uuid(),
});
export type VoucherRedemption = z.infer<typeof voucherRedemptionSchema>;

/** `POST /simulate/admin/vouchers`: a new code worth `amount` of `currency`, valid until `expiresAt`. */
export const createVoucherBodySchema = z.strictObject({
  amount: positiveAmountSchema,
  currency: assetSchema,
  expiresAt: timestampSchema.max(30),
});
export type CreateVoucherBody = z.infer<typeof createVoucherBodySchema>;

/** The new code in clear: shown to the admin this once (only its hash is kept). */
export const createdVoucherSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  amount: decimalSchema,
  currency: assetSchema,
  expiresAt: timestampSchema,
});
export type CreatedVoucher = z.infer<typeof createdVoucherSchema>;

export const HELD_REASONS = ['unknown_reference', 'over_limit'] as const;
export const heldReasonSchema = z.enum(HELD_REASONS);
export type HeldReason = z.infer<typeof heldReasonSchema>;

/** An incoming bank transfer waiting for an admin: no reference matched, or it would pass the customer's limit. */
export const heldTransferSchema = z.object({
  id: z.uuid(),
  currency: fiatAssetSchema,
  amount: decimalSchema,
  senderName: z.string(),
  reference: z.string(),
  reason: heldReasonSchema,
  /** The customer the reference named, when it named one (held over the limit). */
  customerEmail: z.string().nullable(),
  receivedAt: timestampSchema,
});
export type HeldTransfer = z.infer<typeof heldTransferSchema>;
export const heldTransfersSchema = z.array(heldTransferSchema);

export const REVIEW_REASON_MAX_LENGTH = 200;
const reviewReasonSchema = textSchema(REVIEW_REASON_MAX_LENGTH).min(3);

/** `POST /simulate/admin/held-transfers/:id/assign`: credit it to this customer's account in its currency. */
export const assignHeldTransferBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(3).max(254),
  reason: reviewReasonSchema,
});
export type AssignHeldTransferBody = z.infer<typeof assignHeldTransferBodySchema>;

/** `POST /simulate/admin/held-transfers/:id/return`: send it back to the sender. */
export const returnHeldTransferBodySchema = z.strictObject({ reason: reviewReasonSchema });
export type ReturnHeldTransferBody = z.infer<typeof returnHeldTransferBodySchema>;

export const reviewedTransferSchema = z.object({
  id: z.uuid(),
  status: z.enum(['assigned', 'returned']),
  transactionId: z.uuid().nullable(),
});
export type ReviewedTransfer = z.infer<typeof reviewedTransferSchema>;
