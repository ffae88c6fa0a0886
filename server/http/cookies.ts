import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionTokens } from '../../contract/auth';
import { REFRESH_TOKEN_SECONDS } from '../services/tokens';

export const AUTH_TOKEN_COOKIE = 'auth_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';

/**
 * Both cookies are readable by scripts (not HttpOnly), deliberately:
 * - the app reads `auth_token` to send it as `Authorization: Bearer` — the API authenticates by that
 *   header only, never by cookie, which is what makes it immune to cross-site request forgery;
 * - the session machine decides "signed in" from the presence of both cookies (SPEC §4).
 * The price is that an injected script could read them; the defence against that is the strict CSP
 * (no inline or foreign script, see security-headers.ts). SameSite=Lax keeps them off cross-site
 * POSTs, which matters for `/auth/refresh` and `/auth/logout`, the two endpoints that read a cookie.
 *
 * `auth_token` lives as long as the refresh token although the JWT inside expires after 15 minutes:
 * the cookie means "has a session", and an expired JWT gets a 401 that the app answers with one
 * refresh. A cookie that vanished with the JWT would send a reload to the sign-in page instead.
 */
export function setSessionCookies(c: Context, tokens: SessionTokens, secure: boolean): void {
  const options = { path: '/', sameSite: 'Lax', secure, httpOnly: false, maxAge: REFRESH_TOKEN_SECONDS } as const;
  setCookie(c, AUTH_TOKEN_COOKIE, tokens.accessToken, options);
  setCookie(c, REFRESH_TOKEN_COOKIE, tokens.refreshToken, options);
}

export function clearSessionCookies(c: Context, secure: boolean): void {
  for (const name of [AUTH_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE]) deleteCookie(c, name, { path: '/', sameSite: 'Lax', secure });
}

export function readRefreshCookie(c: Context): string | undefined {
  return getCookie(c, REFRESH_TOKEN_COOKIE);
}
