import type { SnapshotFrom } from 'xstate';
import { isLocale, localizePath, type Locale } from '../../contract';
import { languageMachine } from '../../machines/language/language.machine';
import type { FlowModel } from './graph/model';
import { failedCall } from './graph/page';
import { sessionCookieJar } from './session.model';

const SETTINGS = '**/api/user-settings';
/** Each language named in its own words, as the language list shows it (languageAutonym in src/i18n/format.ts). */
const AUTONYMS: Partial<Record<Locale, string>> = { de: 'Deutsch' };

/** The server's answers come at once: the page is never caught loading or saving the language. */
const busy = (s: SnapshotFrom<typeof languageMachine>) => s.matches('loadingSavedLanguage') || s.matches('savingChoice');

/** Where the page offers the eight languages: the welcome page to visitors, the profile's language page to customers. */
function languagePage(s: SnapshotFrom<typeof languageMachine>, locale: Locale = s.context.locale): string {
  return localizePath(s.context.signedIn ? '/profile/language' : '/welcome', locale);
}

export const languageModel = {
  inputs: {
    'English path, visitor': { pathLocale: 'en', cookieLocale: undefined, signedIn: false },
    'English path, French cookie, signed in': { pathLocale: 'en', cookieLocale: 'fr', signedIn: true },
    'Arabic path, visitor': { pathLocale: 'ar', cookieLocale: undefined, signedIn: false },
    'Arabic path, signed in': { pathLocale: 'ar', cookieLocale: undefined, signedIn: true },
  },
  events: {
    LANGUAGE_CHOSEN: { German: { locale: 'de' }, 'unsupported pt': { locale: 'pt' } },
    PATH_LOCALE_CHANGED: { 'a Russian path': { locale: 'ru' } },
    SIGNED_IN: { 'signed in': {} },
    SIGNED_OUT: { 'signed out': {} },
  },
  actors: {
    loadSavedLanguage: {
      done: { 'Thai saved': 'th', 'nothing saved': null, 'unsupported pt saved': 'pt' },
      error: { 'GET /user-settings failed': new Error('GET /user-settings failed') },
    },
    saveLanguage: {
      done: { saved: undefined },
      error: { 'POST /user-settings failed': new Error('POST /user-settings failed') },
    },
  },
  // The cookie only matters at the start, which every path replays.
  serializeState: (s) => JSON.stringify([s.value, s.context.locale, s.context.signedIn]),
  invariants: {
    '*': (s) => isLocale(s.context.locale) || `${String(s.context.locale)} is not one of the eight languages`,
    savingChoice: (s) => s.context.signedIn || 'a visitor’s choice is sent to the server',
  },
  browser: {
    // The inputs choose the language of the path the app opens on, English or Arabic.
    start: ({ pathLocale, cookieLocale, signedIn }) => [
      sessionCookieJar({ hasAuthToken: signedIn, hasRefreshToken: signedIn }),
      { cookies: { i18n_redirected: cookieLocale ?? null } },
      { open: localizePath(signedIn ? '/profile/language' : '/welcome', pathLocale) },
    ],
    events: {
      // The list offers the eight languages only: an unsupported one cannot be chosen on the page.
      LANGUAGE_CHOSEN: ({ locale }, before) =>
        !busy(before) && isLocale(locale) && AUTONYMS[locale]
          ? [{ navigate: languagePage(before) }, { click: { role: 'button', name: AUTONYMS[locale] } }]
          : null,
      PATH_LOCALE_CHANGED: ({ locale }, before) => (busy(before) ? null : [{ navigate: languagePage(before, locale) }]),
      // Another tab signs in or out; the app re-reads the cookies when the window gets the focus back.
      SIGNED_IN: () => [sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }), { dispatch: 'focus' }],
      SIGNED_OUT: (_, before) =>
        busy(before) ? null : [sessionCookieJar({ hasAuthToken: false, hasRefreshToken: false }), { dispatch: 'focus' }],
    },
    actors: {
      loadSavedLanguage: {
        // The server always has a language for a customer: “nothing saved” is the one already shown.
        done: (saved, before) => [{ answer: SETTINGS, method: 'GET', times: 1, json: { language: saved ?? before.context.locale } }],
        error: (error) => [failedCall(SETTINGS, error, 'GET')],
      },
      saveLanguage: {
        done: (_, before) => [{ answer: SETTINGS, method: 'POST', times: 1, json: { language: before.context.locale } }],
        error: (error) => [failedCall(SETTINGS, error)],
      },
    },
    states: {
      '*': (s) => ({ lang: s.context.locale }),
      // The saved language may replace the one shown: the list says so until it is in. Without it, a check
      // of `ready` could pass before the page took the answer in, and a later step see it switch languages.
      loadingSavedLanguage: (s) => ({ lang: s.context.locale, shows: [{ role: 'list', busy: true }] }),
      ready: (s) => ({ lang: s.context.locale, hides: [{ role: 'list', busy: true }] }),
    },
  },
  notInBrowser: {
    transitions: {
      'loadingSavedLanguage → ready (SIGNED_OUT)':
        'The saved language is answered at once, so the page cannot sign out while it loads (the bindings refuse a busy page); the unit replay takes it.',
      'loadingSavedLanguage → ready (LANGUAGE_CHOSEN)':
        'The saved language is answered at once, so no choice can be made while it loads; the unit replay takes it.',
    },
  },
} satisfies FlowModel<typeof languageMachine>;
