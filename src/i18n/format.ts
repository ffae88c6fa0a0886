import { LOCALE_TAGS, type Locale } from '../../contract';
import { dateTimeFormat, numberFormat } from '../../contract/intlCache';

/** Thai's default calendar is Buddhist; the product shows Gregorian dates in every language. */
function dateTag(locale: Locale): string {
  return locale === 'th' ? `${LOCALE_TAGS.th}-u-ca-gregory` : LOCALE_TAGS[locale];
}

/** Intl accepts decimal strings exactly (no float rounding) — amounts stay strings end to end. */
type Decimal = string;

export function formatNumber(value: Decimal | number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return numberFormat(LOCALE_TAGS[locale], options).format(value as Intl.StringNumericLiteral);
}

export function formatDate(date: Date, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return dateTimeFormat(dateTag(locale), options).format(date);
}

/** A language's name in its own language (“Deutsch”, “العربية”), for the language picker. */
export function languageAutonym(locale: Locale): string {
  const name = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(LOCALE_TAGS[locale]) + name.slice(1);
}
