import type { TFunction } from 'i18next';
import type { Failure } from '../../../machines/failure';

/** Failures any form of the sign-up and reset flows may meet, besides its own. */
const GENERAL = new Set(['network_error', 'rate_limited']);

/**
 * The translated sentence for a failure: the form's own message when it has one for the code
 * (`<scope>.<code>`), else a general one (connection, rate limit with its seconds), else "try again".
 */
export function failureText(t: TFunction, scope: string, own: ReadonlySet<string>, failure: Failure): string {
  if (own.has(failure.code)) return t(`${scope}.${failure.code}`);
  if (GENERAL.has(failure.code)) return t(`register.failure.${failure.code}`, { count: failure.retryAfterSeconds ?? 60 });
  return t('register.failure.unknown');
}

/** The code-step failures both flows explain the same way. */
export const CODE_FAILURES: ReadonlySet<string> = new Set(['code_invalid', 'code_expired', 'code_attempts_exceeded', 'code_malformed']);
