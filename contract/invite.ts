import { z } from 'zod';
import { decimalSchema, timestampSchema } from './common';

/** A customer's own invitation code: 8 Crockford base32 characters (no I, L, O, U), upper case. */
export const REFERRAL_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** What the referrer earns once per invitee who is KYC-approved and has deposited the threshold. */
export const REFERRAL_REWARD = { amount: '10', asset: 'USDT', depositThresholdUsd: '100' } as const;

/** `GET /invite`: the customer's own code (made on the first call) and what an invitation earns. */
export const inviteSchema = z.object({
  code: z.string().regex(REFERRAL_CODE_PATTERN),
  reward: z.object({ amount: decimalSchema, asset: z.literal('USDT'), depositThresholdUsd: decimalSchema }),
});
export type Invite = z.infer<typeof inviteSchema>;

/**
 * One customer who opened an account with the code. Only a masked e-mail (`a•••@example.com`): the
 * referrer learns who joined, not another customer's address.
 */
export const inviteeSchema = z.object({
  email: z.string(),
  joinedAt: timestampSchema,
  /** Confirmed their e-mail address. */
  emailVerified: z.boolean(),
  /** Identity check approved. */
  kycApproved: z.boolean(),
  /** When the reward for this invitee was paid, else null. */
  rewardedAt: timestampSchema.nullable(),
});
export type Invitee = z.infer<typeof inviteeSchema>;

/**
 * `GET /invite/dashboard`, newest first. `invited`: accounts opened with the code; `signedUp`: of those,
 * e-mail confirmed; `verified`: KYC approved; `rewarded`: reward paid; `earned`: rewards in `asset`.
 */
export const inviteDashboardSchema = z.object({
  totals: z.object({
    invited: z.int().nonnegative(),
    signedUp: z.int().nonnegative(),
    verified: z.int().nonnegative(),
    rewarded: z.int().nonnegative(),
    earned: decimalSchema,
    asset: z.literal('USDT'),
  }),
  invitees: z.array(inviteeSchema),
});
export type InviteDashboard = z.infer<typeof inviteDashboardSchema>;

/** The onboarding intro's setting, kept on the server so another device does not show it again. */
export const onboardingSchema = z.object({ introSeen: z.boolean() });
export type Onboarding = z.infer<typeof onboardingSchema>;
