import { assetInfo, type CryptoAsset } from './assetList';
import { LOCALE_TAGS, type Locale } from './locales';

/*
 * The name of an account as the customer reads it, in their language. The server stores an English name
 * (`Euro account`, `Meridian card`) for its own logs and tools; what the app and the statements show is
 * made from what the account is: a fiat account by its currency's name in the language (Intl), a crypto
 * account by its asset's own name, the card account by the product's name.
 */

/** Coin names a language writes its own way; elsewhere, and for brand names (Tether USD, BNB), the asset's own. */
const COIN_NAMES: Record<Locale, Partial<Record<CryptoAsset, string>>> = {
  en: {},
  de: {},
  es: {},
  fr: {},
  ar: { BTC: 'بيتكوين', ETH: 'إيثر', AVAX: 'أفالانش' },
  ru: { BTC: 'Биткоин', ETH: 'Эфир' },
  th: { BTC: 'บิตคอยน์', ETH: 'อีเธอร์' },
  zh: { BTC: '比特币', ETH: '以太币' },
};

/** A crypto asset's name in `locale` ("Bitcoin", Arabic "بيتكوين"); an unknown code stays itself. */
export function coinName(code: string, locale: Locale): string {
  const info = assetInfo(code);
  return (info && COIN_NAMES[locale][info.code as CryptoAsset]) ?? info?.name ?? code;
}

/** What an account is, as far as its name goes. */
export type AccountNameKind = 'fiat' | 'crypto' | 'card';

/** The words of one language: the fiat account around its currency's name, and the card account. */
export interface AccountNameWords {
  fiat: (currencyName: string) => string;
  card: string;
}

/** The kind of a customer's account in `currency`, unless it is the card account. */
export function accountNameKind(currency: string, card = false): AccountNameKind {
  if (card) return 'card';
  return assetInfo(currency)?.kind === 'crypto' ? 'crypto' : 'fiat';
}

export function accountName(kind: AccountNameKind, currency: string, locale: Locale, words: AccountNameWords): string {
  if (kind === 'card') return words.card;
  if (kind === 'crypto') return coinName(currency, locale);
  const currencyName = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'currency', fallback: 'code' }).of(currency) ?? currency;
  return words.fiat(currencyName);
}
