import { z } from 'zod';
import { localeSchema, textSchema, timestampSchema } from './common';
import { countryCodeSchema } from './countries';
import { kycStatusSchema, roleSchema } from './users';
import { HAS_DIGIT, HAS_LETTER, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password';

// The password rule lives in ./password (no zod), which the app's first load needs.
export * from './password';

export const EMAIL_MAX_LENGTH = 254;
export const REF_CODE_MAX_LENGTH = 64;

/** Compared and stored trimmed and lower-cased, so `Ann@X.com ` and `ann@x.com` are one account. */
export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email('Must be an e-mail address'));

/** The password rule (./password) as a schema, for bodies. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(HAS_LETTER, 'Must contain a letter')
  .regex(HAS_DIGIT, 'Must contain a digit');

/** The 6-digit one-time code sent by e-mail (or SMS). */
export const oneTimeCodeSchema = z
  .string()
  .length(6, 'Must be 6 digits')
  .regex(/^\d{6}$/, 'Must be 6 digits');

export const registerBodySchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  country: countryCodeSchema,
  acceptTerms: z.literal(true, 'The terms must be accepted'),
  /** The `ref_code` the app kept from an invitation link. */
  refCode: textSchema(REF_CODE_MAX_LENGTH).min(1).optional(),
  /** The interface language at sign-up; it becomes the saved language (default `en`). */
  language: localeSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  // Not the password rule: an account keeps working if the rule is tightened later.
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const verifyEmailBodySchema = z.strictObject({ code: oneTimeCodeSchema });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  email: emailSchema,
  code: oneTimeCodeSchema,
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * What an answer says of a session. The server sets the cookies (see docs/api.md, "Tokens and
 * cookies"): `auth_token` holds the access token given here too, the refresh token is only ever in its
 * HttpOnly cookie, never in a body.
 */
export const sessionTokensSchema = z.object({
  accessToken: z.string(),
  accessTokenExpiresAt: timestampSchema,
  /** The session's absolute end: no refresh goes past it. */
  sessionExpiresAt: timestampSchema,
  /** Seconds without customer activity after which the session answers 401 `session_idle`. */
  idleTimeoutSeconds: z.int().positive(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

/** The current customer, as `GET /users/me` answers it. */
export const meSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  /** False until `POST /auth/verify-email` succeeds; the app then routes to verification. */
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  country: countryCodeSchema,
  language: localeSchema,
  /** The invitation `ref_code` the account was opened with, if any. */
  refCode: z.string().nullable(),
  createdAt: timestampSchema,
  /**
   * The customer's own phone in E.164, in full (the answer goes only to the signed-in customer and is
   * never cached); null when none is set. Sign-in asks for an SMS code once it is confirmed.
   */
  phone: z.string().nullable(),
  phoneConfirmed: z.boolean(),
  /** A number set or changed but not yet confirmed with its code, else null. */
  pendingPhone: z.string().nullable(),
  /** `not_started` for a new customer; levels above 1 need `approved`. */
  kycStatus: kycStatusSchema,
  role: roleSchema,
  /** The version of the terms the customer accepted last; money waits while it is older than `TERMS_VERSION`. */
  termsVersion: z.string(),
});
export type Me = z.infer<typeof meSchema>;

/** Answer of register and login: the tokens and who they belong to. */
export const signedInSchema = sessionTokensSchema.extend({ user: meSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

/** Seconds until another code may be sent to the same address or number for the same purpose. */
export const resendAfterSecondsSchema = z.int().positive();

/** Answer of registration: signed in, and the verification code is on its way. */
export const registeredSchema = signedInSchema.extend({ resendAfterSeconds: resendAfterSecondsSchema });
export type Registered = z.infer<typeof registeredSchema>;

/** Answer of a call that e-mails a code. */
export const codeSentSchema = z.object({ ok: z.literal(true), resendAfterSeconds: resendAfterSecondsSchema });
export type CodeSent = z.infer<typeof codeSentSchema>;
