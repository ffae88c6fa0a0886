import { describe, expect, it } from 'vitest';
import { accountName, accountNameKind } from '../contract/accountNames';
import { LOCALES } from '../contract/locales';
import en from '../locales/en.json' with { type: 'json' };
import { STATEMENT_TEXTS } from '../server/statements/texts';

// Issue 11: the server stores English account names; what the customer reads is made in their language.
describe('account names', () => {
  const appWords = { fiat: (currency: string) => en.accountNames.fiat.replace('{{currency}}', currency), card: en.accountNames.card };

  it('names a fiat account by its currency in the language, a crypto one by its asset, the card account by the product', () => {
    expect(accountName('fiat', 'GBP', 'en', appWords)).toBe('British Pound account');
    expect(accountName('fiat', 'EUR', 'de', STATEMENT_TEXTS.de.accountNames)).toBe('Konto in Euro');
    expect(accountName('fiat', 'EUR', 'ar', STATEMENT_TEXTS.ar.accountNames)).toBe('حساب يورو');
    expect(accountName('fiat', 'USD', 'zh', STATEMENT_TEXTS.zh.accountNames)).toBe('美元账户');
    expect(accountName('crypto', 'BTC', 'de', STATEMENT_TEXTS.de.accountNames)).toBe('Bitcoin');
    // A coin's name as the language writes it (issue 26); a brand name stays as it is.
    expect(accountName('crypto', 'BTC', 'th', STATEMENT_TEXTS.th.accountNames)).toBe('บิตคอยน์');
    expect(accountName('crypto', 'BTC', 'ar', appWords)).toBe('بيتكوين');
    expect(accountName('crypto', 'ETH', 'zh', appWords)).toBe('以太币');
    expect(accountName('crypto', 'USDT', 'ar', appWords)).toBe('Tether USD');
    expect(accountName('card', 'EUR', 'fr', STATEMENT_TEXTS.fr.accountNames)).toBe('Carte Meridian');
  });

  it('tells the kind from the asset, the card account when said', () => {
    expect([accountNameKind('EUR'), accountNameKind('ETH'), accountNameKind('EUR', true)]).toEqual(['fiat', 'crypto', 'card']);
  });

  it('never falls back to English in another language', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const name = accountName('fiat', 'EUR', locale, STATEMENT_TEXTS[locale].accountNames);
      expect(name, locale).not.toContain('account');
    }
  });
});
