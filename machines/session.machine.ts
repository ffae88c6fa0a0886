import { assign, setup } from 'xstate';
import { unprovided } from './unprovided';

/** Which session cookies the browser holds right now. */
export interface SessionCookies {
  hasAuthToken: boolean;
  hasRefreshToken: boolean;
}

type SessionEvent = { type: 'COOKIES_CHANGED'; cookies: SessionCookies } | { type: 'UNAUTHORIZED' } | { type: 'LOG_OUT_REQUESTED' };

const signedOutCookies = { hasAuthToken: false, hasRefreshToken: false };

export const sessionMachine = setup({
  types: {
    context: {} as SessionCookies,
    input: {} as SessionCookies,
    events: {} as SessionEvent,
    tags: {} as 'signedIn' | 'loggingOut',
  },
  actors: {
    /** POST /auth/refresh; answers the cookies as they are afterwards. */
    refreshSession: unprovided<SessionCookies>('refreshSession'),
    /** POST /auth/logout: the server revokes the session. */
    logOut: unprovided<void>('logOut'),
  },
  actions: {
    // Implemented by the app: the machine only says what must happen.
    clearSessionCookies: () => {},
    forgetSelectedCardAccount: () => {},
    goToLogin: () => {},
    goToWelcome: () => {},
  },
  guards: {
    holdsBothTokens: ({ context }) => context.hasAuthToken && context.hasRefreshToken,
  },
}).createMachine({
  id: 'session',
  description:
    'Whether the customer is signed in: both the auth_token and refresh_token cookies exist. A 401 answer gets one refresh; if that fails, both tokens and the selected card account are cleared and the login page opens.',
  context: ({ input }) => input,
  initial: 'checkingCookies',
  states: {
    checkingCookies: {
      description: 'Looks at the session cookies.',
      always: [{ guard: 'holdsBothTokens', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedIn: {
      tags: ['signedIn'],
      description: 'Profile, balances and the saved language may load.',
      // The brand link leads home (`/`, `/de`…) only when signed in.
      meta: { view: { role: 'link', name: 'Meridian', href: /^\/(?:[a-z]{2})?$/ } },
      on: {
        COOKIES_CHANGED: {
          target: 'checkingCookies',
          actions: assign(({ event }) => event.cookies),
          description: 'Cookies were set or removed (another tab, expiry).',
        },
        UNAUTHORIZED: {
          target: 'refreshing',
          description: 'The API answered 401: the access token expired or was revoked.',
        },
        LOG_OUT_REQUESTED: { target: 'loggingOut' },
      },
    },
    refreshing: {
      tags: ['signedIn'],
      description: 'Trades the refresh token for new tokens, once for all calls that failed meanwhile; they are retried after.',
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: { target: 'checkingCookies', actions: assign(({ event }) => event.output) },
        onError: {
          target: 'signedOut',
          actions: ['clearSessionCookies', 'forgetSelectedCardAccount', assign(signedOutCookies), 'goToLogin'],
          description: 'The session is over: clear both tokens and the selected card account, go to login.',
        },
      },
    },
    loggingOut: {
      tags: ['signedIn', 'loggingOut'],
      description: 'POST /auth/logout, then the session ends on this device whatever the answer.',
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: {
          target: 'signedOut',
          actions: ['clearSessionCookies', 'forgetSelectedCardAccount', assign(signedOutCookies), 'goToWelcome'],
        },
        // Offline or already revoked: the customer asked to leave, so leave anyway.
        onError: {
          target: 'signedOut',
          actions: ['clearSessionCookies', 'forgetSelectedCardAccount', assign(signedOutCookies), 'goToWelcome'],
        },
      },
    },
    signedOut: {
      description: 'Only public pages are reachable.',
      meta: { view: { role: 'link', name: 'Meridian', href: /\/welcome$/ } },
      on: {
        COOKIES_CHANGED: {
          target: 'checkingCookies',
          actions: assign(({ event }) => event.cookies),
          description: 'Cookies were set (sign-in, another tab).',
        },
        UNAUTHORIZED: {
          actions: ['clearSessionCookies', 'forgetSelectedCardAccount', assign(signedOutCookies), 'goToLogin'],
          description: 'A 401 without a session to refresh: clear what is left and go to login.',
        },
      },
    },
  },
});
