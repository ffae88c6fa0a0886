import { assign, not, raise, setup } from 'xstate';
import { isLocale, type Locale } from '../../contract';
import { unprovided } from '../parts/unprovided';

interface LanguageContext {
  locale: Locale;
  signedIn: boolean;
  /** The raw `i18n_redirected` cookie read at start, if any. */
  cookieLocale: string | undefined;
}

interface LanguageInput {
  /** The locale of the path the app opened on. */
  pathLocale: Locale;
  /** The raw `i18n_redirected` cookie, if any. */
  cookieLocale: string | undefined;
  signedIn: boolean;
}

type LanguageEvent =
  | { type: 'LANGUAGE_CHOSEN'; locale: string }
  | { type: 'PATH_LOCALE_CHANGED'; locale: Locale }
  | { type: 'SIGNED_IN' }
  | { type: 'SIGNED_OUT' };

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    input: {} as LanguageInput,
    events: {} as LanguageEvent,
    tags: {} as 'loadingSavedLanguage',
  },
  actors: {
    loadSavedLanguage: unprovided<string | null>('loadSavedLanguage'),
    saveLanguage: unprovided<void, { locale: Locale }>('saveLanguage'),
  },
  actions: {
    /** Loads the locale's messages and sets `<html lang dir>`. */
    showLanguage: (_, _params: { locale: Locale }) => {},
    /** Moves the current page to the locale's URL prefix. */
    moveToLocalePath: (_, _params: { locale: Locale }) => {},
    /** Writes the `i18n_redirected` cookie (365 days). */
    rememberLanguage: (_, _params: { locale: Locale }) => {},
    /** Tells the customer the choice applies on this device only, for now. */
    reportLanguageNotSaved: () => {},
  },
  guards: {
    isOtherSupportedLocale: ({ context }, params: { candidate: unknown }) =>
      isLocale(params.candidate) && params.candidate !== context.locale,
    isSignedIn: ({ context }) => context.signedIn,
  },
}).createMachine({
  id: 'language',
  description:
    'The interface language: from the path, then the i18n_redirected cookie, then the signed-in customer’s saved language; switching it moves the URL prefix and saves the choice.',
  context: ({ input }) => ({ locale: input.pathLocale, signedIn: input.signedIn, cookieLocale: input.cookieLocale }),
  entry: { type: 'showLanguage', params: ({ context }) => ({ locale: context.locale }) },
  initial: 'applyingCookieLanguage',
  on: {
    SIGNED_OUT: { description: 'The customer signed out: the saved language is no longer read.', actions: assign({ signedIn: false }) },
    PATH_LOCALE_CHANGED: {
      guard: { type: 'isOtherSupportedLocale', params: ({ event }) => ({ candidate: event.locale }) },
      actions: [
        assign({ locale: ({ event }) => event.locale }),
        { type: 'showLanguage', params: ({ event }) => ({ locale: event.locale }) },
      ],
      description: 'The visitor opened a path of another locale (link, back button, address bar).',
    },
  },
  states: {
    applyingCookieLanguage: {
      description: 'A supported language in the i18n_redirected cookie wins over the path.',
      always: [
        {
          guard: { type: 'isOtherSupportedLocale', params: ({ context }) => ({ candidate: context.cookieLocale }) },
          target: 'checkingSignIn',
          description: 'The cookie names another supported language: the interface and the path switch to it.',
          actions: [
            assign({ locale: ({ context }) => context.cookieLocale as Locale }),
            { type: 'showLanguage', params: ({ context }) => ({ locale: context.locale }) },
            { type: 'moveToLocalePath', params: ({ context }) => ({ locale: context.locale }) },
          ],
        },
        { target: 'checkingSignIn', description: 'No other language in the cookie: the path’s language stays.' },
      ],
    },
    checkingSignIn: {
      description: 'Decides whether the customer’s saved language is to be read.',
      always: [
        { guard: 'isSignedIn', target: 'loadingSavedLanguage', description: 'Signed in: the language saved on the account is read.' },
        { target: 'ready', description: 'Signed out: the current language stays.' },
      ],
    },
    loadingSavedLanguage: {
      // The language list says it may still change (aria-busy) until the saved language is in.
      tags: ['loadingSavedLanguage'],
      description: 'Reads the signed-in customer’s saved language (GET /user-settings).',
      on: {
        SIGNED_OUT: {
          target: 'ready',
          actions: assign({ signedIn: false }),
          description: 'Signed out meanwhile: the previous customer’s language must not apply.',
        },
        LANGUAGE_CHOSEN: {
          target: 'ready',
          actions: raise(({ event }) => event),
          description: 'A choice made meanwhile wins: stop loading and handle it as when ready.',
        },
      },
      invoke: {
        id: 'loadSavedLanguage',
        src: 'loadSavedLanguage',
        onDone: [
          {
            guard: { type: 'isOtherSupportedLocale', params: ({ event }) => ({ candidate: event.output }) },
            target: 'ready',
            description: 'The account’s saved language differs: the interface switches to it.',
            actions: [
              assign({ locale: ({ event }) => event.output as Locale }),
              { type: 'showLanguage', params: ({ context }) => ({ locale: context.locale }) },
              { type: 'moveToLocalePath', params: ({ context }) => ({ locale: context.locale }) },
              { type: 'rememberLanguage', params: ({ context }) => ({ locale: context.locale }) },
            ],
          },
          { target: 'ready', description: 'The saved language is the current one: nothing changes.' },
        ],
        onError: { target: 'ready', description: 'The saved language could not be read: the current one stays.' },
      },
    },
    ready: {
      description: 'Showing the interface in the current language.',
      on: {
        SIGNED_IN: {
          target: 'loadingSavedLanguage',
          actions: assign({ signedIn: true }),
          description: 'After sign-in, the customer’s saved language applies.',
        },
        LANGUAGE_CHOSEN: {
          guard: { type: 'isOtherSupportedLocale', params: ({ event }) => ({ candidate: event.locale }) },
          target: 'savingChoice',
          actions: [
            assign({ locale: ({ event }) => event.locale as Locale }),
            { type: 'showLanguage', params: ({ context }) => ({ locale: context.locale }) },
            { type: 'moveToLocalePath', params: ({ context }) => ({ locale: context.locale }) },
            { type: 'rememberLanguage', params: ({ context }) => ({ locale: context.locale }) },
          ],
          description: 'The customer picks another of the eight languages.',
        },
      },
    },
    savingChoice: {
      description: 'Sends the choice to the server (POST /user-settings) when signed in.',
      always: { guard: not('isSignedIn'), target: 'ready', description: 'Visitors’ choice lives in the cookie only.' },
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: { target: 'ready', description: 'The choice was saved on the account.' },
        // The language already changed on screen and in the cookie; the server copy catches up on the next choice.
        onError: {
          target: 'ready',
          description: 'The choice could not be saved on the account: it still applies on this device.',
          actions: 'reportLanguageNotSaved',
        },
      },
    },
  },
});
