import { assign, setup } from 'xstate';

/** Which session cookies the browser holds right now. */
export interface SessionCookies {
  hasAuthToken: boolean;
  hasRefreshToken: boolean;
}

type SessionEvent =
  | { type: 'COOKIES_CHANGED'; cookies: SessionCookies }
  | { type: 'UNAUTHORIZED' }
  | { type: 'SIGNED_OUT' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionCookies,
    input: {} as SessionCookies,
    events: {} as SessionEvent,
  },
  actions: {
    // Implemented by the app: the machine only says what must happen.
    clearSessionCookies: () => {},
    forgetSelectedCardAccount: () => {},
    goToLogin: () => {},
  },
  guards: {
    holdsBothTokens: ({ context }) => context.hasAuthToken && context.hasRefreshToken,
  },
}).createMachine({
  id: 'session',
  description:
    'Whether the customer is signed in: both the auth_token and refresh_token cookies exist. A 401 answer ends the session.',
  context: ({ input }) => input,
  initial: 'checkingCookies',
  on: {
    COOKIES_CHANGED: {
      target: '.checkingCookies',
      actions: assign(({ event }) => event.cookies),
      description: 'Cookies were set or removed (sign-in, another tab, expiry).',
    },
    UNAUTHORIZED: {
      target: '.signedOut',
      actions: [
        'clearSessionCookies',
        'forgetSelectedCardAccount',
        assign({ hasAuthToken: false, hasRefreshToken: false }),
        'goToLogin',
      ],
      description: 'The API answered 401: clear both tokens and the selected card account, go to login.',
    },
    SIGNED_OUT: {
      target: '.signedOut',
      actions: ['clearSessionCookies', 'forgetSelectedCardAccount', assign({ hasAuthToken: false, hasRefreshToken: false })],
      description: 'The customer logged out.',
    },
  },
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
    },
    signedOut: {
      description: 'Only public pages are reachable.',
      meta: { view: { role: 'link', name: 'Meridian', href: /\/welcome$/ } },
    },
  },
});
