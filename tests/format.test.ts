import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, languageAutonym } from '../src/i18n/format';

describe('Intl formatting per locale', () => {
  it('uses Arabic-Indic digits for ar (ar-SA)', () => {
    expect(formatNumber('1234.5', 'ar')).toBe('١٬٢٣٤٫٥');
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
