import { describe, expect, it } from 'vitest';
import { LOCALES, assetDecimals, type Locale } from '../contract';
import { amountForInput, formatAmount, formatRate, parseAmount } from '../src/ui/money';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const RLM = '\u200f';
const ETH_18 = '1234567.123456789012345678';

/** Each locale: 18-decimal ETH, EUR, and the same ETH amount as a customer types it (no grouping). */
const EXPECTED: Record<Locale, { eth: string; eur: string; typed: string }> = {
  en: { eth: `1,234,567.123456789012345678${NBSP}ETH`, eur: '€2,450.75', typed: '1234567.123456789012345678' },
  ar: { eth: `١٬٢٣٤٬٥٦٧٫١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨${NBSP}ETH`, eur: `${RLM}٢٬٤٥٠٫٧٥${NBSP}€`, typed: '١٢٣٤٥٦٧٫١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨' },
  de: { eth: `1.234.567,123456789012345678${NBSP}ETH`, eur: `2.450,75${NBSP}€`, typed: '1234567,123456789012345678' },
  // Spanish groups thousands only from five digits on.
  es: { eth: `1.234.567,123456789012345678${NBSP}ETH`, eur: `2450,75${NBSP}€`, typed: '1234567,123456789012345678' },
  fr: { eth: `1${NNBSP}234${NNBSP}567,123456789012345678${NBSP}ETH`, eur: `2${NNBSP}450,75${NBSP}€`, typed: '1234567,123456789012345678' },
  ru: { eth: `1${NBSP}234${NBSP}567,123456789012345678${NBSP}ETH`, eur: `2${NBSP}450,75${NBSP}€`, typed: '1234567,123456789012345678' },
  th: { eth: `1,234,567.123456789012345678${NBSP}ETH`, eur: '€2,450.75', typed: '1234567.123456789012345678' },
  zh: { eth: `1,234,567.123456789012345678${NBSP}ETH`, eur: '€2,450.75', typed: '1234567.123456789012345678' },
};

describe('formatAmount rounded: a hint’s amount cut down to what is worth reading', () => {
  it('keeps six decimals of a coin, a stablecoin’s cents and Bitcoin’s eight, never rounding up', () => {
    expect(formatAmount('0.412345678901234567', 'ETH', 'en', { rounded: true })).toBe(`0.412345${NBSP}ETH`);
    expect(formatAmount('0.999999999999999999', 'ETH', 'en', { rounded: true })).toBe(`0.999999${NBSP}ETH`);
    expect(formatAmount('12.345678', 'USDT', 'en', { rounded: true })).toBe(`12.34${NBSP}USDT`);
    expect(formatAmount('0.12345678', 'BTC', 'en', { rounded: true })).toBe(`0.12345678${NBSP}BTC`);
    expect(formatAmount('150.99', 'EUR', 'en', { rounded: true })).toBe('€150.99');
    expect(formatAmount('0.412345678901234567', 'ETH', 'ar', { rounded: true })).toBe(`٠٫٤١٢٣٤٥${NBSP}ETH`);
  });
});

describe('formatAmount: exact decimal strings through Intl', () => {
  it.each(LOCALES)('%s: 18-decimal ETH keeps every digit, EUR its currency', (locale) => {
    expect(formatAmount(ETH_18, 'ETH', locale)).toBe(EXPECTED[locale].eth);
    expect(formatAmount('2450.75', 'EUR', locale)).toBe(EXPECTED[locale].eur);
  });

  it('keeps digits beyond float precision', () => {
    // As a Number this would be 9007199254740992.
    expect(formatAmount('9007199254740993.25', 'USD', 'en')).toBe('$9,007,199,254,740,993.25');
    expect(formatAmount('0.000000000000000001', 'ETH', 'en')).toBe(`0.000000000000000001${NBSP}ETH`);
  });

  it('shows crypto with the asset code after the number and at least two decimals', () => {
    expect(formatAmount('0.0425', 'BTC', 'fr')).toBe(`0,0425${NBSP}BTC`);
    expect(formatAmount('1250.5', 'USDT', 'en')).toBe(`1,250.50${NBSP}USDT`);
    expect(formatAmount('1.2', 'ETH', 'de')).toBe(`1,20${NBSP}ETH`);
  });

  it('cuts digits beyond the asset’s decimals instead of rounding up', () => {
    expect(formatAmount('0.123456789', 'BTC', 'en')).toBe(`0.12345678${NBSP}BTC`);
    expect(formatAmount('10.999', 'EUR', 'en')).toBe('€10.99');
    expect(formatAmount('1.2345679', 'USDC', 'en')).toBe(`1.234567${NBSP}USDC`);
  });

  it('knows each asset’s decimals', () => {
    expect(['EUR', 'USD', 'BTC', 'ETH', 'BNB', 'AVAX', 'USDT', 'USDC'].map(assetDecimals)).toEqual([2, 2, 8, 18, 18, 18, 6, 6]);
  });
});

