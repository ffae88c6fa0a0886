import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../contract';
import { formatNumber } from './format';

/**
 * One i18next instance; only the active locale's messages are fetched (one chunk per locale).
 * No fallback language: `npm run check:locales` guarantees every key exists in all eight.
 */
export function createI18n(locale: Locale, log: (message: string, error: unknown) => void): I18n {
  const instance = i18next.createInstance();
  // Each locale's messages are a chunk of their own (one dynamic import), which the server preloads.
  const messages: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (language, _namespace, done) =>
      void import(`../../locales/${language}.json`).then(
        (module: { default: ResourceKey }) => done(null, module.default),
        (error: unknown) => {
          log(`Could not load the ${language} messages`, error);
          done(error instanceof Error ? error : new Error(String(error)), false);
        },
      ),
  };
  instance.use(messages).use(initReactI18next);
  void instance.init({
    lng: locale,
    supportedLngs: [...LOCALES],
    fallbackLng: false,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  // `{{n, number}}` in a message: i18next would hand Intl the bare language code, and Intl's plain `ar` writes
  // Latin digits; formatted with the locale's full tag (ar-SA: Arabic-Indic), as Money and dates are.
  instance.services.formatter?.add('number', (value: number | string, language: string | undefined, options: Intl.NumberFormatOptions) =>
    formatNumber(value, language as Locale, options),
  );
  return instance;
}
