import Cookies from 'js-cookie';
import type { SessionCookies } from '../../machines/session.machine';

export const AUTH_TOKEN_COOKIE = 'auth_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
export const LOCALE_COOKIE = 'i18n_redirected';

export function readAuthToken(): string | undefined {
  return Cookies.get(AUTH_TOKEN_COOKIE);
}

export function readSessionCookies(): SessionCookies {
  return {
    hasAuthToken: Boolean(Cookies.get(AUTH_TOKEN_COOKIE)),
    hasRefreshToken: Boolean(Cookies.get(REFRESH_TOKEN_COOKIE)),
  };
}

export function clearSessionCookies(): void {
  Cookies.remove(AUTH_TOKEN_COOKIE, { path: '/' });
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
