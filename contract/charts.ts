import { z } from 'zod';
import { assetSchema, fiatAssetSchema } from './assets';
import { merchantCategorySchema } from './cards';
import { decimalSchema, signedDecimalSchema, timestampSchema } from './common';
import { priceHistorySchema, priceRangeSchema } from './rates';

/**
 * The charts' figures (issue 26 §3). The portfolio is valued in the currency the home's total is shown
 * in (`PORTFOLIO_CURRENCY`); every figure is a decimal string rounded to cents.
 */
export const PORTFOLIO_CURRENCY = 'USD' as const;

/** `GET /portfolio/history`: the range, as a price chart's. */
export const portfolioHistoryQuerySchema = z.strictObject({ range: priceRangeSchema });
export type PortfolioHistoryQuery = z.infer<typeof portfolioHistoryQuerySchema>;

/** What everything the customer held was worth at `at`: every account, less card debt (so it may be negative). */
export const portfolioPointSchema = z.object({ at: timestampSchema, value: signedDecimalSchema });
export type PortfolioPoint = z.infer<typeof portfolioPointSchema>;

/**
 * The portfolio over a range, oldest first, ending now. Each point multiplies what the ledger held in each
 * asset at the end of the point's bucket by that bucket's price. `change`: the last point less the first,
 * and as a percentage of the first (two decimals; null when the first is not above zero). `simulatedUntil`:
 * as a price chart's, when a demo's made-up prices value the points up to that instant.
 */
export const portfolioHistorySchema = z.object({
  range: priceRangeSchema,
  currency: fiatAssetSchema,
  points: z.array(portfolioPointSchema),
  change: z.object({ amount: signedDecimalSchema, percent: signedDecimalSchema.nullable() }),
  simulatedUntil: timestampSchema.nullable(),
});
export type PortfolioHistory = z.infer<typeof portfolioHistorySchema>;

/**
 * `GET /portfolio/allocation`: what the customer holds now per asset (its accounts and collateral of that
 * asset; card debt is owed, not held), at the current rates, largest first. The values add up to `total`
 * and each `percent` is its share of it (two decimals).
 */
export const allocationSchema = z.object({
  currency: fiatAssetSchema,
  total: decimalSchema,
  assets: z.array(z.object({ asset: assetSchema, amount: decimalSchema, value: decimalSchema, percent: decimalSchema })),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** The card account's spending is drawn over this many calendar months (UTC), the current one last. */
export const SPENDING_MONTHS = 12;

/**
 * `GET /card-accounts/:accountId/spending`: what the account's cards paid, in its currency, per calendar
 * month (UTC, every one of the last `SPENDING_MONTHS`, oldest first, zero when nothing was paid) and per
 * merchant category over those months (largest first, only those spent in).
 */
export const cardSpendingSchema = z.object({
  currency: fiatAssetSchema,
  months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), amount: decimalSchema })),
  categories: z.array(z.object({ category: merchantCategorySchema, amount: decimalSchema })),
});
export type CardSpending = z.infer<typeof cardSpendingSchema>;

/**
 * One of the customer's own exchanges of the charted asset: when it was made, what the asset account
 * moved (positive: bought, negative: sold) and what it was exchanged for (signed the other way).
 */
export const exchangeMarkerSchema = z.object({
  activityId: z.uuid(),
  at: timestampSchema,
  amount: signedDecimalSchema,
  counterAmount: signedDecimalSchema,
  counterCurrency: assetSchema,
});
export type ExchangeMarker = z.infer<typeof exchangeMarkerSchema>;

/**
 * `GET /portfolio/asset-history` (query as `GET /rates/history`'s): the asset's price chart, with the
 * customer's exchanges of it made within the range (from its start to now), oldest first.
 */
export const assetHistorySchema = priceHistorySchema.extend({ exchanges: z.array(exchangeMarkerSchema) });
export type AssetHistory = z.infer<typeof assetHistorySchema>;
