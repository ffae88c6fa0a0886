import { formatSessionMarker } from '../../contract/session';
import { FAR_FUTURE, SIGNED_IN } from './graph/page';
import type { FlowModel, PageAction } from './graph/model';
import { asError } from '../../machines/parts/failure';
import { sessionMachine, type SessionCookies } from '../../machines/session/session.machine';

const bothTokens: SessionCookies = { hasAuthToken: true, hasRefreshToken: true };
const accessTokenOnly: SessionCookies = { hasAuthToken: true, hasRefreshToken: false };
const refreshTokenOnly: SessionCookies = { hasAuthToken: false, hasRefreshToken: true };
const noCookies: SessionCookies = { hasAuthToken: false, hasRefreshToken: false };

/**
 * The session cookies as the browser tests set them: the app looks at the presence of `auth_token` and
 * of the refresh token's readable marker; `refresh_token` stands for the HttpOnly cookie the server sets.
 */
export function sessionCookieJar({ hasAuthToken, hasRefreshToken }: SessionCookies): PageAction {
  return {
    cookies: {
      auth_token: hasAuthToken ? 'e2e-access' : null,
      refresh_token: hasRefreshToken ? 'e2e-refresh' : null,
      session_info: hasRefreshToken ? formatSessionMarker({ expiresAt: Date.parse(FAR_FUTURE), idleSeconds: 15 * 60 }) : null,
    },
  };
}

const REFRESH = '**/api/auth/refresh';
const { accessToken, accessTokenExpiresAt, sessionExpiresAt, idleTimeoutSeconds } = SIGNED_IN;
const SIGNED_IN_TOKENS = { accessToken, accessTokenExpiresAt, sessionExpiresAt, idleTimeoutSeconds };
/** The readable cookies a renewal sets, one Set-Cookie line each (Playwright splits them on newlines). */
const RENEWED_COOKIES = [
  `auth_token=${accessToken}; Path=/; SameSite=Lax`,
  `session_info=${formatSessionMarker({ expiresAt: Date.parse(sessionExpiresAt), idleSeconds: idleTimeoutSeconds })}; Path=/; SameSite=Lax`,
].join('\n');

