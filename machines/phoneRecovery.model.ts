import type { FlowModel } from './graph/model';
import { phoneRecoveryMachine } from './phoneRecovery.machine';

export const phoneRecoveryModel = {
  inputs: {
    'from the SMS step of a sign-in': { challenge: { challengeToken: 'challenge-token' } },
    'opened directly': { challenge: null },
  },
  events: {
    RECOVERY_REQUESTED: { 'e-mail me a code': {} },
    PROOF_SUBMITTED: {
      'the code and the password': { code: ' 123456 ', password: 'correct horse 42 battery' },
      'five digits': { code: '12345', password: 'correct horse 42 battery' },
      'no password': { code: '123456', password: '' },
    },
    RESEND_REQUESTED: { 'send a new code': {} },
  },
  actors: {
    sendRecoveryCode: {
      done: { sent: { emailHint: 'a•••@example.com', resendAfterSeconds: 1 } },
      error: {
        'has a passkey': { code: 'recovery_has_passkey' },
        'sign-in expired': { code: 'challenge_expired' },
        'too many codes': { code: 'rate_limited', retryAfterSeconds: 60 },
      },
    },
    resendCode: {
      done: { 'sent, wait again': { resendAfterSeconds: 1 } },
      error: {
        'too soon': { code: 'rate_limited', retryAfterSeconds: 1 },
        'sign-in expired': { code: 'challenge_invalid' },
        offline: { code: 'network_error' },
      },
    },
    confirmRecovery: {
      done: { scheduled: { effectiveAt: '2026-03-03T09:00:00.000Z' } },
      error: {
        'wrong password': { code: 'invalid_credentials' },
        'wrong code': { code: 'code_invalid' },
        'sign-in expired': { code: 'challenge_expired' },
      },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.failure?.code ?? null,
      s.context.resendFailure?.code ?? null,
      s.context.codeResent,
      s.context.resendInSeconds,
    ]),
  invariants: {
    explaining: (s) => s.context.challengeToken !== null || 'offers a recovery without a sign-in in progress',
    awaitingProof: (s) =>
      (s.context.challengeToken !== null && s.context.emailHint !== '') || 'asks for the e-mailed code before one was sent',
    'awaitingProof.proof.confirming': (s) => s.context.failure === null || 'checks the proof while showing an old error',
    'awaitingProof.resend.coolingDown': (s) => s.context.resendInSeconds > 0 || 'counting down with nothing left to wait',
    'awaitingProof.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
    scheduled: (s) =>
      (s.status === 'done' && s.context.effectiveAt !== null && s.context.emailHint !== '') ||
      'scheduled without the e-mailed code or without a time',
    passkeyInstead: (s) => s.status === 'done' || 'keeps offering a recovery to an account with a passkey',
    noChallenge: (s) => s.status === 'done' || 'stays without a sign-in in progress',
    expired: (s) => s.status === 'done' || 'keeps going after the sign-in ended',
  },
} satisfies FlowModel<typeof phoneRecoveryMachine>;
