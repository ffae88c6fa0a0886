import Cookies from 'js-cookie';
import type { SessionCookies } from '../../machines/session.machine';
import {
  AUTH_TOKEN_COOKIE,
  parseSessionMarker,
  REFRESH_TOKEN_COOKIE,
  SESSION_MARKER_COOKIE,
  type SessionMarker,
} from '../../contract/session';

export const LOCALE_COOKIE = 'i18n_redirected';

export function readAuthToken(): string | undefined {
  return Cookies.get(AUTH_TOKEN_COOKIE);
}

/** The HttpOnly refresh cookie's readable marker, while its session has not reached its end. */
export function readSessionMarker(now = Date.now()): SessionMarker | null {
  const marker = parseSessionMarker(Cookies.get(SESSION_MARKER_COOKIE));
  return marker && marker.expiresAt > now ? marker : null;
}

/** The refresh token itself is out of reach (HttpOnly): its marker says whether the browser holds one. */
export function readSessionCookies(): SessionCookies {
  return {
    hasAuthToken: Boolean(Cookies.get(AUTH_TOKEN_COOKIE)),
    hasRefreshToken: readSessionMarker() !== null,
  };
}

/**
 * What a script can clear; the server clears the HttpOnly refresh cookie (logout, a refused refresh).
 * `refresh_token` at `/` is the script-readable cookie of before the refresh token became HttpOnly:
 * a secret no page should keep.
 */
export function clearSessionCookies(): void {
  Cookies.remove(AUTH_TOKEN_COOKIE, { path: '/' });
  Cookies.remove(SESSION_MARKER_COOKIE, { path: '/' });
  Cookies.remove(REFRESH_TOKEN_COOKIE, { path: '/' });
}

export function readLocaleCookie(): string | undefined {
  return Cookies.get(LOCALE_COOKIE);
}

export function writeLocaleCookie(locale: string): void {
  Cookies.set(LOCALE_COOKIE, locale, {
    expires: 365,
    path: '/',
    sameSite: 'lax',
    secure: location.protocol === 'https:',
  });
}