/** Unicode's isolates: left to right, right to left, and their end. */
const LRI = '\u2066';
const RLI = '\u2067';
const PDI = '\u2069';

describe('formatRate: a rate as the price of the asset, in one order in every language', () => {
  it('prices the crypto asset in fiat whichever way the money goes (en)', () => {
    // Buying BTC with euros: the quote's rate is BTC per euro; the price is its inverse.
    const buying = formatRate({ fromAsset: 'EUR', toAsset: 'BTC', rate: '0.000016190000000000' }, 'en');
    const selling = formatRate({ fromAsset: 'BTC', toAsset: 'EUR', rate: '61766.120000000000000000' }, 'en');
    expect(selling).toBe(`${LRI}1.00${NBSP}BTC${PDI} = ${LRI}€61,766.12${PDI}`);
    expect(buying).toBe(`${LRI}1.00${NBSP}BTC${PDI} = ${LRI}€61,766.52${PDI}`);
    // A stablecoin is priced too, though its unit is worth less than the euro's.
    expect(formatRate({ fromAsset: 'EUR', toAsset: 'USDT', rate: '1.08' }, 'en')).toBe(`${LRI}1.00${NBSP}USDT${PDI} = ${LRI}€0.92${PDI}`);
    // Crypto against crypto (and fiat against fiat): the unit worth more is priced.
    expect(formatRate({ fromAsset: 'ETH', toAsset: 'BTC', rate: '0.04' }, 'en')).toBe(
      `${LRI}1.00${NBSP}BTC${PDI} = ${LRI}25.00${NBSP}ETH${PDI}`,
    );
  });

  it('ar: the asset first in reading order, every digit Arabic-Indic, Intl\'s "US$" kept in one piece', () => {
    const text = formatRate({ fromAsset: 'BTC', toAsset: 'USD', rate: '61766.12' }, 'ar');
    expect(text).toBe(`${RLI}١٫٠٠${NBSP}BTC${PDI} = ${RLI}${RLM}٦١٬٧٦٦٫١٢${NBSP}${LRI}US$${PDI}${PDI}`);
    expect(text).not.toMatch(/[0-9]/);
  });
});

describe('formatAmount on screen', () => {
  it('is Intl\'s text, with a Latin symbol isolated left to right in Arabic so "US$" never reads "$US"', () => {
    expect(formatAmount('310', 'USD', 'ar')).toBe(`${RLM}٣١٠٫٠٠${NBSP}${LRI}US$${PDI}`);
    expect(formatAmount('-310', 'CAD', 'ar')).toBe(`؜-${RLM}٣١٠٫٠٠${NBSP}${LRI}CA$${PDI}`);
    expect(formatAmount('310', 'EUR', 'ar')).toBe(`${RLM}٣١٠٫٠٠${NBSP}€`);
    expect(formatAmount('310', 'USD', 'en')).toBe('$310.00');
  });
});

