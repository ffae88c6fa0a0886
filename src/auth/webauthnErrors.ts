import { WebAuthnError, type WebAuthnErrorCode } from '@simplewebauthn/browser';
import type { ApiError } from '../api/client';

/**
 * Stable app error codes of passkey flows. Screens translate them under `biometric.errors.<code>`;
 * API error codes (`code_invalid`, `passkey_verification_failed`…) travel as they are.
 */
export const WEBAUTHN_ERROR_CODES = {
  ERROR_CEREMONY_ABORTED: 'webauthn_aborted',
  ERROR_INVALID_DOMAIN: 'webauthn_invalid_domain',
  ERROR_INVALID_RP_ID: 'webauthn_invalid_rp_id',
  ERROR_INVALID_USER_ID_LENGTH: 'webauthn_invalid_user_id_length',
  ERROR_MALFORMED_PUBKEYCREDPARAMS: 'webauthn_malformed_pubkey_params',
  ERROR_AUTHENTICATOR_GENERAL_ERROR: 'webauthn_authenticator_error',
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: 'webauthn_discoverable_unsupported',
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: 'webauthn_user_verification_unsupported',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'webauthn_already_registered',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'webauthn_no_supported_algorithm',
  ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE: 'webauthn_user_verification_failed',
  ERROR_SIGNAL_INVALID_ARGUMENT: 'webauthn_signal_invalid_argument',
  // NotAllowedError: browsers overload it (cancelled, timed out, not allowed); its message is shown as is.
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: 'webauthn_not_allowed',
} as const satisfies Record<WebAuthnErrorCode, string>;

/** The seed's own failures, with their English messages (the `biometric.errors.*` translations). */
export const BIOMETRIC_ERROR_CODES = {
  noCodeToken: 'no_code_token',
  noChallenge: 'no_biometric_challenge',
  unsupported: 'webauthn_unsupported',
  registrationNotCompleted: 'registration_not_completed',
  authenticationNotCompleted: 'authentication_not_completed',
  disableRequestFailed: 'biometric_disable_request_failed',
  disableConfirmFailed: 'biometric_disable_confirm_failed',
} as const;

export type WebAuthnAppErrorCode = (typeof WEBAUTHN_ERROR_CODES)[WebAuthnErrorCode];
export type BiometricErrorCode = (typeof BIOMETRIC_ERROR_CODES)[keyof typeof BIOMETRIC_ERROR_CODES];

/** Every app code a passkey helper throws on its own; screens translate exactly these. */
export const PASSKEY_APP_ERROR_CODES: readonly (WebAuthnAppErrorCode | BiometricErrorCode)[] = [
  ...Object.values(WEBAUTHN_ERROR_CODES),
  ...Object.values(BIOMETRIC_ERROR_CODES),
];

/**
 * A failure of a passkey step. `code` is stable (an app code above or an API error code); `message`
 * is English for logs, or the browser's own words for `webauthn_not_allowed`.
 */
export class PasskeyError extends Error {
  readonly code: string;
  /** Seconds to wait when the server rate-limited the step. */
  readonly retryAfterSeconds?: number;

  constructor(code: string, message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, { cause: options.cause });
    this.name = 'PasskeyError';
    this.code = code;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** What a ceremony was: decides the fallback code when the browser's error is not identified. */
export type Ceremony = 'registration' | 'authentication';

/** Maps what `startRegistration` / `startAuthentication` threw to a PasskeyError with a stable code. */
export function fromWebAuthnError(error: unknown, ceremony: Ceremony): PasskeyError {
  if (error instanceof PasskeyError) return error;
  if (error instanceof WebAuthnError) {
    return new PasskeyError(WEBAUTHN_ERROR_CODES[error.code], error.message, { cause: error });
  }
  const fallback =
    ceremony === 'registration' ? BIOMETRIC_ERROR_CODES.registrationNotCompleted : BIOMETRIC_ERROR_CODES.authenticationNotCompleted;
  const message = ceremony === 'registration' ? 'Registration was not completed' : 'Authentication was not completed';
  return new PasskeyError(fallback, message, { cause: error });
}

/** An API failure as a PasskeyError, keeping the server's code and message. */
export function fromApiError(error: ApiError): PasskeyError {
  return new PasskeyError(
    error.code,
    error.message,
    error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds },
  );
}

/** Minimal translate function, so this module does not depend on i18next's types. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** API codes a passkey screen explains in its own words; any other falls back to the step's message. */
const API_CODES_SHOWN = [
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
] as const;

/** What a screen shows for a failure: a translated message, and the browser's own words when it gave some. */
export interface PasskeyFailureText {
  message: string;
  /** `NotAllowedError` passes its own message through (platforms put the real reason there). */
  detail?: string;
}

/**
 * The translated message for a passkey failure: the code's own message when there is one, else
 * `fallback` (the step's seed message). `no_code_token` shows the server's message when it sent one.
 */
export function describePasskeyFailure(
  t: Translate,
  failure: { code: string; message?: string },
  fallback: BiometricErrorCode,
): PasskeyFailureText {
  if (failure.code === BIOMETRIC_ERROR_CODES.noCodeToken && failure.message) return { message: failure.message };
  const known =
    (PASSKEY_APP_ERROR_CODES as readonly string[]).includes(failure.code) || (API_CODES_SHOWN as readonly string[]).includes(failure.code);
  if (failure.code === WEBAUTHN_ERROR_CODES.ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY) {
    // The step did not complete; the browser's reason (untranslated) follows as a detail.
    return { message: t(`biometric.errors.${fallback}`), ...(failure.message ? { detail: failure.message } : {}) };
  }
  return { message: t(`biometric.errors.${known ? failure.code : fallback}`) };
}
