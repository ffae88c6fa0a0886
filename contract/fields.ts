/*
 * Rules of a few contract fields that screens check before sending, without zod: importing a zod schema
 * brings zod's evaluation into the screen's chunk at page load (docs/performance.md, issue 9). The
 * schemas (common.ts, users.ts, passkeys.ts) are built from these same rules; the server checks them.
 */

export const NAME_MAX_LENGTH = 100;
export const PASSKEY_NAME_MAX_LENGTH = 64;
/** The operations the deposit levels limit, each per day and per calendar month (UTC), in US dollars. */
export const LIMITED_OPERATIONS = ['top_up', 'transfer', 'payment', 'withdrawal', 'receive'] as const;

/** Free text typed by a person has no control characters (they break logs and e-mails). */
export const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
/**
 * …and nothing invisible: no format characters (bidirectional overrides such as U+202E, which make a
 * name read backwards in a notice, zero-width spaces and joiners), line separators or Hangul fillers
 * (blank-looking letters).
 */
export const NO_INVISIBLE_CHARACTERS = /^[^\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]*$/u;

/**
 * A person's name: letters and marks of any script (`Nguyễn`, `محمد`, `สมชาย`, `王`), with spaces,
 * apostrophes and hyphens between them (`O’Brien-Smith`, `Mary Ann`). No digits, emoji, punctuation or
 * markup: a name is printed in notices, e-mails and statements, and shown to reviewers.
 */
export const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '’\-‐]+[\p{L}\p{M}]+)*$/u;

/**
 * Why `textSchema(maxLength).min(1)` refuses a value, or null when it accepts it: the same checks in the
 * same terms (trimmed, then its length in code points, as zod counts it, then the characters).
 */
export function requiredTextProblem(value: string, maxLength: number): 'required' | 'tooLong' | 'invalid' | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  if ([...trimmed].length > maxLength) return 'tooLong';
  return NO_CONTROL_CHARACTERS.test(trimmed) && NO_INVISIBLE_CHARACTERS.test(trimmed) ? null : 'invalid';
}

/** Why a name field (`personNameSchema`) refuses a value, or null: the text rule, then `PERSON_NAME`. */
export function personNameProblem(value: string): 'required' | 'tooLong' | 'invalid' | null {
  return requiredTextProblem(value, NAME_MAX_LENGTH) ?? (PERSON_NAME.test(value.trim()) ? null : 'invalid');
}

/** Identity checks are for adults; a birth date further back than this is a typing slip, not a person. */
export const ADULT_AGE = 18;
export const OLDEST_AGE = 120;
/** A calendar date as the API writes it (`1990-04-30`). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is an ISO date that exists in the calendar (no 30 February). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Why a date of birth is refused on `today`, or null: an adult (18 on their birthday, in UTC, as the
 * server decides) and at most 120 years old. Date strings compare as dates, so no time zone slips in.
 */
export function dateOfBirthProblem(value: string, today: Date): 'required' | 'invalid' | 'tooYoung' | 'tooOld' | null {
  if (value.trim() === '') return 'required';
  if (!isCalendarDate(value)) return 'invalid';
  const year = Number(value.slice(0, 4));
  const todayText = today.toISOString().slice(0, 10);
  const atAge = (age: number) => `${String(year + age).padStart(4, '0')}${value.slice(4)}`;
  if (atAge(ADULT_AGE) > todayText) return 'tooYoung';
  return atAge(OLDEST_AGE) <= todayText ? 'tooOld' : null;
}

/**
 * The name is the one the identity check verified while it is under review and once approved, so it
 * cannot change then — unless it is empty (customers checked before KYC asked for the legal name): an
 * empty name locked would leave them nameless for good.
 */
export function isNameLocked(kycStatus: string, firstName: string | null, lastName: string | null): boolean {
  return (kycStatus === 'pending' || kycStatus === 'approved') && Boolean(firstName?.trim()) && Boolean(lastName?.trim());
}
