import { formatSessionMarker } from '../../contract/session';
import { FAR_FUTURE } from './graph/page';
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
      'no cookies': { cookies: noCookies },
    },
    UNAUTHORIZED: { 'an API call answered 401': {} },
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
    // A public page: it opens signed in or out, and its brand link shows which.
    start: (cookies) => [sessionCookieJar(cookies), { open: '/register/success' }],
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
    },
    actors: {
      // The app's refresh call goes to the server; answering it 401 ends the session as a revoked token would.
      refreshSession: {
        error: (error) => [
          {
            answer: '**/api/auth/refresh',
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
    states: {
      endingIdleSession:
        'Reached only through IDLE_TIMED_OUT, below: the idle sign-out is driven in the browser by e2e/session-idle.spec.ts on a real session.',
    },
    transitions: {
      'renewing → signedIn (done: refreshSession if renewedBothTokens)':
        'New tokens arrive as Set-Cookie on the refresh answer, which the stand-in cookie jar of these paths cannot issue; e2e/auth.spec.ts renews an expired token against the real server.',
      'renewing → signedOut (done: refreshSession)':
        'The refresh that gives no answer (offline) leaves the same cookies the page opened with, so the page shows nothing to tell it from the start; the unit replay takes it.',
      'signedIn → endingIdleSession (IDLE_TIMED_OUT)':
        "The idle machine sends it after 15 minutes on the page clock; e2e/session-idle.spec.ts drives exactly that with Playwright's clock on a real session, which the stand-in cookies here cannot hold.",
      'refreshing → loggingOut (LOG_OUT_REQUESTED)':
        'The page the 401 came from has no log-out button, and opening /profile would load the app afresh; the unit replay takes it.',
      'refreshing → checkingCookies (done: refreshSession)':
        'A successful refresh sets new cookies through Set-Cookie, which the stand-in cookie jar cannot issue; e2e/session-language.spec.ts (a 401 with a working renewal) covers it with a real session.',
      'endingIdleSession → signedOut (done: logOut)':
        'Follows IDLE_TIMED_OUT, which is excluded; e2e/session-idle.spec.ts sees the log-out answered and /login?notice=session_idle.',
      'endingIdleSession → signedOut (error: logOut)':
        'Follows IDLE_TIMED_OUT, which is excluded; the unit replay takes the failed log-out.',
      'signedOut → signedOut (stays) (UNAUTHORIZED)':
        'Signed out, the page makes no authorised call that could answer 401; the late answer to an earlier call is a race the page cannot be timed into.',
    },
  },
} satisfies FlowModel<typeof sessionMachine>;
