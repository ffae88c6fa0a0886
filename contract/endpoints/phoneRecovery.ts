import { endpoint } from './define';
import { okSchema } from '../common';
import {
  phoneRecoveryCancelBodySchema,
  phoneRecoveryCodeSentSchema,
  phoneRecoveryConfirmBodySchema,
  phoneRecoveryScheduledSchema,
  phoneRecoveryStartBodySchema,
  phoneRecoveryStatusSchema,
} from '../phoneRecovery';

/**
 * Lost-phone recovery (no passkey): from the sign-in's SMS step, an e-mailed code plus the password
 * schedule the removal of the confirmed phone 24 hours later; links in the e-mail and an SMS to the old
 * phone cancel it without signing in.
 */
export const phoneRecoveryEndpoints = {
  startPhoneRecovery: endpoint('POST', '/auth/phone-recovery/start', phoneRecoveryStartBodySchema, phoneRecoveryCodeSentSchema, {
    summary:
      "E-mail a recovery code to the account of a live two-factor challenge (the sign-in's first factor passed). Refused when the account has a passkey (sign in with it instead). One a minute; a new code replaces the previous one.",
    auth: 'none',
    errors: ['challenge_invalid', 'challenge_expired', 'recovery_has_passkey', 'rate_limited'],
  }),
  confirmPhoneRecovery: endpoint('POST', '/auth/phone-recovery/confirm', phoneRecoveryConfirmBodySchema, phoneRecoveryScheduledSchema, {
    summary:
      'Give the e-mailed code and the password: the confirmed phone will be removed at `effectiveAt` (24 hours on the server’s clock), and the e-mail and the old phone each get a notice with a cancel link. Tries are limited per account and per IP. A recovery already in progress is answered as it is (its delay does not restart).',
    auth: 'none',
    errors: [
      'challenge_invalid',
      'challenge_expired',
      'code_invalid',
      'code_expired',
      'code_attempts_exceeded',
      'invalid_credentials',
      'recovery_has_passkey',
      'rate_limited',
    ],
  }),
  cancelPhoneRecovery: endpoint('POST', '/auth/phone-recovery/cancel', phoneRecoveryCancelBodySchema, okSchema, {
    summary:
      'Cancel a recovery in progress with the token of a cancel link (e-mail or SMS); no session needed. Works once: a used, unknown or finished token answers `recovery_not_found`. Limited per IP.',
    auth: 'none',
    errors: ['recovery_not_found', 'rate_limited'],
  }),
  getPhoneRecovery: endpoint('GET', '/users/phone-recovery', undefined, phoneRecoveryStatusSchema, {
    summary: "The signed-in customer's phone recovery in progress, if any (shown as a notice on /profile/security).",
    auth: 'bearer',
  }),
};
