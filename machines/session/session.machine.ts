import { assign, setup } from 'xstate';
import { unprovided } from '../parts/unprovided';
import { toFailure } from '../parts/failure';

/** Which session cookies the browser holds right now. */
export interface SessionCookies {
  hasAuthToken: boolean;
  /** The refresh token is HttpOnly: its readable marker (`session_info`) says whether the browser holds one. */
  hasRefreshToken: boolean;
}

/** Why the server ended a session, for the login page to say (contract error codes). */
export const SESSION_END_REASONS = ['session_idle', 'session_expired', 'session_wrong_codes'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

type SessionEvent =
  | { type: 'COOKIES_CHANGED'; cookies: SessionCookies }
  /** `cookies`: the session cookies as the browser held them when the 401 came back. */
  | { type: 'UNAUTHORIZED'; cookies: SessionCookies }
  | { type: 'LOG_OUT_REQUESTED' }
  | { type: 'IDLE_TIMED_OUT' };

const signedOutCookies = { hasAuthToken: false, hasRefreshToken: false };

/** The reason a failed renewal carries (the refresh actor rejects with the server's failure), if it is one to tell. */
function endReason(error: unknown): SessionEndReason | null {
  const { code } = toFailure(error);
  return SESSION_END_REASONS.find((reason) => reason === code) ?? null;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionCookies,
    input: {} as SessionCookies,
    events: {} as SessionEvent,
    tags: {} as 'signedIn' | 'renewing' | 'loggingOut',
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
    /** `reason`: why the server ended the session, which the login page says. */
    goToLogin: (_, _params: { reason: SessionEndReason | null }) => {},
    goToWelcome: () => {},
  },
  guards: {
    holdsBothTokens: ({ context }) => context.hasAuthToken && context.hasRefreshToken,
    holdsOnlyRefreshToken: ({ context }) => !context.hasAuthToken && context.hasRefreshToken,
    renewedBothTokens: (_, cookies: SessionCookies) => cookies.hasAuthToken && cookies.hasRefreshToken,
    /** The browser holds a session this machine has not looked at yet (another tab signed in, its change event still to come). */
    holdsNewerSession: (_, cookies: SessionCookies) => cookies.hasRefreshToken,
  },
}).createMachine({
  id: 'session',
  description:
    'Whether the customer is signed in: both the auth_token and refresh token cookies exist (the HttpOnly refresh token through its readable marker). A 401 answer gets one refresh; if that fails, both tokens and the selected card account are cleared and the login page opens, saying why when the server ended the session (idle, or at its end).',
  context: ({ input }) => input,
  initial: 'checkingCookies',
  states: {
    checkingCookies: {
      description: 'Looks at the session cookies.',
      always: [
        { guard: 'holdsBothTokens', target: 'signedIn', description: 'Both session cookies are there: the customer is signed in.' },
        {
          guard: 'holdsOnlyRefreshToken',
          target: 'renewing',
          description: 'The refresh token is there but auth_token is gone: renew before the route guard decides.',
        },
        { target: 'signedOut', description: 'No session cookies: the customer is signed out.' },
      ],
    },
    renewing: {
      tags: ['renewing'],
      description: 'Gets a new auth_token with the refresh cookie; the route guard waits, so a returning customer is not sent to /welcome.',
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: [
          {
            guard: { type: 'renewedBothTokens', params: ({ event }) => event.output },
            target: 'signedIn',
            description: 'The tokens were renewed: the customer stays signed in.',
            actions: assign(({ event }) => event.output),
          },
          // No answer (offline): no verdict, and no loop either; the next focus or sign-in looks again.
          {
            target: 'signedOut',
            description: 'The renewal gave no session: the customer is signed out.',
            actions: assign(({ event }) => event.output),
          },
        ],
        onError: {
          target: 'signedOut',
          actions: ['clearSessionCookies', 'forgetSelectedCardAccount', assign(signedOutCookies)],
          description: 'The session is over: clear what is left; the route guard then decides where the page goes.',
        },
      },
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
        LOG_OUT_REQUESTED: { target: 'loggingOut', description: 'The customer chose to log out: the session is revoked on the server.' },
        IDLE_TIMED_OUT: {
          target: 'endingIdleSession',
          description: 'The customer ignored “Stay signed in?”: the idle limit is reached.',
        },
      },
    },
    refreshing: {
      tags: ['signedIn'],
      description: 'Trades the refresh token for new tokens, once for all calls that failed meanwhile; they are retried after.',
      on: {
        LOG_OUT_REQUESTED: {
          target: 'loggingOut',
          description: 'The customer chose to log out while the tokens were being renewed: the log-out is not lost.',
        },
      },
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: {
          target: 'checkingCookies',
          description: 'New tokens arrived: the cookies are read again and the failed calls retried.',
          actions: assign(({ event }) => event.output),
        },
        onError: {
          target: 'signedOut',
          actions: [
            'clearSessionCookies',
            'forgetSelectedCardAccount',
            assign(signedOutCookies),
            { type: 'goToLogin', params: ({ event }) => ({ reason: endReason(event.error) }) },
          ],
          description:
            'The session is over: clear both tokens and the selected card account, go to login (saying why, when idle or at its end).',
        },
      },
    },
    endingIdleSession: {
      tags: ['signedIn', 'loggingOut'],
      description: 'Signing out on the server; then the login page says the customer was signed out for inactivity.',
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: {
          description: 'The server ended the idle session: login opens saying why.',
          target: 'signedOut',
          actions: [
            'clearSessionCookies',
            'forgetSelectedCardAccount',
            assign(signedOutCookies),
            { type: 'goToLogin', params: { reason: 'session_idle' } },
          ],
        },
        onError: {
          description: 'The server could not be told (offline): the session still ends on this device.',
          target: 'signedOut',
          actions: [
            'clearSessionCookies',
            'forgetSelectedCardAccount',
            assign(signedOutCookies),
            { type: 'goToLogin', params: { reason: 'session_idle' } },
          ],
        },
      },
    },
    loggingOut: {
      tags: ['signedIn', 'loggingOut'],
      description: 'Signing out on the server; the session then ends on this device whatever the answer.',
      invoke: {
        id: 'logOut',
        src: 'logOut',
        onDone: {
          description: 'The server revoked the session: the cookies are gone and the welcome page opens.',
          target: 'signedOut',
          actions: ['clearSessionCookies', 'forgetSelectedCardAccount', assign(signedOutCookies), 'goToWelcome'],
        },
        // Offline or already revoked: the customer asked to leave, so leave anyway.
        onError: {
          description: 'The server could not be told (offline): the session still ends on this device.',
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
        UNAUTHORIZED: [
          {
            guard: { type: 'holdsNewerSession', params: ({ event }) => event.cookies },
            target: 'checkingCookies',
            actions: assign(({ event }) => event.cookies),
            description:
              'A late 401 while the browser already holds a newer session (another tab signed in): that session is looked at, never cleared.',
          },
          {
            actions: ['clearSessionCookies', 'forgetSelectedCardAccount', assign(signedOutCookies)],
            description:
              'A 401 without a session to refresh, typically the late answer to a call sent before the session ended here: clear what is left and stay; the end of the session (log out, idle, expiry) already chose the page, and the route guard still keeps private pages closed.',
          },
        ],
      },
    },
  },
});
