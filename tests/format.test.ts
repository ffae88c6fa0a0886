import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, languageAutonym } from '../src/i18n/format';

describe('Intl formatting per locale', () => {
  it('formats fiat with the locale’s symbol placement and separators, exactly from decimal strings', () => {
    expect(formatMoney('1234567.89', 'EUR', 'en', 'fiat')).toBe('€1,234,567.89');
    expect(formatMoney('1234567.89', 'EUR', 'de', 'fiat')).toBe('1.234.567,89\u00a0€');
    // Beyond float precision: a string keeps every digit up to the currency's decimals.
    expect(formatMoney('9007199254740993.25', 'USD', 'en', 'fiat')).toBe('$9,007,199,254,740,993.25');
  });

  it('uses Arabic-Indic digits for ar (ar-SA)', () => {
    expect(formatNumber('1234.5', 'ar')).toBe('١٬٢٣٤٫٥');
  });

  it('appends USDT and crypto codes after the number (Intl rejects USDT as a currency)', () => {
    expect(formatMoney('10.5', 'USDT', 'en', 'crypto')).toBe('10.50\u00a0USDT');
    expect(formatMoney('0.00012345', 'BTC', 'fr', 'crypto')).toBe('0,00012345\u00a0BTC');
    expect(formatMoney('0.123456789', 'ETH', 'en', 'crypto', 6)).toBe('0.123457\u00a0ETH');
  });

  it('shows Gregorian years in Thai, not the Buddhist calendar', () => {
    const date = new Date(Date.UTC(2026, 10, 22, 12));
    expect(formatDate(date, 'th', { year: 'numeric', timeZone: 'UTC' })).toContain('2026');
    expect(formatDate(date, 'th', { year: 'numeric', timeZone: 'UTC' })).not.toContain('2569');
  });

  it('names each language in its own language', () => {
    expect(languageAutonym('de')).toBe('Deutsch');
    expect(languageAutonym('ar')).toBe('العربية');
    expect(languageAutonym('ru')).toBe('Русский');
  });
});
