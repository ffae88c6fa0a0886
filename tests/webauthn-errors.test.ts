import { WebAuthnError, type WebAuthnErrorCode } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { asError, toFailure } from '../machines/parts/failure';
import { BIOMETRIC_ERROR_CODES, fromWebAuthnError, PASSKEY_APP_ERROR_CODES, WEBAUTHN_ERROR_CODES } from '../src/auth/webauthnErrors';
import { describePasskeyFailure } from '../src/screens/shared/PasskeyFailureText';
import { lookUpIn } from './translate';

const messages = en.biometric.errors as Record<string, string>;
const t = lookUpIn(en);

// Every code the library declares (webAuthnError.d.ts); a new one fails the `satisfies` in the mapping.
const LIBRARY_CODES: WebAuthnErrorCode[] = [
  'ERROR_CEREMONY_ABORTED',
  'ERROR_INVALID_DOMAIN',
  'ERROR_INVALID_RP_ID',
  'ERROR_INVALID_USER_ID_LENGTH',
  'ERROR_MALFORMED_PUBKEYCREDPARAMS',
  'ERROR_AUTHENTICATOR_GENERAL_ERROR',
  'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT',
  'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT',
  'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
  'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG',
  'ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE',
  'ERROR_SIGNAL_INVALID_ARGUMENT',
  'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
];

describe('WebAuthn error mapping', () => {
  it('covers every library code with a distinct stable app code', () => {
    expect(Object.keys(WEBAUTHN_ERROR_CODES).sort()).toEqual([...LIBRARY_CODES].sort());
    const appCodes = Object.values(WEBAUTHN_ERROR_CODES);
    expect(new Set(appCodes).size).toBe(appCodes.length);
  });

  it.each(LIBRARY_CODES)('%s → its app code and a translated message', (code) => {
    const error = new WebAuthnError({ code, message: `library says ${code}`, cause: new Error('cause') });
    const mapped = fromWebAuthnError(error, 'authentication');
    expect(mapped).toBeInstanceOf(Error);
    expect(toFailure(mapped).code).toBe(WEBAUTHN_ERROR_CODES[code]);
    const text = describePasskeyFailure(t, toFailure(mapped), BIOMETRIC_ERROR_CODES.authenticationNotCompleted);
    expect(text.message).toBe(
      code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' ? 'Authentication was not completed' : messages[WEBAUTHN_ERROR_CODES[code]],
    );
  });

  it('passes NotAllowedError’s own message through', () => {
    const cause = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
    const error = new WebAuthnError({ code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', message: cause.message, cause });
    const text = describePasskeyFailure(
      t,
      toFailure(fromWebAuthnError(error, 'registration')),
      BIOMETRIC_ERROR_CODES.registrationNotCompleted,
    );
    expect(text).toEqual({ message: 'Registration was not completed', detail: 'The operation either timed out or was not allowed.' });
  });

  it('an unidentified browser error is “not completed” for its ceremony', () => {
    expect(fromWebAuthnError(new Error('weird'), 'registration').code).toBe('registration_not_completed');
    expect(fromWebAuthnError(new Error('weird'), 'authentication').code).toBe('authentication_not_completed');
  });

  it('has the seed’s English messages exactly, and a message for every app code', () => {
    expect(Object.fromEntries(Object.values(BIOMETRIC_ERROR_CODES).map((code) => [code, messages[code]]))).toEqual({
      no_code_token: 'No code token available',
      no_biometric_challenge: 'No biometric challenge available',
      webauthn_unsupported: 'WebAuthn is not supported in this browser',
      registration_not_completed: 'Registration was not completed',
      authentication_not_completed: 'Authentication was not completed',
      biometric_disable_request_failed: 'Failed to request biometric disable',
      biometric_disable_confirm_failed: 'Failed to confirm biometric disable',
    });
    for (const code of PASSKEY_APP_ERROR_CODES) expect(messages[code], code).toEqual(expect.any(String));
  });

  it('uses the server’s message for a missing code token, and the step’s message for unknown API codes', () => {
    expect(describePasskeyFailure(t, { code: 'no_code_token', message: 'Too many requests' }, 'registration_not_completed')).toEqual({
      message: 'Too many requests',
    });
    expect(describePasskeyFailure(t, { code: 'no_code_token' }, 'registration_not_completed').message).toBe('No code token available');
    const api = toFailure(asError({ code: 'internal_error', message: 'boom' }));
    expect(describePasskeyFailure(t, api, 'biometric_disable_confirm_failed').message).toBe('Failed to confirm biometric disable');
    expect(describePasskeyFailure(t, { code: 'code_invalid' }, 'biometric_disable_confirm_failed').message).toBe(messages.code_invalid);
  });
});
