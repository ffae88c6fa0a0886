import ar from '../../../locales/ar.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import { API_ERRORS, type ApiErrorCode, type SignedIn } from '../../../contract';
import { formatSessionMarker } from '../../../contract/session';
import { TERMS_VERSION } from '../../../contract/terms';
import { LOCALE_TAGS, localizePath, splitLocalePath } from '../../../contract/locales';
import { isDecimal } from '../../../contract/decimal';
import { toFailure, type Failure } from '../../../machines/parts/failure';
import type { PageAction } from './model';

/*
 * What the browser bindings of several flows share: the page's words in the language a path runs in (only
 * the two the browser model tests use, left-to-right English and right-to-left Arabic), and the server's
 * answers they stand in for.
 */

/** Every locale file has the keys of en.json (`npm run check:locales`), plus its own plural forms. */
const TEXTS: Record<'en' | 'ar', typeof en> = { en, ar };

/** A language the browser model tests run paths in. */
export type PageLanguage = keyof typeof TEXTS;

export const PAGE_LANGUAGES: readonly PageLanguage[] = ['en', 'ar'];

/** The messages of a language, as the app's i18next resources hold them. */
export function pageTexts(language: PageLanguage): typeof en {
  return TEXTS[language];
}

/**
 * A message with a count, as i18next renders it: the plural form the language's rules pick
 * (`_one`, `_few`, `_many`…), then `{{count}}` and the other values put in.
 */
export function countedText(
  language: PageLanguage,
  messages: Record<string, string>,
  key: string,
  values: { count: number } & Record<string, string | number>,
): string {
  const form = new Intl.PluralRules(LOCALE_TAGS[language]).select(values.count);
  const template = messages[`${key}_${form}`] ?? messages[`${key}_other`] ?? messages[key];
  if (template === undefined) throw new Error(`No message ${key} (${form}) in ${language}`);
  return withValues(template, values, language);
}

/**
 * A message with its placeholders filled in, as i18next does (no escaping, as the app sets it): `{{name}}` as
 * given, `{{name, number}}` in the language's digits (Intl, like i18next's built-in formatter), so a path
 * needs the language for those.
 */
export function withValues(template: string, values: Record<string, string | number>, language?: PageLanguage): string {
  return template.replace(/\{\{(\w+)(?:, (number))?\}\}/g, (_, name: string, format?: string) => {
    if (!format) return String(values[name]);
    if (!language) throw new Error(`{{${name}, number}} needs the language: ${template}`);
    return new Intl.NumberFormat(LOCALE_TAGS[language]).format(values[name] as number);
  });
}

/**
 * A failure in the page's words, as failureText (src/ui/failureText.ts) picks them: the form's own message
 * for the code when it has one, else the general one (`errors`: connection, rate limit with its seconds…),
 * else the form's "try again", else the general one.
 */
export function failureText(language: PageLanguage, own: Record<string, string>, failure: Failure): string {
  const general: Record<string, unknown> = pageTexts(language).errors;
  if (own[failure.code] !== undefined) return own[failure.code]!;
  if (failure.code === 'rate_limited')
    return countedText(language, general as Record<string, string>, 'rate_limited', { count: failure.retryAfterSeconds ?? 60 });
  const said = general[failure.code];
  return typeof said === 'string' ? said : (own.unknown ?? (general.unknown as string));
}

/**
 * A passkey failure in the page's words, as describePasskeyFailure (src/auth/webauthnErrors.ts) picks them:
 * the code's own message, or the step's fallback — also for the browser's NotAllowedError, passed through as
 * `webauthn_not_allowed`, whose browser reason the page adds after it.
 */
export function passkeyFailureText(language: PageLanguage, code: string, fallback: string): string {
  const errors: Record<string, string> = pageTexts(language).biometric.errors;
  return (code === 'webauthn_not_allowed' ? undefined : errors[code]) ?? errors[fallback]!;
}

/** An amount as a customer types it in the language: its digits, no grouping; what is not a decimal as it is. */
export function typedAmount(language: PageLanguage, amount: string): string {
  if (!isDecimal(amount)) return amount;
  const digits = new Intl.NumberFormat(LOCALE_TAGS[language], { useGrouping: false, maximumFractionDigits: 18 });
  return digits.format(amount as Intl.StringNumericLiteral);
}

