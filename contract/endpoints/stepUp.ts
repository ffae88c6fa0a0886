import { endpoint } from './define';
import { stepUpActionBodySchema, stepUpCodeSentSchema, stepUpGrantSchema, stepUpOptionsSchema, stepUpVerifyBodySchema } from '../stepUp';

/**
 * The one step-up rule: a sensitive action (see `StepUpAction`) needs a fresh second proof given for
 * that action in this session — an assertion of one of the customer's passkeys, or a code sent for it —
 * within the last 5 minutes. A sign-in, however recent, is not one. The guarded endpoint answers 403
 * `step_up_required` (with `fields.action`) without a live grant.
 */
export const stepUpEndpoints = {
  stepUpOptions: endpoint('POST', '/step-up/options', stepUpActionBodySchema, stepUpOptionsSchema, {
    summary:
      "How to step up for an action: request options for the customer's own passkeys (a single-use challenge for this session and action, 5 minutes) when there is one, and where a code would go (SMS to the confirmed phone, else e-mail).",
    auth: 'bearer',
    errors: ['rate_limited'],
  }),
  stepUpCode: endpoint('POST', '/step-up/code', stepUpActionBodySchema, stepUpCodeSentSchema, {
    summary:
      'Send a 6-digit code for this action: SMS to the confirmed phone, else e-mail, in the customer’s language. It must be typed within 5 minutes, in this session; a new one replaces it (after `resendAfterSeconds`).',
    auth: 'bearer',
    errors: ['rate_limited'],
  }),
  stepUpVerify: endpoint('POST', '/step-up/verify', stepUpVerifyBodySchema, stepUpGrantSchema, {
    summary:
      'Give the proof for the action: the `code`, or the passkey `response` to the options’ challenge. Answers a grant for this session and action, valid 5 minutes; the guarded endpoint spends it when the action is done. Codes and challenges are single use; from the tenth wrong code of the customer within 24 hours, the session typing it ends (401 `session_wrong_codes`).',
    auth: 'bearer',
    errors: [
      'step_up_not_started',
      'code_invalid',
      'code_expired',
      'code_attempts_exceeded',
      'passkey_verification_failed',
      'rate_limited',
      'session_wrong_codes',
    ],
  }),
};
