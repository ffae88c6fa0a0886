import type { Failure, FieldErrorCode } from '../../machines/parts/failure';

/** The part of i18next's `t` these helpers use (a key, or keys tried in turn), so tests need not build i18next. */
export type Translate = (key: string | string[], options?: Record<string, unknown>) => string;

/**
 * The one way a failure becomes a sentence: the scope's own words for its code (`<scope>.<code>`), else
 * the words any screen uses for it (`errors.<code>`: the connection, a rate limit with its seconds, a
 * rule of the customer the server enforces…), else the scope's "try again" (`<scope>.unknown`, or
 * `unknown` when the step has its own), else `errors.unknown`. So no screen lists the codes it knows:
 * its locale section does. `values` fill the sentences' placeholders (a provider's name…).
 */
export function failureText(
  t: Translate,
  scope: string,
  failure: Failure,
  { unknown = `${scope}.unknown`, ...values }: { unknown?: string } & Record<string, unknown> = {},
): string {
  const { code, retryAfterSeconds } = failure;
  return t([`${scope}.${code}`, `errors.${code}`, unknown, 'errors.unknown'], { count: retryAfterSeconds ?? 60, ...values });
}

/**
 * The one reader of field errors (the vocabulary of machines/parts/failure.ts), for every form: the sentence
 * for a field's error code, or null when the field has none.
 */
export function fieldErrorText(t: Translate, field: string, code: FieldErrorCode | undefined): string | null {
  return code ? t(`fieldErrors.${field}.${code}`) : null;
}
