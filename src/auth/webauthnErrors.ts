import { WebAuthnError, type WebAuthnErrorCode } from '@simplewebauthn/browser';
import { asError, type Failure } from '../../machines/parts/failure';

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

/** What a ceremony was: decides the fallback code when the browser's error is not identified. */
export type Ceremony = 'registration' | 'authentication';

/** Maps what `startRegistration` / `startAuthentication` threw to the app's failure, with a stable code. */
export function fromWebAuthnError(error: unknown, ceremony: Ceremony): Error & Failure {
  if (error instanceof WebAuthnError) return asError({ code: WEBAUTHN_ERROR_CODES[error.code], message: error.message }, error);
  const fallback =
    ceremony === 'registration' ? BIOMETRIC_ERROR_CODES.registrationNotCompleted : BIOMETRIC_ERROR_CODES.authenticationNotCompleted;
  const message = ceremony === 'registration' ? 'Registration was not completed' : 'Authentication was not completed';
  return asError({ code: fallback, message }, error);
}
