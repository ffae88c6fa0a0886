/*
 * Rules of a few contract fields that screens check before sending, without zod: importing a zod schema
 * brings zod's evaluation into the screen's chunk at page load (docs/performance.md, issue 9). The
 * schemas (common.ts, users.ts, passkeys.ts) are built from these same rules; the server checks them.
 */

export const NAME_MAX_LENGTH = 100;
export const PASSKEY_NAME_MAX_LENGTH = 64;
/** The operations the deposit levels limit, each per day and per calendar month (UTC), in US dollars. */
export const LIMITED_OPERATIONS = ['top_up', 'transfer', 'payment', 'withdrawal'] as const;

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
