import { endpoint } from './define';
import { emptyBodySchema } from '../common';
import { inviteDashboardSchema, inviteSchema, onboardingSchema } from '../invite';

/** The invite programme and the onboarding intro's setting. */
export const inviteEndpoints = {
  getInvite: endpoint('GET', '/invite', undefined, inviteSchema, {
    summary:
      'The customer’s own referral code (8 Crockford base32 characters, made on the first call, unique) and the reward: 10 USDT once per invitee who is KYC-approved and has deposited 100 USD. Invitation links carry it as `?ref_code=`.',
    auth: 'bearer',
  }),
  getInviteDashboard: endpoint('GET', '/invite/dashboard', undefined, inviteDashboardSchema, {
    summary:
      'Who joined with the customer’s code (e-mails masked), newest first, and the totals: invited, signed up, verified, rewarded, earned.',
    auth: 'bearer',
  }),
  getOnboarding: endpoint('GET', '/user-settings/onboarding', undefined, onboardingSchema, {
    summary: 'Whether the onboarding intro was finished or skipped, on any device.',
    auth: 'bearer',
  }),
  markIntroSeen: endpoint('POST', '/user-settings/onboarding/intro-seen', emptyBodySchema, onboardingSchema, {
    summary: 'Remember that the intro was finished or skipped (repeatable).',
    auth: 'bearer',
  }),
};
