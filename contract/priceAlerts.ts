import { z } from 'zod';
import { cryptoAssetSchema } from './assets';
import { positiveAmountSchemaOf, timestampSchema } from './common';
import { compare } from './decimal';

/**
 * Price alerts: "tell me when BTC is above / below a price (US dollars), or moves more than a percent
 * in 24 hours". An alert fires once per crossing (a push and an in-app notification) and re-arms only
 * after the price has moved back past its threshold by a margin, so an oscillating price does not
 * notify at every step.
 */

export const PRICE_ALERT_KINDS = ['above', 'below', 'move'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];

/** An above / below alert re-arms once the price is back this many percent on the other side of its price. */
export const PRICE_ALERT_REARM_PERCENT = '1';
/** A move alert re-arms once the 24-hour change is back within this fraction of its percent. */
export const MOVE_ALERT_REARM_FRACTION = '0.5';
/** The least and the most a move alert may ask for, in percent. */
export const MOVE_ALERT_PERCENT_MIN = '1';
export const MOVE_ALERT_PERCENT_MAX = '100';
/** At most this many alerts per customer. */
export const PRICE_ALERTS_MAX = 20;

const messages = { format: 'Expected a decimal amount', positive: 'Expected an amount above zero' };
/** A price in US dollars: up to 12 whole digits and 8 decimals. */
const priceSchema = positiveAmountSchemaOf(messages).regex(/^\d{1,12}(\.\d{1,8})?$/, 'Expected at most 12 digits and 8 decimals');
const percentSchema = z
  .string()
  .max(6)
  // Stops here on a malformed percent: the range check below compares decimals, which letters are not.
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'Expected a percent with at most 2 decimals', abort: true })
  .refine(
    (value) => compare(value, MOVE_ALERT_PERCENT_MIN) >= 0 && compare(value, MOVE_ALERT_PERCENT_MAX) <= 0,
    `Expected a percent from ${MOVE_ALERT_PERCENT_MIN} to ${MOVE_ALERT_PERCENT_MAX}`,
  );

export const createPriceAlertBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('above'), asset: cryptoAssetSchema, price: priceSchema }),
  z.strictObject({ kind: z.literal('below'), asset: cryptoAssetSchema, price: priceSchema }),
  z.strictObject({ kind: z.literal('move'), asset: cryptoAssetSchema, percent: percentSchema }),
]);
export type CreatePriceAlertBody = z.infer<typeof createPriceAlertBodySchema>;

export const priceAlertSchema = z.object({
  id: z.uuid(),
  asset: cryptoAssetSchema,
  kind: z.enum(PRICE_ALERT_KINDS),
  /** above / below: the price in US dollars; null for a move alert. */
  price: z.string().nullable(),
  /** move: the percent; null otherwise. */
  percent: z.string().nullable(),
  /** False from a firing until the price has moved back past the threshold by the margin. */
  armed: z.boolean(),
  lastFiredAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const priceAlertsSchema = z.object({ alerts: z.array(priceAlertSchema) });
export type PriceAlerts = z.infer<typeof priceAlertsSchema>;
