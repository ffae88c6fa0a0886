import { assetInfo } from './assetList';
import { LOCALE_TAGS, type Locale } from './locales';

/*
 * The name of an account as the customer reads it, in their language. The server stores an English name
 * (`Euro account`, `Meridian card`) for its own logs and tools; what the app and the statements show is
 * made from what the account is: a fiat account by its currency's name in the language (Intl), a crypto
 * account by its asset's own name, the card account by the product's name.
 */

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
  if (kind === 'crypto') return assetInfo(currency)?.name ?? currency;
  const currencyName = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'currency', fallback: 'code' }).of(currency) ?? currency;
  return words.fiat(currencyName);
}
