import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../contract';

/**
 * One i18next instance; only the active locale's messages are fetched (one chunk per locale).
 * No fallback language: `npm run check:locales` guarantees every key exists in all eight.
 */
export function createI18n(locale: Locale, log: (message: string, error: unknown) => void): I18n {
  const instance = i18next.createInstance();
  instance
    .use(
      resourcesToBackend((language: string) =>
        import(`../../locales/${language}.json`).catch((error: unknown) => {
          log(`Could not load the ${language} messages`, error);
          throw error;
        }),
      ),
    )
    .use(initReactI18next);
  void instance.init({
    lng: locale,
    supportedLngs: [...LOCALES],
    fallbackLng: false,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  return instance;
}
