import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { pdfText } from '../tests/pdfText';
import type { Locale } from '../contract/locales';
import { STATEMENT_TEXTS } from '../server/statements/texts';
import { expect, receiveBankTransfer, registerCustomer, screenReady, someClientAddress, test } from './fixtures';

const messages = (locale: Locale) => JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as { statement: Record<string, string> };
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);
const today = () => new Date().toISOString().slice(0, 10);
const dayBefore = (day: string) => new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);

/** Opens the account's statement sheet, asks for the days given in `format` and answers the downloaded file's bytes. */
async function downloadStatement(
  page: Page,
  locale: Locale,
  format: 'csv' | 'pdf',
  days: { from: string; to: string },
): Promise<{ name: string; bytes: Uint8Array }> {
  const words = messages(locale).statement;
  await page.getByTestId('statement-open').click();
  const form = page.getByTestId('statement-form');
  await form.getByLabel(words.from!, { exact: true }).fill(days.from);
  await form.getByLabel(words.to!, { exact: true }).fill(days.to);
  await form.getByLabel(words.format!).selectOption(format);
  const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: words.download }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: new Uint8Array(readFileSync(path)) };
}

// What the customer downloads from an account's page, in the customer's saved language: the scripts that
// need their own fonts (Arabic right-to-left with its digits, Thai, Chinese) and English.
for (const locale of ['en', 'ar', 'th', 'zh'] as const) {
  test(`${locale}: the statement of an account downloads as CSV and PDF in the customer's language`, async ({ page }) => {
    test.slow();
    const request = page.context().request;
    const { tokens } = await registerCustomer(request, locale);
    const headers = { Authorization: `Bearer ${tokens.accessToken}`, 'X-Forwarded-For': someClientAddress() };
    const opened = await request.post('/api/accounts-management/open-account', {
      data: { currency: 'EUR' },
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const account = (await opened.json()) as { id: string };
    await receiveBankTransfer(request, headers, { currency: 'EUR', amount: '125.50', senderName: 'Layla Haddad' });

    // The day is read once, after the deposit, and the statement starts the day before: a run that crosses
    // midnight still asks for a range holding the deposit, and names the file as the test expects.
    const to = today();
    const days = { from: dayBefore(to), to };
    await page.goto(`${prefix(locale)}/accounts/${account.id}`);
    await screenReady(page);
    const texts = STATEMENT_TEXTS[locale];

    const csv = await downloadStatement(page, locale, 'csv', days);
    expect(csv.name).toBe(`meridian-statement-EUR-${days.from}-${days.to}.csv`);
    const rows = new TextDecoder().decode(csv.bytes).replace(/^\uFEFF/, '');
    expect(rows.split(/\r?\n/)[0]).toContain(texts.date);
    expect(rows).toContain(texts.types.deposit);
    expect(rows).toContain('Layla Haddad');
    expect(rows).toContain('125.50');

    const pdf = await downloadStatement(page, locale, 'pdf', days);
    expect(pdf.name).toBe(`meridian-statement-EUR-${days.from}-${days.to}.pdf`);
    const text = await pdfText(pdf.bytes);
    const squeezed = text.replace(/\s+/g, '');
    // Arabic comes back in visual runs: every character is there, in whichever order the runs were drawn.
    const has = (expected: string) =>
      locale === 'ar'
        ? [...expected.replace(/\s/g, '')].forEach((char) => expect(squeezed, expected).toContain(char))
        : expect(squeezed, expected).toContain(expected.replace(/\s+/g, ''));
    for (const heading of [texts.title, texts.opening, texts.closing, texts.amount, texts.balance, texts.types.deposit]) has(heading);
    has('Layla');
    has(locale === 'ar' ? '١٢٥٫٥٠' : '125.50');
    expect(text).not.toContain('\uFFFD');
  });
}
