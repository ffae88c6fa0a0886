import type { FlowModel } from './graph/model';
import { twoFactorPhoneMachine } from './twoFactorPhone.machine';

const challenge = {
  challengeToken: 'challenge-token',
  phoneHint: '+49 •••••••••78',
  destination: '/fr/pay/abc',
  expiresInMs: 600_000,
  resendInSeconds: 0,
};

export const twoFactorPhoneModel = {
  inputs: {
    'after a password sign-in': { challenge },
    'opened directly': { challenge: null },
    'reloaded after the challenge expired': { challenge: { ...challenge, expiresInMs: 0 } },
  },
  events: {
    CODE_SUBMITTED: {
      'the SMS code': { code: ' 123456 ' },
      'five digits': { code: '12345' },
    },
    RESEND_REQUESTED: { 'send a new code': {} },
  },
  actors: {
    verifyCode: {
      done: { 'signed in': undefined },
      error: {
        'wrong code': { code: 'code_invalid' },
        'tries used up': { code: 'code_attempts_exceeded' },
        'challenge used elsewhere': { code: 'challenge_invalid' },
      },
    },
    resendCode: {
      done: { 'sent, wait again': { resendAfterSeconds: 1 } },
      error: {
        'too soon': { code: 'rate_limited', retryAfterSeconds: 1 },
        'challenge expired': { code: 'challenge_expired' },
        offline: { code: 'network_error' },
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
    '*': (s) => !s.context.destination.startsWith('//') || 'the destination after sign-in must stay on this site',
    'awaitingCode.code.verifying': (s) => s.context.failure === null || 'checks a code while showing an old error',
    awaitingCode: (s) => s.context.challengeToken !== null || 'asks for a code without a challenge',
    signedIn: (s) => (s.status === 'done' && s.context.challengeToken !== null) || 'signed in without a challenge',
    noChallenge: (s) => s.status === 'done' || 'stays on /2fa/phone without a challenge',
    expired: (s) => s.status === 'done' || 'keeps asking for a code after the challenge ended',
    'awaitingCode.resend.coolingDown': (s) => s.context.resendInSeconds > 0 || 'counting down with nothing left to wait',
    'awaitingCode.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
  },
} satisfies FlowModel<typeof twoFactorPhoneMachine>;
