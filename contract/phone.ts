import { z } from 'zod';
import { oneTimeCodeSchema, resendAfterSecondsSchema, signedInSchema } from './auth';
import { timestampSchema } from './common';

/**
 * A phone number in E.164 (`+4915112345678`). The wire format only; whether the number exists in its
 * country's plan is checked with libphonenumber-js by the app before sending and by the server
 * (`phone_invalid`).
 */
export const e164Schema = z
  .string()
  .trim()
  .max(16)
  .regex(/^\+[1-9]\d{6,14}$/, 'Must be a phone number in E.164 form (+4915112345678)');

/** Where a phone change is confirmed: a code e-mailed to the account's address, or an SMS to the new number. */
export const phoneChangeChannelSchema = z.enum(['email', 'sms']);
export type PhoneChangeChannel = z.infer<typeof phoneChangeChannelSchema>;

export const setPhoneBodySchema = z.strictObject({ phone: e164Schema });
export type SetPhoneBody = z.infer<typeof setPhoneBodySchema>;

export const updatePhoneBodySchema = z.strictObject({ phone: e164Schema, channel: phoneChangeChannelSchema });
export type UpdatePhoneBody = z.infer<typeof updatePhoneBodySchema>;

export const phoneCodeBodySchema = z.strictObject({ code: oneTimeCodeSchema });
export type PhoneCodeBody = z.infer<typeof phoneCodeBodySchema>;

/** Answer of set-phone and update-phone: the number waits for its code. */
export const phoneCodeSentSchema = z.object({
  pendingPhone: z.string(),
  /** Where the code went: SMS to the new number, or e-mail to the account's address. */
  channel: phoneChangeChannelSchema,
  /** The code stops working then. */
  expiresAt: timestampSchema,
  /** Asking again for the same number sooner answers `rate_limited`. */
  resendAfterSeconds: resendAfterSecondsSchema,
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/** The sign-in is half done: an SMS code went to the customer's confirmed phone. No cookies are set. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Opaque, single use, valid until `expiresAt`; presented with the code to finish signing in. */
  challengeToken: z.string(),
  /** The confirmed number with all but its last two digits masked (`+49 ••••••••78`). */
  phoneHint: z.string(),
  expiresAt: timestampSchema,
  /** Seconds until `POST /auth/2fa/phone/resend` may send another code. */
  resendAfterSeconds: resendAfterSecondsSchema,
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** `POST /auth/login` answers either a session or a two-factor challenge, told apart by `twoFactorRequired`. */
export const loginAnswerSchema = z.discriminatedUnion('twoFactorRequired', [
  signedInSchema.extend({ twoFactorRequired: z.literal(false) }),
  twoFactorChallengeSchema,
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const CHALLENGE_TOKEN_MAX_LENGTH = 128;
export const challengeTokenSchema = z.string().min(1).max(CHALLENGE_TOKEN_MAX_LENGTH);

export const verifyTwoFactorBodySchema = z.strictObject({ challengeToken: challengeTokenSchema, code: oneTimeCodeSchema });
export type VerifyTwoFactorBody = z.infer<typeof verifyTwoFactorBodySchema>;

export const resendTwoFactorBodySchema = z.strictObject({ challengeToken: challengeTokenSchema });
export type ResendTwoFactorBody = z.infer<typeof resendTwoFactorBodySchema>;