/** The same page in a language: `('/fr/pay/abc', 'ar')` → `/ar/pay/abc`, `('/ar', 'en')` → `/`. */
export function inLanguage(path: string, language: PageLanguage): string {
  const [pathname = '', query] = path.split('?');
  const localized = localizePath(splitLocalePath(pathname).basePath, language);
  return query === undefined ? localized : `${localized}?${query}`;
}

/** The server's answer to one call: the contract's error body with its status, or a lost connection. */
export function failedCall(url: string, error: unknown, method = 'POST'): PageAction {
  const { code, fields, retryAfterSeconds } = toFailure(error);
  if (code === 'network_error') return { answer: url, method, times: 1, offline: true };
  const status = code in API_ERRORS ? API_ERRORS[code as ApiErrorCode].status : 500;
  const body = { error: { code, message: code, ...(fields ? { fields } : {}) } };
  // The client reads the wait from the header, as the server sends it.
  const headers = retryAfterSeconds === undefined ? {} : { headers: { 'Retry-After': String(retryAfterSeconds) } };
  return { answer: url, method, times: 1, status, ...headers, json: body };
}

/**
 * The bindings of the quote clock's connection events (machines/parts/quoteClock.ts): the window says the
 * connection dropped or returned, as the browser does, and the app's offline state tells the flow. A
 * change the flow already knows of changes nothing on the page, so it is not driven. Nor is a drop while
 * a request of the flow is in flight (anything but its `watch…` actors): the page answers it on its own
 * time and the app's offline state reaches it too — a quote then counts its seconds from another moment,
 * a step-up fails — where the unit path lets it settle as if nothing happened (CI, 29 November).
 */
export const connectionInBrowser = {
  CONNECTION_LOST: (_: unknown, before: { context: { offline: boolean }; children: Record<string, unknown> }) =>
    before.context.offline || Object.keys(before.children).some((id) => !id.startsWith('watch'))
      ? null
      : [{ dispatch: 'offline' } as const],
  CONNECTION_BACK: (_: unknown, before: { context: { offline: boolean } }) =>
    before.context.offline ? [{ dispatch: 'online' } as const] : null,
};

/** A moment no test run reaches: for deadlines that must still be ahead when the page checks them. */
export const FAR_FUTURE = '2099-01-01T00:00:00.000Z';

/** A sign-in's answer: the tokens and who they belong to (the contract's `signedInSchema`). */
export const SIGNED_IN: SignedIn = {
  accessToken: 'e2e-access',
  accessTokenExpiresAt: FAR_FUTURE,
  sessionExpiresAt: FAR_FUTURE,
  idleTimeoutSeconds: 15 * 60,
  user: {
    id: '0b6f0f3e-5c1a-4a57-9d1e-2f4c7a9b8e01',
    email: 'ann@meridian.test',
    emailVerified: true,
    firstName: 'Ann',
    lastName: null,
    country: 'DE',
    language: 'en',
    refCode: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    phone: null,
    phoneConfirmed: false,
    pendingPhone: null,
    kycStatus: 'not_started',
    role: 'customer',
    termsVersion: TERMS_VERSION,
  },
};

/**
 * The session cookies as the server sets them: the access token, a stand-in for the HttpOnly refresh
 * token, and its readable marker (which is what the app reads).
 */
export function signedInCookies(): PageAction {
  return {
    cookies: {
      auth_token: SIGNED_IN.accessToken,
      refresh_token: 'e2e-refresh',
      session_info: formatSessionMarker({ expiresAt: Date.parse(SIGNED_IN.sessionExpiresAt), idleSeconds: SIGNED_IN.idleTimeoutSeconds }),
    },
  };
}

/**
 * A call that signs the customer in (answering `SIGNED_IN`, or its own shape of it). The server sets the
 * session cookies with its answer; the test sets them as the session model does.
 */
export function signsIn(url: string, answer: object = SIGNED_IN): PageAction[] {
  return [signedInCookies(), { answer: url, method: 'POST', times: 1, json: answer }];
}
