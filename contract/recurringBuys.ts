import { z } from 'zod';
import { cryptoAssetSchema, fiatAssetSchema } from './assets';
import { amountSchema } from './cards';
import { timestampSchema } from './common';

/**
 * Recurring buys: a fixed fiat amount of one of the customer's fiat accounts buys a crypto asset daily,
 * weekly or monthly. Authorised once by a `recurring_buy` step-up when it is set up; each run is a
 * normal quote and transfer with its own Idempotency-Key, on the run's day in the customer's time zone
 * (a monthly plan on the 29th–31st runs on the last day of shorter months). A run the balance cannot
 * cover is skipped with a notice; a paused plan skips nothing and runs again once resumed.
 */

export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

/** At most this many plans per customer (cancelled ones not counted). */
export const RECURRING_BUYS_MAX = 10;
/** The runs of a plan that its answer lists, newest first. */
export const RECURRING_RUNS_SHOWN = 12;

/** An IANA time zone the server's Intl knows (`Europe/Berlin`). */
export const timeZoneSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'Expected an IANA time zone')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

const plan = {
  fromAccountId: z.uuid(),
  toAccountId: z.uuid(),
  /** In the fiat account's currency. */
  amount: amountSchema,
  timeZone: timeZoneSchema,
};
export const createRecurringBuyBodySchema = z.discriminatedUnion('frequency', [
  z.strictObject({ ...plan, frequency: z.literal('daily') }),
  /** ISO weekday: 1 Monday … 7 Sunday. */
  z.strictObject({ ...plan, frequency: z.literal('weekly'), dayOfWeek: z.number().int().min(1).max(7) }),
  /** 29–31 run on the last day of shorter months. */
  z.strictObject({ ...plan, frequency: z.literal('monthly'), dayOfMonth: z.number().int().min(1).max(31) }),
]);
export type CreateRecurringBuyBody = z.infer<typeof createRecurringBuyBodySchema>;

export const RECURRING_RUN_STATUSES = ['bought', 'skipped'] as const;
export const recurringRunSchema = z.object({
  /** The run's day in the plan's time zone (`2026-03-31`). */
  period: z.iso.date(),
  status: z.enum(RECURRING_RUN_STATUSES),
  /** skipped: why (`insufficient_funds`, `limit_exceeded`, `rate_stale`, …). */
  reason: z.string().nullable(),
  /** bought: the exchange's ledger transaction (its activities show in both accounts). */
  transactionId: z.uuid().nullable(),
  at: timestampSchema,
});
export type RecurringRun = z.infer<typeof recurringRunSchema>;

export const recurringBuySchema = z.object({
  id: z.uuid(),
  fromAccountId: z.uuid(),
  toAccountId: z.uuid(),
  fromAsset: fiatAssetSchema,
  toAsset: cryptoAssetSchema,
  amount: z.string(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  dayOfWeek: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  timeZone: z.string(),
  status: z.enum(['active', 'paused', 'cancelled']),
  /** The next day it runs (in its time zone), null when paused or cancelled. */
  nextRun: z.iso.date().nullable(),
  runs: z.array(recurringRunSchema),
  createdAt: timestampSchema,
});
export type RecurringBuy = z.infer<typeof recurringBuySchema>;

export const recurringBuysSchema = z.object({ plans: z.array(recurringBuySchema) });
export type RecurringBuys = z.infer<typeof recurringBuysSchema>;
