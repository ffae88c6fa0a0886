import { z } from 'zod';
import { textSchema, timestampSchema } from './common';
import { oneTimeCodeSchema } from './auth';
import { PASSKEY_NAME_MAX_LENGTH } from './fields';

export { PASSKEY_NAME_MAX_LENGTH };

/*
 * Passkeys (WebAuthn) and the "biometric" endpoints (docs/product.md#signing-in-and-sessions). Options travel as the WebAuthn Level 3
 * JSON forms (`PublicKeyCredentialCreationOptionsJSON`, `…RequestOptionsJSON`) that
 * @simplewebauthn/browser hands to the browser; answers from the authenticator travel as
 * `RegistrationResponseJSON` / `AuthenticationResponseJSON`. Objects are loose so a field a newer
 * browser or library adds passes through instead of being stripped.
 */

/** base64url without padding, as WebAuthn's JSON forms use. Bounded so a hostile body stays small. */
const base64UrlSchema = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');

/** A name the customer gives a passkey: 1–64 characters, trimmed, no control characters. */
export const passkeyNameSchema = textSchema(PASSKEY_NAME_MAX_LENGTH).min(1, 'Must not be empty');

const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const credentialDescriptorSchema = z.looseObject({
  id: base64UrlSchema,
  type: z.literal('public-key'),
  transports: z.array(transportSchema).optional(),
});

export const passkeyCreationOptionsSchema = z.looseObject({
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: base64UrlSchema, name: z.string(), displayName: z.string() }),
  challenge: base64UrlSchema,
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .looseObject({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

export const passkeyRequestOptionsSchema = z.looseObject({
  challenge: base64UrlSchema,
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

const clientExtensionResultsSchema = z.record(z.string(), z.unknown());

/** What `startRegistration` resolves to (`RegistrationResponseJSON`). */
export const registrationResponseSchema = z.looseObject({
  id: base64UrlSchema,
  rawId: base64UrlSchema,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64UrlSchema,
    attestationObject: base64UrlSchema,
    authenticatorData: base64UrlSchema.optional(),
    transports: z.array(transportSchema).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: base64UrlSchema.optional(),
  }),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** What `startAuthentication` resolves to (`AuthenticationResponseJSON`). */
export const authenticationResponseSchema = z.looseObject({
  id: base64UrlSchema,
  rawId: base64UrlSchema,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64UrlSchema,
    authenticatorData: base64UrlSchema,
    signature: base64UrlSchema,
    userHandle: base64UrlSchema.optional(),
  }),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/** `GET /validation-code/status`. */
export const validationStatusSchema = z.object({
  biometric: z.object({
    /** True while the customer has at least one passkey. */
    enabled: z.boolean(),
  }),
});
export type ValidationStatus = z.infer<typeof validationStatusSchema>;

/** Where a confirmation code went. */
export const codeChannelSchema = z.enum(['email', 'sms']);
export type CodeChannel = z.infer<typeof codeChannelSchema>;

/**
 * The single-use, short-lived token that ties a request to its confirm (`code_token`), opaque to the
 * client.
 */
const codeTokenSchema = z.string().min(1).max(128);

export const biometricEnableRequestSchema = z.object({
  code_token: z.string(),
  /** Hand to `startRegistration({ optionsJSON })`. */
  options: passkeyCreationOptionsSchema,
  /**
   * Whether confirm needs the 6-digit code besides the passkey: true unless the request was made with
   * a live `passkey.add` step-up grant. The code is sent only when it is needed.
   */
  code_required: z.boolean(),
  /** Where the code went; absent when no code was sent. */
  code_channel: codeChannelSchema.optional(),
});
export type BiometricEnableRequest = z.infer<typeof biometricEnableRequestSchema>;

export const biometricEnableConfirmBodySchema = z.strictObject({
  code_token: codeTokenSchema,
  code: oneTimeCodeSchema.optional(),
  response: registrationResponseSchema.optional(),
  /** What to call the new passkey; defaults to its provider's name (from the AAGUID). */
  name: passkeyNameSchema.optional(),
});
export type BiometricEnableConfirmBody = z.infer<typeof biometricEnableConfirmBodySchema>;

export const biometricDisableRequestSchema = z.object({
  code_token: z.string(),
  code_channel: codeChannelSchema,
});
export type BiometricDisableRequest = z.infer<typeof biometricDisableRequestSchema>;

export const biometricDisableConfirmBodySchema = z.strictObject({
  code_token: codeTokenSchema,
  code: oneTimeCodeSchema,
});
export type BiometricDisableConfirmBody = z.infer<typeof biometricDisableConfirmBodySchema>;

/** One passkey as /profile/security lists it. */
export const passkeySchema = z.object({
  /** The credential id (base64url). */
  id: z.string(),
  name: z.string(),
  /** The authenticator's maker from its AAGUID (`iCloud Keychain`, `Google Password Manager`…), else `Passkey`. */
  provider: z.string(),
  /** Synced between devices (multi-device credential) and currently backed up. */
  backedUp: z.boolean(),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const renamePasskeyBodySchema = z.strictObject({ name: passkeyNameSchema });
export type RenamePasskeyBody = z.infer<typeof renamePasskeyBodySchema>;

/** Answer of `POST /auth/passkey/options`: hand `options` to `startAuthentication`. */
export const passkeySignInOptionsSchema = z.object({ options: passkeyRequestOptionsSchema });
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;

export const passkeySignInBodySchema = z.strictObject({ response: authenticationResponseSchema });
export type PasskeySignInBody = z.infer<typeof passkeySignInBodySchema>;

/**
 * Answer of enable/confirm. A confirm with the code alone (`passkey` null) records that the code was
 * right, so the ceremony can follow; the confirm with `response` adds the passkey.
 */
export const biometricEnableConfirmSchema = z.object({
  biometric: z.object({ enabled: z.boolean() }),
  passkey: passkeySchema.nullable(),
});
export type BiometricEnableConfirm = z.infer<typeof biometricEnableConfirmSchema>;