describe('parseAmount: what a customer types, as a canonical decimal string', () => {
  it.each(LOCALES)('%s: reads back its own 18-decimal input exactly', (locale) => {
    expect(amountForInput(ETH_18, locale)).toBe(EXPECTED[locale].typed);
    expect(parseAmount(EXPECTED[locale].typed, locale, 18)).toEqual({ ok: true, value: ETH_18 });
  });

  it.each(LOCALES)('%s: reads back its own grouped display of the number', (locale) => {
    const shown = EXPECTED[locale].eth.replace(`${NBSP}ETH`, '');
    expect(parseAmount(shown, locale, 18)).toEqual({ ok: true, value: ETH_18 });
  });

  it('takes Arabic-Indic, Persian, Thai and full-width digits', () => {
    expect(parseAmount('١٢٫٥', 'ar', 2)).toEqual({ ok: true, value: '12.5' });
    expect(parseAmount('۱۲.۵', 'ar', 2)).toEqual({ ok: true, value: '12.5' });
    expect(parseAmount('๑๒.๕', 'th', 2)).toEqual({ ok: true, value: '12.5' });
    expect(parseAmount('１２．５', 'zh', 2)).toEqual({ ok: false, error: 'invalid_character' });
    expect(parseAmount('１２.５', 'zh', 2)).toEqual({ ok: true, value: '12.5' });
  });

  it('takes "." or "," as the decimal sign unless the locale groups thousands with it', () => {
    expect(parseAmount('1,5', 'fr', 2)).toEqual({ ok: true, value: '1.5' });
    expect(parseAmount('1.5', 'fr', 2)).toEqual({ ok: true, value: '1.5' });
    expect(parseAmount('1 500,25', 'fr', 2)).toEqual({ ok: true, value: '1500.25' });
    expect(parseAmount('1,5', 'ru', 2)).toEqual({ ok: true, value: '1.5' });
    expect(parseAmount('1.5', 'ar', 2)).toEqual({ ok: true, value: '1.5' });
    expect(parseAmount('1.500,5', 'de', 2)).toEqual({ ok: true, value: '1500.5' });
    expect(parseAmount('1,500.5', 'en', 2)).toEqual({ ok: true, value: '1500.5' });
    // A thousands separator must sit between groups of three, or the amount is ambiguous.
    expect(parseAmount('1,5', 'en', 2)).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('1.5', 'de', 2)).toEqual({ ok: false, error: 'invalid' });
    expect(parseAmount('1.5', 'es', 2)).toEqual({ ok: false, error: 'invalid' });
  });

  it('canonicalises: no leading zeros, no trailing fraction zeros', () => {
    expect(parseAmount('007', 'en', 2)).toEqual({ ok: true, value: '7' });
    expect(parseAmount('.5', 'en', 2)).toEqual({ ok: true, value: '0.5' });
    expect(parseAmount('5.', 'en', 2)).toEqual({ ok: true, value: '5' });
    expect(parseAmount(' 1.50 ', 'en', 2)).toEqual({ ok: true, value: '1.5' });
    expect(parseAmount('0.000000010', 'en', 8)).toEqual({ ok: true, value: '0.00000001' });
  });

  it('refuses more decimals than the asset has', () => {
    expect(parseAmount('0.000000001', 'en', assetDecimals('BTC'))).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseAmount('1,005', 'de', assetDecimals('EUR'))).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseAmount('1.0000001', 'en', assetDecimals('USDT'))).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseAmount(`${ETH_18}9`, 'en', assetDecimals('ETH'))).toEqual({ ok: false, error: 'too_many_decimals' });
  });

  it('refuses what is not an amount, saying why', () => {
    for (const text of ['1.2.3', '.']) expect(parseAmount(text, 'en', 8)).toEqual({ ok: false, error: 'invalid' });
    for (const text of ['abc', '1e3', '12$', '+1']) expect(parseAmount(text, 'en', 8)).toEqual({ ok: false, error: 'invalid_character' });
    for (const text of ['-5', '−5', '-0']) expect(parseAmount(text, 'en', 8)).toEqual({ ok: false, error: 'negative' });
    for (const text of ['0', '0.00', '٠٫٠']) expect(parseAmount(text, 'ar', 8)).toEqual({ ok: false, error: 'zero' });
    expect(parseAmount('   ', 'en', 8)).toEqual({ ok: false, error: 'empty' });
  });
});
