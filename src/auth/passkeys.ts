import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { ApiResult } from '../api/client';
import type {
  AuthenticationResponse,
  BiometricEnableConfirm,
  BiometricEnableConfirmBody,
  BiometricEnableRequest,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  RegistrationResponse,
} from '../../contract';
import { asError } from '../../machines/parts/failure';
import { whileShown } from './ceremonyActivity';
import { BIOMETRIC_ERROR_CODES, fromWebAuthnError } from './webauthnErrors';
import { unwrap } from '../app/actors/unwrap';

/*
 * The browser side of passkeys: the ceremonies (through @simplewebauthn/browser) and the enrolment
 * the registration wizard and the security page share. Every failure is thrown as the app's one failure
 * type (`asError`, machines/parts/failure.ts) with a stable `code` (see webauthnErrors.ts).
 */

function requireWebAuthn(): void {
  if (!browserSupportsWebAuthn()) {
    throw asError({ code: BIOMETRIC_ERROR_CODES.unsupported, message: 'WebAuthn is not supported in this browser' });
  }
}

/** Creates a passkey with the server's creation options (`navigator.credentials.create`). */
export async function createPasskeyCredential(options: PasskeyCreationOptions | undefined): Promise<RegistrationResponse> {
  requireWebAuthn();
  if (!options?.challenge) throw asError({ code: BIOMETRIC_ERROR_CODES.noChallenge, message: 'No biometric challenge available' });
  try {
    // The contract's schema describes the same JSON; the library's DOM-derived type is narrower only in name.
    const response = await whileShown(() =>
      startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
    );
    return response as RegistrationResponse;
  } catch (error) {
    throw fromWebAuthnError(error, 'registration');
  }
}

/**
 * Asks for a passkey assertion. `conditional`: the browser offers the passkeys in the e-mail field's
 * autofill (no sheet; resolves only when the customer picks one). Starting any ceremony cancels a
 * pending conditional one (WebAuthnAbortService), so the modal button always wins.
 */
export async function getPasskeyAssertion(
  options: PasskeyRequestOptions | undefined,
  { conditional = false }: { conditional?: boolean } = {},
): Promise<AuthenticationResponse> {
  requireWebAuthn();
  if (!options?.challenge) throw asError({ code: BIOMETRIC_ERROR_CODES.noChallenge, message: 'No biometric challenge available' });
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  try {
    const response = conditional
      ? await startAuthentication({ optionsJSON, useBrowserAutofill: true })
      : await whileShown(() => startAuthentication({ optionsJSON }));
    return response as AuthenticationResponse;
  } catch (error) {
    throw fromWebAuthnError(error, 'authentication');
  }
}

/** Whether the browser can offer passkeys in autofill (conditional mediation). */
export function supportsPasskeyAutofill(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill();
}

/** Ends a pending conditional request (e.g. when the sign-in page closes). */
export function cancelPasskeyCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}

/** The API calls an enrolment needs (a subset of `Api`, so tests can pass fakes). */
export interface EnrolApi {
  requestBiometricEnable: () => Promise<ApiResult<BiometricEnableRequest>>;
  confirmBiometricEnable: (body: BiometricEnableConfirmBody) => Promise<ApiResult<BiometricEnableConfirm>>;
}

/** Starts an enrolment: the code token and creation options (and, when required, the code is sent). */
export async function requestPasskeyEnrolment(api: Pick<EnrolApi, 'requestBiometricEnable'>): Promise<BiometricEnableRequest> {
  const result = await api.requestBiometricEnable();
  if (!result.ok) {
    // The old wording when no token came back (docs/product.md#signing-in-and-sessions); the server's message wins when it sent one.
    if (result.error.code === 'rate_limited' || result.error.code === 'network_error') throw asError(result.error);
    throw asError({ code: BIOMETRIC_ERROR_CODES.noCodeToken, message: result.error.message || 'No code token available' });
  }
  if (!result.data.code_token) throw asError({ code: BIOMETRIC_ERROR_CODES.noCodeToken, message: 'No code token available' });
  return result.data;
}

/** Sends a confirm; an API failure is thrown with the server's code. */
export function confirmPasskeyEnrolment(
  api: Pick<EnrolApi, 'confirmBiometricEnable'>,
  body: BiometricEnableConfirmBody,
): Promise<BiometricEnableConfirm> {
  return unwrap(api.confirmBiometricEnable(body));
}

export interface EnrolOptions {
  /** The 6-digit code, when the customer already has one for this enrolment's rule. */
  code?: string;
  /** The passkey's name; the server defaults to the provider's name. */
  name?: string;
}

/**
 * The whole enrolment in one call, after a `passkey.add` step-up (the registration's passkey step),
 * when the passkey alone is enough: request → ceremony → confirm with `response`. Throws a failure:
 * `code_required` when the server asks for the e-mailed/SMS code first (use the
 * biometric flow, which has a code step), a WebAuthn app code when the ceremony fails, or the API's code.
 */
export async function enrolPasskey(api: EnrolApi, { code, name }: EnrolOptions = {}): Promise<BiometricEnableConfirm> {
  const request = await requestPasskeyEnrolment(api);
  if (request.code_required && !code) throw asError({ code: 'code_required', message: 'This passkey needs the confirmation code as well' });
  const response = await createPasskeyCredential(request.options);
  return confirmPasskeyEnrolment(api, {
    code_token: request.code_token,
    response,
    ...(code ? { code } : {}),
    ...(name ? { name } : {}),
  });
}
