import { z } from 'zod';
import { assetSchema, cryptoAssetSchema } from './assets';
import { requestTimestampSchema, signedDecimalSchema, textSchema, timestampSchema } from './common';
import { payoutReturnReasonSchema } from './payouts';

/**
 * Activities: what the customer sees of each movement of money, one per account it touched. A completed
 * activity's `amount` is exactly what its ledger transaction posted to the account (signed: negative left
 * the account). A move between the customer's own accounts (a repayment, an exchange) is one action: the
 * list shows it once, as the account it left, with the other accounts in `legs`.
 */
export const ACTIVITY_TYPES = [
  'deposit',
  'withdrawal',
  'transfer_in',
  'transfer_out',
  'exchange',
  'card_payment',
  'adjustment',
  'collateral_pledge',
  'collateral_release',
  'card_repayment',
  'liquidation',
  'voucher_redeemed',
  'payment_sent',
  'payment_received',
  'referral_reward',
  'money_sent',
  'money_received',
  'money_returned',
] as const;
export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof activityTypeSchema>;

/** `returned`: a bank payout the bank sent back; the whole amount is on the account again (`returnReason` says why). */
export const ACTIVITY_STATUSES = ['pending', 'completed', 'failed', 'cancelled', 'returned'] as const;
export const activityStatusSchema = z.enum(ACTIVITY_STATUSES);
export type ActivityStatus = z.infer<typeof activityStatusSchema>;

/** Another account the same customer action moved (the card account a repayment paid, the account an exchange filled). */
export const activityLegSchema = z.object({
  /** That account's own activity. */
  id: z.uuid(),
  accountId: z.uuid(),
  amount: signedDecimalSchema,
  currency: assetSchema,
});
export type ActivityLeg = z.infer<typeof activityLegSchema>;

export const activitySchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  type: activityTypeSchema,
  status: activityStatusSchema,
  /** Who paid or was paid (a merchant, a sender's name, an address); null when nobody else was involved. */
  counterparty: z.string().nullable(),
  reference: z.string().nullable(),
  amount: signedDecimalSchema,
  currency: assetSchema,
  /** The other side of an exchange, else null. */
  counterAmount: signedDecimalSchema.nullable(),
  counterCurrency: assetSchema.nullable(),
  /** The amount's value in US dollars when it happened; null when no rate was known. */
  usdValue: signedDecimalSchema.nullable(),
  createdAt: timestampSchema,
  /** The other accounts the same action moved, each with its amount; empty when it moved only this one. */
  legs: z.array(activityLegSchema),
  /** Why the bank sent a payout back (an ISO 20022 return code), so the customer reads it; null for anything else. */
  returnReason: payoutReturnReasonSchema.nullable(),
  /** The recurring buy this exchange was a run of (its plan and the asset it buys), so the customer knows why it happened; null for anything else. */
  recurringBuy: z.object({ id: z.uuid(), asset: cryptoAssetSchema }).nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const ACTIVITIES_PAGE_MAX = 100;
export const ACTIVITIES_PAGE_DEFAULT = 20;
export const ACTIVITY_SEARCH_MAX_LENGTH = 100;

/**
 * `GET /activities`: newest first, one page at a time, one row per customer action (a move between
 * their own accounts as the account it left; `accountId` lists that account's own side instead). `cursor` is the previous page's `nextCursor`
 * (opaque). `q` finds the text in the counterparty or reference, or, when it is an amount (`12.5`), the
 * activities of that amount either way. `from` is inclusive, `to` exclusive.
 */
export const activitiesQuerySchema = z.strictObject({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITIES_PAGE_MAX).default(ACTIVITIES_PAGE_DEFAULT),
  q: textSchema(ACTIVITY_SEARCH_MAX_LENGTH).optional(),
  accountId: z.uuid().optional(),
  type: activityTypeSchema.optional(),
  status: activityStatusSchema.optional(),
  from: requestTimestampSchema.optional(),
  to: requestTimestampSchema.optional(),
});
export type ActivitiesQuery = z.infer<typeof activitiesQuerySchema>;

export const activitiesPageSchema = z.object({
  items: z.array(activitySchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ActivitiesPage = z.infer<typeof activitiesPageSchema>;
