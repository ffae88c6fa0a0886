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
