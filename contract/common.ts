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
