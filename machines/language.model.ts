import { isLocale } from '../contract';
import { languageMachine } from './language.machine';
import type { FlowModel } from './graph/model';

export const languageModel = {
  inputs: {
    'English path, visitor': { pathLocale: 'en', cookieLocale: undefined, signedIn: false },
    'English path, French cookie, signed in': { pathLocale: 'en', cookieLocale: 'fr', signedIn: true },
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
} satisfies FlowModel<typeof languageMachine>;
