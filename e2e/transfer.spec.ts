import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Locale } from '../contract/locales';
import { expect, keepLanguage, receiveBankTransfer, registerCustomer, screenReady, test } from './fixtures';

/** A fresh customer's EUR account funded by a simulated bank transfer, and an empty BTC account. */
async function fundedCustomer(request: APIRequestContext, token: string, eur = '100.00') {
  const headers = { Authorization: `Bearer ${token}` };
  const open = async (currency: string) => {
    const response = await request.post('/api/accounts-management/open-account', { data: { currency }, headers });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };
  const eurAccount = await open('EUR');
  await open('BTC');
  await receiveBankTransfer(request, headers, { currency: 'EUR', amount: eur });
  return { eurAccount };
}

async function eurBalance(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.get('/api/simulate/accounts', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { currency: string; balance: string }[]).find((account) => account.currency === 'EUR')!.balance;
}

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a fiat-to-crypto quote that runs out is refreshed, and a double click on confirm moves money once', async ({ page, context }) => {
  const { tokens } = await registerCustomer(context.request);
  await fundedCustomer(context.request, tokens.accessToken);
  await page.clock.install();
  await page.goto('/transfer/fiat-to-crypto');
  await screenReady(page);

  await page.getByLabel('You pay').fill('50');
  const quote = page.getByTestId('quote');
  await expect(quote.getByTestId('quote-seconds')).toHaveText('The quote holds for 30 more seconds.', { timeout: 15_000 });
  const firstRate = await quote.locator('dd').first().textContent();
  expect(firstRate).toMatch(/€1\.00 = 0\.0000\d+\s*BTC/);

  // 30 seconds on the page's clock: the old quote is never reused, a fresh one replaces it.
  await page.clock.runFor(31_000);
  await expect(page.getByRole('status')).toHaveText('The quote ran out, so here is a fresh one. Check the figures.');
  await expect(quote.getByTestId('quote-seconds')).toHaveText(/The quote holds for (30|29) more seconds\./);

  await page.getByRole('button', { name: 'Review the transfer' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm the transfer' });
  await expect(sheet.getByTestId('quote-sheet')).toContainText('€50.00');
  await sheet.getByRole('button', { name: 'Confirm' }).dblclick();

  const receipt = page.getByTestId('transfer-receipt');
  await expect(receipt).toContainText('Transfer complete');
  await expect(receipt).toContainText('€50.00');
  expect(await eurBalance(context.request, tokens.accessToken)).toBe('50.00');
  const activities = await context.request.get('/api/activities?type=exchange', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(((await activities.json()) as { items: unknown[] }).items).toHaveLength(2);

  // The receipt opens the exchange's own page: what was paid, and what came of it.
  await receipt.getByRole('link', { name: 'See it in your activity' }).click();
  await expect(page).toHaveURL(/\/activities\/[0-9a-f-]{36}$/);
  const detail = page.getByTestId('activity-detail');
  await expect(detail).toContainText('Exchange');
  await expect(detail).toContainText('-€50.00');
  await expect(detail).toContainText('BTC');
});

test('an amount above the balance is explained before confirming, and what was typed stays', async ({ page, context }) => {
  const { tokens } = await registerCustomer(context.request);
  await fundedCustomer(context.request, tokens.accessToken, '20.00');
  await page.goto('/transfer/fiat-to-crypto');
  await screenReady(page);
  await page.getByLabel('You pay').fill('25');
  await expect(page.getByText('More than the €20.00 in this account.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Review the transfer' })).toBeDisabled();
  await expect(page.getByLabel('You pay')).toHaveValue('25');
});

for (const locale of ['en', 'ar'] as Locale[]) {
  for (const width of [390, 1280]) {
    test(`${locale} ${width}: screenshots and axe of the transfer form, quote and confirmation sheet`, async ({ page, context }) => {
      const { tokens } = await registerCustomer(context.request, locale);
      await fundedCustomer(context.request, tokens.accessToken);
      if (locale !== 'en') await keepLanguage(page, locale);
      await page.setViewportSize({ width, height: 900 });
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const shot = (name: string) =>
        page.screenshot({ path: `reports/screenshots/transfer-${name}-${locale}-${width}.png`, fullPage: true });

      await page.goto(`${prefix}/transfer`);
      await screenReady(page);
      await axeClean(page);
      await shot('choose');

      await page.goto(`${prefix}/transfer/fiat-to-crypto`);
      await screenReady(page);
      await page.getByLabel(locale === 'en' ? 'You pay' : 'تدفع').fill('50');
      await expect(page.getByTestId('quote')).toBeVisible({ timeout: 15_000 });
      await axeClean(page);
      await shot('quote');

      await page.getByRole('button', { name: locale === 'en' ? 'Review the transfer' : 'مراجعة التحويل' }).click();
      await expect(page.getByTestId('quote-sheet')).toBeVisible();
      await axeClean(page);
      await shot('sheet');
    });
  }
}
