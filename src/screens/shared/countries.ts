import { COUNTRY_CODES, LOCALE_TAGS, type CountryCode, type Locale } from '../../../contract';

export interface CountryOption {
  code: CountryCode;
  name: string;
}

/**
 * Every country of the contract's list, named in the interface language by `Intl.DisplayNames` and
 * sorted by that language's collation. A code the browser cannot name keeps the code itself.
 */
export function countryOptions(locale: Locale): CountryOption[] {
  const tag = LOCALE_TAGS[locale];
  const names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(tag);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}
