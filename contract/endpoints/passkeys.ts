import { endpoint } from './define';
import { signedInSchema } from '../auth';
import { emptyBodySchema } from '../common';
import {
  biometricDisableConfirmBodySchema,
  biometricDisableRequestSchema,
  biometricEnableConfirmBodySchema,
  biometricEnableConfirmSchema,
  biometricEnableRequestSchema,
  passkeyListSchema,
  passkeySchema,
  passkeySignInBodySchema,
  passkeySignInOptionsSchema,
  renamePasskeyBodySchema,
  validationStatusSchema,
} from '../passkeys';

/** Passkeys: adding, listing, removing, and signing in with them. */
export const passkeysEndpoints = {
  getValidationStatus: endpoint('GET', '/validation-code/status', undefined, validationStatusSchema, {
    summary: 'Which confirmation factors the customer has: `biometric.enabled` is true while at least one passkey is registered.',
    auth: 'bearer',
  }),
  requestBiometricEnable: endpoint('POST', '/validation-code/biometric/enable/request', emptyBodySchema, biometricEnableRequestSchema, {
    summary:
      "Start adding a passkey: a single-use `code_token` (10 minutes) and the creation options (discoverable credential, user verification required, no attestation, the customer's passkeys excluded). Adding a passkey is a step-up action: with a live `passkey.add` grant of this session `code_required` is false; without one, a 6-digit code for it goes to the confirmed phone by SMS, else to the e-mail address, and `code_required` is true. A recent sign-in does not count.",
    auth: 'bearer',
    errors: ['rate_limited', 'email_unverified'],
  }),
  confirmBiometricEnable: endpoint(
    'POST',
    '/validation-code/biometric/enable/confirm',
    biometricEnableConfirmBodySchema,
    biometricEnableConfirmSchema,
    {
      summary:
        'Finish adding a passkey. The passkey `response` alone is enough only when the request was made with a live `passkey.add` step-up grant (spent here); otherwise the code is required too. The code may come first on its own (the answer then has `passkey: null` and the token stays valid for the `response`), or together with the `response`. The token is spent when the passkey is added.',
      auth: 'bearer',
      errors: [
        'code_token_invalid',
        'code_required',
        'code_invalid',
        'code_expired',
        'code_attempts_exceeded',
        'passkey_verification_failed',
        'passkey_already_registered',
        'email_unverified',
      ],
    },
  ),
  requestBiometricDisableAll: endpoint(
    'POST',
    '/validation-code/biometric/disable-all/request',
    emptyBodySchema,
    biometricDisableRequestSchema,
    {
      summary:
        'Start removing every passkey: a single-use `code_token` (10 minutes); a 6-digit code goes to the confirmed phone by SMS, else to the e-mail address.',
      auth: 'bearer',
      errors: ['rate_limited'],
    },
  ),
  confirmBiometricDisableAll: endpoint(
    'POST',
    '/validation-code/biometric/disable-all/confirm',
    biometricDisableConfirmBodySchema,
    validationStatusSchema,
    {
      summary: 'Remove every passkey with the code; answers the status (`biometric.enabled` false). The token is single use.',
      auth: 'bearer',
      errors: ['code_token_invalid', 'code_invalid', 'code_expired', 'code_attempts_exceeded'],
    },
  ),
  listPasskeys: endpoint('GET', '/passkeys', undefined, passkeyListSchema, {
    summary: "The customer's passkeys, newest first: name, provider (from the AAGUID), created, last used.",
    auth: 'bearer',
  }),
  renamePasskey: endpoint('PATCH', '/passkeys/:id', renamePasskeyBodySchema, passkeySchema, {
    summary: "Rename one of the customer's passkeys.",
    auth: 'bearer',
    errors: ['passkey_not_found'],
  }),
  removePasskey: endpoint('DELETE', '/passkeys/:id', undefined, validationStatusSchema, {
    summary:
      "Remove one of the customer's passkeys (spends a `passkey.remove` step-up; an unknown id leaves it unspent); answers the status (`biometric.enabled` false after the last one).",
    auth: 'bearer',
    errors: ['step_up_required', 'passkey_not_found'],
  }),
  passkeySignInOptions: endpoint('POST', '/auth/passkey/options', emptyBodySchema, passkeySignInOptionsSchema, {
    summary:
      'Options for signing in with a passkey: a discoverable-credential request (no allowCredentials, user verification required) with a single-use challenge valid 5 minutes.',
    auth: 'none',
    errors: ['rate_limited'],
  }),
  passkeySignIn: endpoint('POST', '/auth/passkey/verify', passkeySignInBodySchema, signedInSchema, {
    summary:
      'Sign in with the passkey answer; sets the same session cookies as /auth/login. A passkey with user verification is two factors, so no phone code follows.',
    auth: 'none',
    errors: ['passkey_challenge_invalid', 'passkey_unknown', 'passkey_verification_failed', 'rate_limited'],
  }),
};
