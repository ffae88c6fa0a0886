import { z } from 'zod';
import { assetSchema } from './assets';
import { decimalSchema, positiveAmountSchemaOf, timestampSchema } from './common';

/** A rate is fresh for this long; an older one is shown flagged `stale` and never used for a quote. */
export const RATE_FRESH_MS = 5 * 60_000;

/** One asset's price with the instant it was set; `usdt` is derived from the USD prices of both. */
export const rateSchema = z.object({
  asset: assetSchema,
  usd: decimalSchema,
  usdt: decimalSchema,
  at: timestampSchema,
  stale: z.boolean(),
});
export type Rate = z.infer<typeof rateSchema>;

/** `POST /admin/rates` (demo mode, admins): fixes the named assets' USD prices as of now. */
export const setRatesBodySchema = z.strictObject({
  rates: z
    .array(
      z.strictObject({
        asset: assetSchema,
        usd: positiveAmountSchemaOf({ format: 'Expected a decimal price', positive: 'Expected a positive price' }),
      }),
    )
    .min(1)
    .max(50),
});
export type SetRatesBody = z.infer<typeof setRatesBodySchema>;

export const ratesSchema = z.array(rateSchema);

/**
 * The ranges of a price chart and how finely each is drawn: the last price of every 5 minutes over a
 * day, of every hour over a week and a month, of every day over a year and all the kept history.
 */
export const PRICE_RANGES = ['1d', '1w', '1m', '1y', 'all'] as const;
export const priceRangeSchema = z.enum(PRICE_RANGES);
export type PriceRange = z.infer<typeof priceRangeSchema>;

/** `GET /rates/history`: one asset's price over a range. */
export const priceHistoryQuerySchema = z.strictObject({ asset: assetSchema, range: priceRangeSchema });
export type PriceHistoryQuery = z.infer<typeof priceHistoryQuerySchema>;

export const pricePointSchema = z.object({ at: timestampSchema, usd: decimalSchema });
export type PricePoint = z.infer<typeof pricePointSchema>;

/**
 * Oldest first, ending with the current price. `simulatedUntil`: the points up to this instant were made
 * up by a demo (its year of backfilled history), for the chart to say so; null when none are.
 */
export const priceHistorySchema = z.object({
  asset: assetSchema,
  range: priceRangeSchema,
  points: z.array(pricePointSchema),
  simulatedUntil: timestampSchema.nullable(),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;
