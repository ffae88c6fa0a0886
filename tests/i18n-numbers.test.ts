import { describe, expect, it } from 'vitest';
import { messagesIn } from './translate';

const LATIN_DIGIT = /[0-9]/;

describe('numbers inside messages', () => {
  it('are in Arabic-Indic digits in Arabic, as the amounts beside them are', async () => {
    const { t } = await messagesIn('ar');
    const holds = t('transfer.quote.holds', { count: 27 });
    expect(holds).toContain('٢٧');
    expect(holds).not.toMatch(LATIN_DIGIT);
    expect(t('onChain.deposit.progress', { count: 1, required: 12 })).toContain('١٢');
    expect(t('transfer.quote.fee', { percent: '0.1' })).toContain('٠٫١');
    expect(t('onboarding.slideOf', { number: 3, count: 5 })).toMatch(/٣.*٥/);
    expect(t('payByCode.lockedOut.wait', { count: 15 })).not.toMatch(LATIN_DIGIT);
  });

  it('still pick the plural form from the count itself, not from its formatted digits', async () => {
    const { t } = await messagesIn('ar');
    // Arabic: 3 → few ("ثوانٍ"), 11 → many, 100 → other; each form then shows the number in Arabic digits.
    expect(t('errors.rate_limited', { count: 3 })).toBe(t('errors.rate_limited_few', { count: 3 }));
    expect(t('errors.rate_limited', { count: 3 })).toContain('٣');
    expect(t('errors.rate_limited', { count: 11 })).toBe(t('errors.rate_limited_many', { count: 11 }));
    expect(t('errors.rate_limited', { count: 100 })).toBe(t('errors.rate_limited_other', { count: 100 }));
    const ru = await messagesIn('ru');
    expect(ru.t('help.results', { count: 2 })).toBe(ru.t('help.results_few', { count: 2 }));
  });

  it('keep Latin digits where the language writes them, grouped its way', async () => {
    const en = await messagesIn('en');
    expect(en.t('transfer.quote.holds', { count: 30 })).toBe('The quote holds for 30 more seconds.');
    expect(en.t('statement.errors.tooLong', { count: 1000 })).toBe('At most 1,000 days.');
    const de = await messagesIn('de');
    expect(de.t('statement.errors.tooLong', { count: 1000 })).toContain('1.000');
    const th = await messagesIn('th');
    expect(th.t('help.results', { count: 4 })).toContain('4');
  });
});
