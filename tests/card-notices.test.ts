import { describe, expect, it } from 'vitest';
import { LOCALES } from '../contract/locales';
import { formatAmount, formatPercent } from '../contract/money';
import { ltvNotice } from '../server/services/cardNotices';

/*
 * The loan-to-value e-mails write their numbers as the app's card screens do in the customer's language:
 * "66,67 %" in German, Arabic-Indic digits in Arabic — not the ledger's "66.67" with a hand-typed " %".
 */
describe('loan-to-value notices', () => {
  it('write the loan-to-value and both thresholds as the language writes percentages', () => {
    for (const locale of LOCALES) {
      const { body } = ltvNotice('warning', 'dana@example.test', locale, { ltv: '66.67' });
      for (const percent of ['66.67', '75', '85']) expect(body, locale).toContain(formatPercent(percent, locale));
      expect(body, locale).not.toMatch(/\{\w+\}/);
    }
    expect(ltvNotice('warning', 'dana@example.test', 'de', { ltv: '66.67' }).body).toMatch(/hat 66,67\s% erreicht/);
    expect(ltvNotice('margin_call', 'dana@example.test', 'fr', { ltv: '76.92' }).body).toMatch(/atteint 76,92\s%\./);
  });

  it('write the amount a liquidation repaid as money in euros', () => {
    for (const locale of LOCALES) {
      const { body } = ltvNotice('liquidation', 'dana@example.test', locale, { ltv: '89.29', amount: '20000.00' });
      expect(body, locale).toContain(formatAmount('20000.00', 'EUR', locale));
      expect(body, locale).toContain(formatPercent('89.29', locale));
    }
    expect(ltvNotice('liquidation', 'dana@example.test', 'en', { ltv: '89.29', amount: '20000.00' }).body).toContain(
      'reached 89.29%, so collateral was sold to repay your card debt of €20,000.00.',
    );
  });

  it('in Arabic, with no Western digit', () => {
    for (const kind of ['warning', 'margin_call', 'liquidation'] as const) {
      const { body } = ltvNotice(kind, 'dana@example.test', 'ar', { ltv: '89.29', amount: '20000.00' });
      expect(body, kind).not.toMatch(/[0-9]/);
    }
  });
});
