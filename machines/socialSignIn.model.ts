import type { FlowModel } from './graph/model';
import { CANCELLED, socialSignInMachine } from './socialSignIn.machine';

export const socialSignInModel = {
  inputs: {
    'Google, page opened': { provider: 'google', locale: 'en', error: null },
    'Apple, back cancelled': { provider: 'apple', locale: 'ar', error: CANCELLED },
    'Google, back with an expired request': { provider: 'google', locale: 'de', error: 'social_state_expired' },
  },
  events: {
    RETRY_REQUESTED: { 'try again': {} },
  },
  actors: {
    startSignIn: {
      done: { 'provider URL': { authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth?state=s' } },
      error: {
        'not configured': { code: 'social_provider_unavailable' },
        offline: { code: 'network_error' },
        'thrown without a code': new Error('boom'),
      },
    },
  },
  invariants: {
    requestingAuthorization: (s) => s.context.failure === null || 'asks for a new sign-in while still showing the last failure',
    cancelled: (s) => s.context.failure?.code === CANCELLED || 'shows the cancellation without one',
    failed: (s) => (s.context.failure !== null && s.context.failure.code !== CANCELLED) || 'shows a failure without a reason',
  },
} satisfies FlowModel<typeof socialSignInMachine>;
