import type { TFunction } from 'i18next';
import { CUSTOMER_RULES } from '../../../contract/customerRules';
import type { Failure, FieldErrorCode } from '../../../machines/failure';
import { BIOMETRIC_ERROR_CODES, PASSKEY_APP_ERROR_CODES, WEBAUTHN_ERROR_CODES, type BiometricErrorCode } from '../../auth/webauthnErrors';

/**
 * Failures any form may meet, besides its own: the connection, a rate limit, a busy server, and a rule of the customer
 * the server enforces (a verified e-mail, a confirmed phone, an approved identity check).
 */
const GENERAL = new Set(['network_error', 'rate_limited', 'temporarily_unavailable', ...Object.values(CUSTOMER_RULES)]);

/**
 * The translated sentence for a failure: the form's own message when it has one for the code
 * (`<scope>.<code>`), else a general one (connection, rate limit with its seconds), else `unknown` ("try again").
 */
export function failureText(t: TFunction, scope: string, own: ReadonlySet<string>, failure: Failure, unknown = 'failure.unknown'): string {
  if (own.has(failure.code)) return t(`${scope}.${failure.code}`);
  if (GENERAL.has(failure.code)) return t(`failure.${failure.code}`, { count: failure.retryAfterSeconds ?? 60 });
  return t(unknown);
}

/** A failure no form explains in its own words: connection, rate limit with its seconds, else "try again". */
export function generalFailureText(t: TFunction, failure: Failure): string {
  return failureText(t, 'failure', new Set(), failure);
}

/**
 * The one reader of field errors (the vocabulary of machines/failure.ts), for every form: the sentence
 * for a field's error code, or null when the field has none.
 */
export function fieldErrorText(t: TFunction, field: string, code: FieldErrorCode | undefined): string | null {
  return code ? t(`fieldErrors.${field}.${code}`) : null;
}

/** The code-step failures both flows explain the same way. */
export const CODE_FAILURES: ReadonlySet<string> = new Set(['code_invalid', 'code_expired', 'code_attempts_exceeded', 'code_malformed']);

/** API codes a passkey screen explains in its own words; any other falls back to the step's message. */
const PASSKEY_API_CODES: ReadonlySet<string> = new Set([
  'code_invalid',
  'code_expired',
  'code_attempts_exceeded',
  'code_required',
  'code_token_invalid',
  'passkey_verification_failed',
  'passkey_challenge_invalid',
  'passkey_unknown',
  'passkey_already_registered',
  'passkey_not_found',
  'network_error',
  'rate_limited',
]);

/** What a screen shows for a passkey failure: a translated message, and the browser's own words when it gave some. */
export interface PasskeyFailureWords {
  message: string;
  /** `NotAllowedError` passes its own message through (platforms put the real reason there). */
  detail?: string;
}

/** Minimal translate function, so tests need not build i18next. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The translated message for a passkey failure: the code's own message when there is one, else
 * `fallback` (the step's seed message). `no_code_token` shows the server's message when it sent one.
 */
export function describePasskeyFailure(t: Translate, failure: Failure, fallback: BiometricErrorCode): PasskeyFailureWords {
  if (failure.code === BIOMETRIC_ERROR_CODES.noCodeToken && failure.message) return { message: failure.message };
  if (failure.code === WEBAUTHN_ERROR_CODES.ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY) {
    // The step did not complete; the browser's reason (untranslated) follows as a detail.
    return { message: t(`biometric.errors.${fallback}`), ...(failure.message ? { detail: failure.message } : {}) };
  }
  const known = (PASSKEY_APP_ERROR_CODES as readonly string[]).includes(failure.code) || PASSKEY_API_CODES.has(failure.code);
  return { message: t(`biometric.errors.${known ? failure.code : fallback}`) };
}
