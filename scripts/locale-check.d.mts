// Types for locale-check.mjs (plain JavaScript so that Node runs it without a build step).

export declare const LOCALE_TAGS: Readonly<{
  en: 'en-US';
  ar: 'ar-SA';
  de: 'de-DE';
  es: 'es-ES';
  fr: 'fr-FR';
  ru: 'ru-RU';
  th: 'th-TH';
  zh: 'zh-CN';
}>;

export declare const SOURCE_LOCALE: 'en';

/** `key` (every locale) or `locale:key` (one locale) whose value may equal the English one. */
export declare const ALLOW_IDENTICAL: readonly string[];

export interface CheckOptions {
  allowIdentical?: readonly string[];
}

/** One human-readable line per problem; empty when every locale matches en. */
export declare function checkLocales(messages: Record<string, unknown>, options?: CheckOptions): string[];

/** Plural categories of a BCP 47 tag, in i18next suffix order (zero, one, two, few, many, other). */
export declare function pluralCategories(tag: string, type?: 'cardinal' | 'ordinal'): string[];
