import type { SnapshotFrom } from 'xstate';
import type { FlowModel, PageExpectation } from './graph/model';
import { failedCall, inLanguage, PAGE_LANGUAGES, pageTexts, withValues, type PageLanguage } from './graph/page';
import { CANCELLED, socialSignInMachine } from '../../machines/socialSignIn/socialSignIn.machine';

const START = '**/api/auth/social/start';
const PROVIDER_URL = 'https://accounts.google.com/o/oauth2/v2/auth?state=s';
/** Brand names, the same in every language. */
const PROVIDERS = { google: 'Google', apple: 'Apple' } as const;

/** Why signing in did not work, as the page says it, with “try again”. */
function failure(s: SnapshotFrom<typeof socialSignInMachine>, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).social;
  const errors: Record<string, string> = texts.errors;
  const { code } = s.context.failure!;
  const sentence = code === CANCELLED ? texts.cancelled : (errors[code] ?? errors.unknown!);
  return {
    shows: [
      { role: 'alert', text: withValues(sentence, { provider: PROVIDERS[s.context.provider] }) },
      { role: 'button', name: texts.tryAgain },
    ],
  };
}

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
      done: { 'provider URL': { authorizationUrl: PROVIDER_URL } },
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
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The page's language is the run's; the input's is what the machine passes on to the server.
    start: ({ provider, error }, language) => [
      { open: `${inLanguage(`/auth/${provider}`, language)}${error ? `?error=${encodeURIComponent(error)}` : ''}` },
    ],
    events: {
      RETRY_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).social.tryAgain } }],
    },
    actors: {
      startSignIn: {
        // The provider's page stands in for Google's: the test leaves the app for it and stops there.
        done: (authorization) => [
          { answer: START, method: 'POST', times: 1, json: authorization },
          { answer: `${new URL(authorization.authorizationUrl).origin}/**`, html: '<h1>Sign in with the provider</h1>' },
        ],
        error: (error) => [failedCall(START, error)],
      },
    },
    states: {
      leavingForProvider: () => ({ url: PROVIDER_URL }),
      cancelled: failure,
      failed: failure,
    },
  },
} satisfies FlowModel<typeof socialSignInMachine>;