export const sessionModel = {
  inputs: {
    'both tokens': bothTokens,
    'access token only': accessTokenOnly,
    'refresh token only': refreshTokenOnly,
    'no cookies': noCookies,
  },
  events: {
    COOKIES_CHANGED: {
      'both tokens': { cookies: bothTokens },
      'access token only': { cookies: accessTokenOnly },
      // auth_token's cookie expired while the tab was in the background: the session renews.
      'refresh token only': { cookies: refreshTokenOnly },
      'no cookies': { cookies: noCookies },
    },
    UNAUTHORIZED: {
      'an API call answered 401': { cookies: bothTokens },
      // The late answer to a call sent before the session ended here, or while signing in in another tab.
      'a late 401, no session cookies left': { cookies: noCookies },
    },
    LOG_OUT_REQUESTED: { 'taps log out': {} },
    IDLE_TIMED_OUT: { '“Stay signed in?” was ignored': {} },
  },
  actors: {
    refreshSession: {
      done: { 'new tokens': bothTokens, 'no answer (offline)': refreshTokenOnly },
      error: {
        'refresh token revoked': asError({ code: 'refresh_token_reused' }),
        'session idle': asError({ code: 'session_idle' }),
      },
    },
    logOut: {
      done: { 'session revoked': undefined },
      error: { offline: asError({ code: 'network_error' }) },
    },
  },
  invariants: {
    '*': (s) =>
      s.hasTag('signedIn') === (s.context.hasAuthToken && s.context.hasRefreshToken) || 'signed in must mean exactly: both tokens are held',
  },
  journeys: {
    'signs in in another tab, then the session expires': {
      input: 'no cookies',
      // Ends with the refresh's outcome: a browser does not stay in `refreshing` long enough to be seen there.
      steps: ['COOKIES_CHANGED (both tokens)', 'UNAUTHORIZED (an API call answered 401)', 'refreshSession failed (refresh token revoked)'],
    },
  },
  browser: {
    chainPaths: true,
    // A public page: it opens signed in or out, and its brand link shows which. The page's timers run on
    // Playwright's clock, so the idle limit can pass.
    start: (cookies) => [{ installClock: true }, sessionCookieJar(cookies), { open: '/register/success' }],
    events: {
      // The app re-reads the cookies when the window gets the focus back (another tab signed in or out).
      COOKIES_CHANGED: ({ cookies }) => [sessionCookieJar(cookies), { dispatch: 'focus' }],
      // Saving a language choice is a call the page makes on demand; it needs a customer who is signed in.
      UNAUTHORIZED: (_, before) =>
        before.hasTag('signedIn')
          ? [
              {
                answer: '**/api/user-settings',
                method: 'POST',
                times: 1,
                status: 401,
                json: { error: { code: 'unauthorized', message: 'Session expired' } },
              },
              { navigate: '/profile/language' },
              { click: { role: 'button', name: 'Deutsch' } },
            ]
          : null,
      // Not while the tokens are renewed: the page the 401 came from has no log-out button, and opening
      // /profile would load the app afresh (the unit replay takes that transition).
      LOG_OUT_REQUESTED: (_, before) =>
        before.hasTag('signedIn') && !before.matches('refreshing')
          ? [{ navigate: '/profile' }, { click: { role: 'button', name: 'Log out' } }]
          : null,
      // The idle watch asks “Stay signed in?” a minute before the limit the cookie marker gives (15
      // minutes) and, unanswered, ends the session: the whole limit passes on the page's clock.
      IDLE_TIMED_OUT: (_, before) => (before.matches('signedIn') ? [{ advanceClock: 15 * 60_000 }] : null),
    },
    actors: {
      // The app's refresh call goes to the server; answering it 401 ends the session as a revoked token would.
      refreshSession: {
        // The server renews the cookies the page reads with its answer (Set-Cookie). While a 401 is being
        // recovered, auth_token is still there, so no answer cannot leave the refresh token alone.
        done: (cookies, before) =>
          cookies.hasAuthToken
            ? [
                { answer: REFRESH, method: 'POST', times: 1, headers: { 'Set-Cookie': RENEWED_COOKIES }, json: SIGNED_IN_TOKENS },
                // The language page of UNAUTHORIZED has no brand link: the customer goes on to the profile,
                // in the language just chosen there.
                ...(before.matches('refreshing') ? [{ whileRunning: [{ navigate: '/de/profile' }] }] : []),
              ]
            : before.matches('renewing')
              ? [{ answer: REFRESH, method: 'POST', times: 1, offline: true }]
              : null,
        error: (error) => [
          {
            answer: REFRESH,
            method: 'POST',
            times: 1,
            status: 401,
            json: { error: { code: error instanceof Error ? error.message : 'refresh_token_invalid', message: 'Session over' } },
          },
        ],
      },
      logOut: {
        done: () => [{ answer: '**/api/auth/logout', method: 'POST', times: 1, status: 200, json: { ok: true } }],
        error: () => [
          {
            answer: '**/api/auth/logout',
            method: 'POST',
            times: 1,
            status: 503,
            json: { error: { code: 'internal_error', message: 'Down' } },
          },
        ],
      },
    },
    states: {
      '*': (s) => ({ cookies: { auth_token: s.context.hasAuthToken, session_info: s.context.hasRefreshToken } }),
    },
  },
  notInBrowser: {
    transitions: {
      'refreshing → loggingOut (LOG_OUT_REQUESTED)':
        'The page the 401 came from has no log-out button, and opening /profile would load the app afresh; the unit replay takes it.',
      'signedOut → signedOut (stays) (UNAUTHORIZED)':
        'Signed out, the page makes no authorised call that could answer 401; the late answer to an earlier call is a race the page cannot be timed into.',
      'signedOut → checkingCookies (UNAUTHORIZED if holdsNewerSession)':
        'The same late answer, arriving after another tab signed in and before this tab heard of it: a race of three parties the page cannot be timed into.',
    },
  },
} satisfies FlowModel<typeof sessionMachine>;
