import type { SessionCookies } from '../../machines/session/session.machine';
import {
  AUTH_TOKEN_COOKIE,
  parseSessionMarker,
  REFRESH_TOKEN_COOKIE,
  SESSION_MARKER_COOKIE,
  type SessionMarker,
} from '../../contract/session';

export const LOCALE_COOKIE = 'i18n_redirected';

/**
 * A cookie's value (the first of that name, percent-decoded, quotes dropped). Written out here, a few
 * lines instead of a cookie library in the first load; nothing outside a browser (the build's render).
 */
function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  // Read once: each read of document.cookie asks the browser's network service (slow during the start).
  const cookies = document.cookie;
  for (const pair of cookies ? cookies.split('; ') : []) {
    const at = pair.indexOf('=');
    if (at <= 0 || pair.slice(0, at) !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).replace(/^"(.*)"$/, '$1'));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Sets (or, with `maxAgeSeconds` 0, removes) a cookie for the whole site. */
function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function readAuthToken(): string | undefined {
  return readCookie(AUTH_TOKEN_COOKIE);
}

/** The HttpOnly refresh cookie's readable marker, while its session has not reached its end. */
export function readSessionMarker(now = Date.now()): SessionMarker | null {
  const marker = parseSessionMarker(readCookie(SESSION_MARKER_COOKIE));
  return marker && marker.expiresAt > now ? marker : null;
}

/** The refresh token itself is out of reach (HttpOnly): its marker says whether the browser holds one. */
export function readSessionCookies(): SessionCookies {
  return {
    hasAuthToken: Boolean(readCookie(AUTH_TOKEN_COOKIE)),
    hasRefreshToken: readSessionMarker() !== null,
  };
}

/**
 * What a script can clear; the server clears the HttpOnly refresh cookie (logout, a refused refresh).
 * `refresh_token` at `/` is the script-readable cookie of before the refresh token became HttpOnly:
 * a secret no page should keep.
 */
export function clearSessionCookies(): void {
  for (const name of [AUTH_TOKEN_COOKIE, SESSION_MARKER_COOKIE, REFRESH_TOKEN_COOKIE]) writeCookie(name, '', 0);
}

export function readLocaleCookie(): string | undefined {
  return readCookie(LOCALE_COOKIE);
}

export function writeLocaleCookie(locale: string): void {
  writeCookie(LOCALE_COOKIE, locale, 365 * 24 * 60 * 60);
}
