// No zod here: the app's first load needs this file (paths, locales); `localeSchema` is in ./common.

/** The eight interface languages; English is the default and lives at bare paths. */
export const LOCALES = ['en', 'ar', 'de', 'es', 'fr', 'ru', 'th', 'zh'] as const;
export const DEFAULT_LOCALE = 'en';

export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tags used for Intl and <html lang>: each language is pinned to a region (docs/product.md#languages). */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: 'en-US',
  ar: 'ar-SA',
  de: 'de-DE',
  es: 'es-ES',
  fr: 'fr-FR',
  ru: 'ru-RU',
  th: 'th-TH',
  zh: 'zh-CN',
};

export const RTL_LOCALES: ReadonlySet<Locale> = new Set(['ar']);

/** `/de/accounts` → `{ locale: 'de', basePath: '/accounts' }`; bare paths are English. */
export function splitLocalePath(path: string): { locale: Locale; basePath: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(path);
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1], basePath: match[2] || '/' };
  }
  return { locale: DEFAULT_LOCALE, basePath: path || '/' };
}

/** `('/accounts', 'de')` → `/de/accounts`; the home page of `de` is `/de`. */
export function localizePath(basePath: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return basePath;
  return basePath === '/' ? `/${locale}` : `/${locale}${basePath}`;
}
