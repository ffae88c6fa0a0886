import type { LoginField } from './login.machine';
import { loginMachine } from './login.machine';
import type { FlowModel } from './graph/model';

const correct = { email: 'demo@meridian.test', password: 'MeridianDemo2026' };

export const loginModel = {
  inputs: {
    'sent from a payment link': { redirect: '/fr/pay/abc', home: '/fr' },
    'with an open-redirect attempt': { redirect: '//evil.example', home: '/' },
    'back from an expired two-factor challenge': { redirect: null, home: '/', notice: 'two_factor_expired' },
  },
  events: {
    CREDENTIALS_SUBMITTED: {
      'e-mail and password': correct,
      'nothing typed': { email: '  ', password: '' },
    },
  },
  actors: {
    signIn: {
      done: {
        'signed in': { kind: 'signedIn' },
        'SMS code required': {
          kind: 'twoFactorRequired',
          challenge: {
            twoFactorRequired: true,
            challengeToken: 'challenge-token',
            phoneHint: '+49 •••••••••78',
            expiresAt: '2026-03-02T09:10:00.000Z',
            resendAfterSeconds: 60,
          },
        },
      },
      error: {
        'wrong password': { code: 'invalid_credentials' },
        'rate-limited': { code: 'rate_limited', retryAfterSeconds: 42 },
      },
    },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.failure?.code ?? null, s.context.missing]),
  invariants: {
    '*': (s) => !s.context.destination.startsWith('//') || 'the destination after login must stay on this site',
    editing: (s) => s.context.failure === null || s.context.missing.length === 0 || 'a missing field and a server error at once',
    signingIn: (s) => (s.context.missing as LoginField[]).length === 0 || 'sends credentials with a field missing',
    secondFactorRequired: (s) => (s.status === 'done' && s.context.failure === null) || 'waits for an SMS code but still runs',
  },
} satisfies FlowModel<typeof loginMachine>;
