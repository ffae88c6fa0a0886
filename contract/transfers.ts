import { z } from 'zod';
import { assetSchema } from './assets';
import { decimalSchema, timestampSchema } from './common';

/**
 * Quotes and transfers between the customer's fiat and crypto accounts. A quote is the server's firm
 * offer for one exchange: it holds for `QUOTE_FIRM_SECONDS`, belongs to the customer who asked, and
 * moves money at most once.
 */

/** How long a quote holds. */
export const QUOTE_FIRM_SECONDS = 30;
/** The exchange's margin against the market rate, in percent. */
export const QUOTE_SPREAD_PERCENT = '0.5';
/** The fee, in percent of the amount paid in, never less than `QUOTE_MIN_FEE_USD` (in the paid asset). */
export const QUOTE_FEE_PERCENT = '0.1';
export const QUOTE_MIN_FEE_USD = '1';
/** A quote whose cost (spread and fee together) is above this share of the amount paid is said to be expensive before it is confirmed. */
export const QUOTE_COST_WARN_PERCENT = '2';

/** Which amount the customer typed: what they pay (`in`) or what they get (`out`); the quote gives the other. */
export const QUOTE_SIDES = ['in', 'out'] as const;
export type QuoteSide = (typeof QUOTE_SIDES)[number];

/**
 * What a system account is for (server/db/migrations/0019_quotes_transfers.sql): `payouts_in_transit` holds
 * bank payouts on their way (0044_bank_payouts.sql), `holding` keeps money sent between customers that waits
 * for its receiver (0046_send_money.sql).
 */
export const SYSTEM_ROLES = ['external', 'treasury', 'revenue', 'payouts_in_transit', 'holding'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const TRANSFER_DIRECTIONS = ['fiat-to-crypto', 'crypto-to-fiat'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

/**
 * `POST /transfers/quotes`. The amount is text as typed: a negative, zero or malformed one is
 * `amount_invalid` and one with more decimals than its asset keeps `amount_too_precise`, so each
 * mistake has its own code rather than one schema failure.
 */
export const quoteBodySchema = z.strictObject({
  fromAccountId: z.uuid(),
  toAccountId: z.uuid(),
  amount: z.string().min(1).max(40),
  side: z.enum(QUOTE_SIDES),
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;

export const quoteSchema = z.object({
  id: z.uuid(),
  fromAccountId: z.uuid(),
  toAccountId: z.uuid(),
  fromAsset: assetSchema,
  toAsset: assetSchema,
  /** Units of `toAsset` per unit of `fromAsset`, the spread taken, rounded down to 18 decimals. */
  rate: decimalSchema,
  spreadPercent: decimalSchema,
  feePercent: decimalSchema,
  /** In `fromAsset`, part of `amountIn`. */
  fee: decimalSchema,
  /** What leaves the from-account, fee included. */
  amountIn: decimalSchema,
  /** What arrives in the to-account: (amountIn − fee) × rate, rounded down to the asset's decimals. */
  amountOut: decimalSchema,
  /** What the exchange costs, in `fromAsset`: the fee plus the spread on the rest, rounded up to the asset's decimals. */
  cost: decimalSchema,
  /** `cost` in percent of `amountIn`, rounded up to two decimals. */
  costPercent: decimalSchema,
  /** The value of `amountIn` in US dollars at the market rate: what counts toward the transfer limit. */
  usdValue: decimalSchema,
  /** The from-account's balance covers `amountIn` (when asked). */
  fundsSufficient: z.boolean(),
  /** What is left of the level's transfer limit today and this month, whichever is less, in US dollars (when asked). */
  limitLeftUsd: decimalSchema,
  /** `usdValue` fits in `limitLeftUsd`. */
  withinLimit: z.boolean(),
  /** Seconds the quote holds from when it was made (the screen counts them down). */
  firmForSeconds: z.number().int().positive(),
  expiresAt: timestampSchema,
});
export type Quote = z.infer<typeof quoteSchema>;

/** A refused transfer whose quote ran out or was used: the fresh quote for the same ask, in the error's `quote`. */
export const quoteRefusalSchema = z.object({ quote: quoteSchema });

/** `POST /simulate/quotes/:quoteId/expire` (demo mode): the quote and when it now runs out. */
export const quoteExpirySchema = z.object({ id: z.uuid(), expiresAt: timestampSchema });
export type QuoteExpiry = z.infer<typeof quoteExpirySchema>;

/** `POST /transfers`: moves money as the quote says, once (also per Idempotency-Key). */
export const transferBodySchema = z.strictObject({ quoteId: z.uuid() });
export type TransferBody = z.infer<typeof transferBodySchema>;

export const transferSchema = z.object({
  transactionId: z.uuid(),
  /** The activity of the from-account (`/activities/{id}` shows it). */
  activityId: z.uuid(),
  quote: quoteSchema,
  createdAt: timestampSchema,
});
export type Transfer = z.infer<typeof transferSchema>;
