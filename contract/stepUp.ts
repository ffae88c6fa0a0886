import { z } from 'zod';
import { oneTimeCodeSchema, passwordSchema, resendAfterSecondsSchema } from './auth';
import { timestampSchema } from './common';
import { authenticationResponseSchema, codeChannelSchema, passkeyRequestOptionsSchema } from './passkeys';
import { PASSWORD_MAX_LENGTH } from './password';

/**
 * What a step-up is for. A grant serves only the action it was asked for, in the session that asked.
 * `withdrawal`, `card.reveal`, `paylink.create`, `paylink.pay` and `send` (above `SEND_STEP_UP_USD`) are for the money features.
 */
export const STEP_UP_ACTIONS = [
  'passkey.add',
  'passkey.remove',
  'phone.set',
  'phone.change',
  'phone.remove',
  'password.change',
  'withdrawal',
  'withdrawal.address',
  'card.reveal',
  'paylink.create',
  'paylink.pay',
  'send',
  'recurring_buy',
] as const;
export const stepUpActionSchema = z.enum(STEP_UP_ACTIONS);
export type StepUpAction = z.infer<typeof stepUpActionSchema>;

/** A proof (passkey or code) must be given within this long of its request, and the grant lasts as long. */
export const STEP_UP_SECONDS = 5 * 60;

export const stepUpActionBodySchema = z.strictObject({ action: stepUpActionSchema });
export type StepUpActionBody = z.infer<typeof stepUpActionBodySchema>;

/** `POST /step-up/options`: how this customer can prove it is them for the action. */
export const stepUpOptionsSchema = z.object({
  action: stepUpActionSchema,
  /** Request options for one of the customer's own passkeys (single-use challenge), or null without a passkey. */
  passkey: passkeyRequestOptionsSchema.nullable(),
  /** Where `POST /step-up/code` sends the code: SMS to the confirmed phone, else e-mail. */
  codeChannel: codeChannelSchema,
});
export type StepUpOptions = z.infer<typeof stepUpOptionsSchema>;

/** `POST /step-up/code`: a code for this action went out. */
export const stepUpCodeSentSchema = z.object({
  action: stepUpActionSchema,
  channel: codeChannelSchema,
  /** The code must be typed by then (5 minutes). */
  expiresAt: timestampSchema,
  resendAfterSeconds: resendAfterSecondsSchema,
});
export type StepUpCodeSent = z.infer<typeof stepUpCodeSentSchema>;

/**
 * `POST /step-up/verify`: the proof, exactly one of the code or the passkey answer. One strict object
 * (not a union), so an unknown field is refused like everywhere else.
 */
export const stepUpVerifyBodySchema = z
  .strictObject({
    action: stepUpActionSchema,
    code: oneTimeCodeSchema.optional(),
    response: authenticationResponseSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.response === undefined), {
    message: 'Send the code or the passkey response, one of them',
    path: ['body'],
  });
export type StepUpVerifyBody = z.infer<typeof stepUpVerifyBodySchema>;

/** The grant: the action may be done in this session until `expiresAt`. */
export const stepUpGrantSchema = z.object({ action: stepUpActionSchema, expiresAt: timestampSchema });
export type StepUpGrant = z.infer<typeof stepUpGrantSchema>;

/** `POST /users/change-password`. */
export const changePasswordBodySchema = z.strictObject({
  // Not the password rule: the current one may predate a tightened rule.
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Answer of change-password: how many other sessions were signed out. */
export const passwordChangedSchema = z.object({ otherSessionsEnded: z.number().int().nonnegative() });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;
