import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionTokens } from '../../contract/auth';
import {
  AUTH_TOKEN_COOKIE,
  formatSessionMarker,
  REFRESH_COOKIE_PATH,
  REFRESH_TOKEN_COOKIE,
  SESSION_MARKER_COOKIE,
} from '../../contract/session';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { IssuedTokens } from '../services/tokens';
import { isHttps } from './client';

export type SessionCookies = ReturnType<typeof sessionCookies>;

/**
 * The three session cookies (contract/session.ts):
 * - `auth_token` is readable by scripts, deliberately: the app sends it as `Authorization: Bearer` —
 *   the API authenticates by that header only, never by cookie, which is what makes it immune to
 *   cross-site request forgery — and its presence is the route guard's "logged in" (docs/product.md#signing-in-and-sessions). It lives
 *   as long as the session although the JWT inside expires after 15 minutes: the cookie means "has a
 *   session", and an expired JWT gets a 401 that the app answers with one refresh. A cookie that
 *   vanished with the JWT would send a reload to /welcome instead.
 * - `refresh_token` is HttpOnly (no injected script can read it), SameSite=Strict and sent only to
 *   /api/auth, the endpoints that renew or end a session; those also refuse anything but same-origin JSON.
 * - `session_info` is its script-readable shadow, with no secret: the app's "both tokens present" rule
 *   reads it, so it is set and cleared with the refresh cookie, with the same lifetime.
 * All are Secure whenever the public origin or the request is https (or COOKIE_SECURE says so).
 */
export function sessionCookies(config: Pick<Config, 'cookieSecure' | 'publicOrigin' | 'trustProxy'>, clock: Clock) {
  const secure = (c: Context) => config.cookieSecure || config.publicOrigin.startsWith('https:') || isHttps(c, config.trustProxy);

  return {
    /** Whether cookies set for this request must be Secure (other cookies of the API follow the same rule). */
    secure,

    /** Sets the cookies of a new or renewed session; answers what the JSON body may say of it. */
    open(c: Context, tokens: IssuedTokens): SessionTokens {
      const { refreshToken, ...answer } = tokens;
      const maxAge = Math.max(0, Math.floor((Date.parse(tokens.sessionExpiresAt) - clock().getTime()) / 1000));
      const readable = { path: '/', sameSite: 'Lax', secure: secure(c), httpOnly: false, maxAge } as const;
      setCookie(c, AUTH_TOKEN_COOKIE, tokens.accessToken, readable);
      setCookie(c, REFRESH_TOKEN_COOKIE, refreshToken, {
        path: REFRESH_COOKIE_PATH,
        sameSite: 'Strict',
        secure: secure(c),
        httpOnly: true,
        maxAge,
      });
      const marker = formatSessionMarker({ expiresAt: Date.parse(tokens.sessionExpiresAt), idleSeconds: tokens.idleTimeoutSeconds });
      setCookie(c, SESSION_MARKER_COOKIE, marker, readable);
      return answer;
    },

    /** Ends the session on this browser: all three go, together. */
    clear(c: Context): void {
      deleteCookie(c, AUTH_TOKEN_COOKIE, { path: '/', sameSite: 'Lax', secure: secure(c) });
      deleteCookie(c, REFRESH_TOKEN_COOKIE, { path: REFRESH_COOKIE_PATH, sameSite: 'Strict', secure: secure(c), httpOnly: true });
      deleteCookie(c, SESSION_MARKER_COOKIE, { path: '/', sameSite: 'Lax', secure: secure(c) });
    },

    readRefreshToken(c: Context): string | undefined {
      return getCookie(c, REFRESH_TOKEN_COOKIE);
    },
  };
}
