import { assign, setup } from 'xstate';
import type { Locale } from '../../contract/locales';
import type { SocialAuthorization, SocialProvider } from '../../contract/social';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** The provider's own word for "the customer said no", as the server passes it on. */
export const CANCELLED = 'social_cancelled';

interface SocialSignInContext {
  provider: SocialProvider;
  locale: Locale;
  /** Why the last attempt failed: the `?error=` the server came back with, or the start call's code. */
  failure: Failure | null;
}

export const socialSignInMachine = setup({
  types: {
    context: {} as SocialSignInContext,
    input: {} as { provider: SocialProvider; locale: Locale; error: string | null },
    events: {} as { type: 'RETRY_REQUESTED' },
    tags: {} as 'cancelled' | 'failed',
  },
  actors: {
    startSignIn: unprovided<SocialAuthorization, { provider: SocialProvider; locale: Locale }>('startSignIn'),
  },
  actions: {
    /** A full page load to the provider; the server's callback brings the browser back. */
    leaveForProvider: (_, _params: { url: string }) => {},
  },
  guards: {
    wasCancelled: ({ context }) => context.failure?.code === CANCELLED,
    hasFailed: ({ context }) => context.failure !== null,
  },
}).createMachine({
  id: 'socialSignIn',
  description:
    'Sign-in with Google or Apple on /auth/google and /auth/apple. Opening the page asks the server for the provider’s sign-in address and leaves for it; the provider sends the browser back to the server, which signs the customer in and opens home — or comes back to this page with an error, shown here with “try again”.',
  context: ({ input }) => ({
    provider: input.provider,
    locale: input.locale,
    failure: input.error === null ? null : { code: input.error },
  }),
  initial: 'checkingAnswer',
  states: {
    checkingAnswer: {
      description: 'Did the page open fresh, or did the server send the customer back with an error?',
      always: [
        { guard: 'wasCancelled', target: 'cancelled', description: 'The customer cancelled at Google or Apple.' },
        { guard: 'hasFailed', target: 'failed', description: 'Sign-in did not go through.' },
        { target: 'requestingAuthorization', description: 'No answer from the provider yet: the app asks the server where to sign in.' },
      ],
    },
    requestingAuthorization: {
      description: "Waiting for the address of the provider's sign-in page; the server remembers what it needs to check the answer.",
      invoke: {
        id: 'startSignIn',
        src: 'startSignIn',
        input: ({ context }) => ({ provider: context.provider, locale: context.locale }),
        onDone: {
          description: 'The server gave the provider’s sign-in address: the browser leaves for it.',
          target: 'leavingForProvider',
          actions: { type: 'leaveForProvider', params: ({ event }) => ({ url: event.output.authorizationUrl }) },
        },
        onError: {
          target: 'failed',
          description: 'The server could not start the sign-in: the page says why and offers to try again.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    leavingForProvider: {
      type: 'final',
      description: 'The provider’s page is loading; the customer signs in there.',
    },
    cancelled: {
      tags: ['cancelled'],
      description: 'Cancelled at the provider: nothing happened; try again or go back.',
      meta: { route: '/auth/:provider' },
      on: {
        RETRY_REQUESTED: {
          target: 'requestingAuthorization',
          description: 'The customer tries again: a new sign-in with the provider starts.',
          actions: assign({ failure: null }),
        },
      },
    },
    failed: {
      tags: ['failed'],
      description: 'A translated reason (expired, refused, provider unreachable, account exists) with “try again” and “back”.',
      meta: { route: '/auth/:provider' },
      on: {
        RETRY_REQUESTED: {
          target: 'requestingAuthorization',
          description: 'The customer tries again: a new sign-in with the provider starts.',
          actions: assign({ failure: null }),
        },
      },
    },
  },
});
