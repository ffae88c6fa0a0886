import { z } from 'zod';
import { oneTimeCodeSchema, resendAfterSecondsSchema } from './auth';
import { timestampSchema } from './common';
import { PASSWORD_MAX_LENGTH } from './password';
import { challengeTokenSchema } from './phone';

/**
 * Lost-phone recovery: a customer stuck at the sign-in's SMS step, with no passkey, proves the mailbox
 * (an e-mailed code) and the password; the confirmed phone is removed this long afterwards unless the
 * recovery is cancelled from the e-mail or the old phone. Then the password alone signs in and the
 * customer sets a new phone.
 */
export const PHONE_RECOVERY_DELAY_HOURS = 24;

/** `POST /auth/phone-recovery/start`: the sign-in's two-factor challenge names the account. */
export const phoneRecoveryStartBodySchema = z.strictObject({ challengeToken: challengeTokenSchema });
export type PhoneRecoveryStartBody = z.infer<typeof phoneRecoveryStartBodySchema>;

/** The code went to the account's e-mail. */
export const phoneRecoveryCodeSentSchema = z.object({
  /** The address with most of its local part masked (`a•••@example.com`). */
  emailHint: z.string(),
  resendAfterSeconds: resendAfterSecondsSchema,
});
export type PhoneRecoveryCodeSent = z.infer<typeof phoneRecoveryCodeSentSchema>;

/** `POST /auth/phone-recovery/confirm`: the e-mailed code and the password, together. */
export const phoneRecoveryConfirmBodySchema = z.strictObject({
  challengeToken: challengeTokenSchema,
  code: oneTimeCodeSchema,
  // Not the password rule: the password may predate a tightened rule.
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type PhoneRecoveryConfirmBody = z.infer<typeof phoneRecoveryConfirmBodySchema>;

/** A recovery waiting for its delay: the phone is removed at `effectiveAt`. */
export const phoneRecoveryScheduledSchema = z.object({ requestedAt: timestampSchema, effectiveAt: timestampSchema });
export type PhoneRecoveryScheduled = z.infer<typeof phoneRecoveryScheduledSchema>;

/** Cancel tokens are 32 random bytes in base64url (43 characters). */
export const RECOVERY_CANCEL_TOKEN_LENGTH = 43;

/** `POST /auth/phone-recovery/cancel`: the token from the link in the e-mail or the SMS; no session needed. */
export const phoneRecoveryCancelBodySchema = z.strictObject({
  token: z
    .string()
    .length(RECOVERY_CANCEL_TOKEN_LENGTH)
    .regex(/^[A-Za-z0-9_-]+$/, 'Expected the token from the link'),
});
export type PhoneRecoveryCancelBody = z.infer<typeof phoneRecoveryCancelBodySchema>;

/** `GET /users/phone-recovery`: the signed-in customer's recovery in progress, if any. */
export const phoneRecoveryStatusSchema = z.object({ pending: phoneRecoveryScheduledSchema.nullable() });
export type PhoneRecoveryStatus = z.infer<typeof phoneRecoveryStatusSchema>;

/** The path of the cancel page; the token follows after `#`, so it never reaches a server log or a Referer. */
export const PHONE_RECOVERY_CANCEL_PATH = '/recovery/cancel';
