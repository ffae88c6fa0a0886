import { z } from 'zod';
import { AMOUNT_PATTERN, DECIMAL_PATTERN, SIGNED_DECIMAL_PATTERN, isPositive } from './decimal';
import { NO_CONTROL_CHARACTERS, NO_INVISIBLE_CHARACTERS } from './fields';
import { LOCALES } from './locales';

/** One of the eight interface languages (contract/locales.ts). */
export const localeSchema = z.enum(LOCALES);

/** Answer of a command that has nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

/** The body of a command that takes none: `{}` or no body at all; any field is refused. */
export const emptyBodySchema = z.strictObject({});

/** Instants travel as ISO 8601 UTC strings (`2026-01-31T12:00:00.000Z`). */
export const timestampSchema = z.iso.datetime();

/**
 * The days a request may name: the years 2000–2999. The ledger holds nothing earlier, and the edges of
 * ISO's four-digit years (year 0000, the day after 9999-12-31) are beyond what the database and `Date`
 * can write, so a day outside is refused with 422 rather than failing deep inside. A filter's instants
 * may reach a little further (1970–3000), so a day at either end still converts from any time zone.
 */
export const EARLIEST_DAY = '2000-01-01';
export const LATEST_DAY = '2999-12-31';
/** Whether a calendar day (`YYYY-MM-DD`, ASCII digits) lies in the years requests may name. */
export const isDayInRange = (day: string): boolean => day >= EARLIEST_DAY && day <= LATEST_DAY;
/** A calendar day in a request. */
export const requestDaySchema = z.iso.date().regex(/^2\d{3}-/, `Must be from ${EARLIEST_DAY} to ${LATEST_DAY}`);
/** An instant in a request (a filter's bound). */
export const requestTimestampSchema = timestampSchema.regex(/^(?:19[7-9]\d|2\d{3}|3000)-/, 'Must be in the years 1970–3000');

/** Money and thresholds travel as decimal strings, never binary floats. */
export const decimalSchema = z.string().regex(DECIMAL_PATTERN, 'Expected a non-negative decimal string');

/** A decimal string that may be negative: ledger amounts (`-12.50` left the account), changes. */
export const signedDecimalSchema = z.string().regex(SIGNED_DECIMAL_PATTERN, 'Expected a decimal string');

/**
 * A positive amount as typed, which the database keeps as written (contract/decimal.ts); the server
 * also refuses more decimals than the asset keeps. The messages name what the field holds.
 */
export /* @__NO_SIDE_EFFECTS__ */ function positiveAmountSchemaOf(messages: { format: string; positive: string }) {
  return z.string().max(39).regex(AMOUNT_PATTERN, messages.format).refine(isPositive, messages.positive);
}

/** Free text typed by a person (names): trimmed, without control or invisible characters (contract/fields.ts). */
export /* @__NO_SIDE_EFFECTS__ */ function textSchema(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength)
    .regex(NO_CONTROL_CHARACTERS, 'Must not contain control characters')
    .regex(NO_INVISIBLE_CHARACTERS, 'Must not contain invisible or direction-changing characters');
}
