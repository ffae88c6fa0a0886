import type { APIRequestContext } from '@playwright/test';
import { ADMIN, DEMO, expect, keepLanguage, registerCustomer, screenReady, signInAs, test } from './fixtures';
import { pairRuns, saveScreenshot } from './screenshots';
import { expectNoAxeViolations } from './axe';

/** Signs in through the API: the browser context keeps the session cookies the server sets. */
async function balanceOf(request: APIRequestContext, token: string, currency: string): Promise<string> {
  const response = await request.get('/api/simulate/accounts', { headers: { Authorization: `Bearer ${token}` } });
  const accounts = (await response.json()) as { currency: string; balance: string }[];
  return accounts.find((account) => account.currency === currency)!.balance;
}

test.describe('simulation', () => {
  test('a customer receives a bank transfer and sees it in the balance and the activities', async ({ page, context }) => {
    const token = await signInAs(context, DEMO);
    const before = Number(await balanceOf(context.request, token, 'USD'));
    await page.goto('/simulate');
    await screenReady(page);
    const transfer = page.locator('section', { has: page.getByRole('heading', { name: 'Receive a bank transfer' }) });
    await transfer.getByLabel('Currency').selectOption('USD');
    await transfer.getByLabel('Sender name').fill('Grace Hopper');
    // The customer's own reference is filled in; more words around it still match.
    await expect(transfer.getByLabel('Reference')).toHaveValue(/^MRD/);
    const reference = `${await transfer.getByLabel('Reference').inputValue()} E2E invoice 42`;
    await transfer.getByLabel('Reference').fill(reference);
    await transfer.getByLabel('Amount').fill('12.34');
    await transfer.getByRole('button', { name: 'Receive the transfer' }).click();
    const expected = (before + 12.34).toFixed(2);
    await expect(page.getByTestId('balance-USD')).toContainText(
      `$${Number(expected).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    const activities = await context.request.get('/api/activities?limit=1', { headers: { Authorization: `Bearer ${token}` } });
    expect((await activities.json()).items[0]).toMatchObject({
      type: 'deposit',
      counterparty: 'Grace Hopper',
      reference,
      amount: '12.34',
    });
  });

  test('a wrong amount is refused with a translated message and nothing typed is lost', async ({ page, context }) => {
    await signInAs(context, DEMO);
    await keepLanguage(page, 'ar');
    await page.goto('/ar/simulate');
    await screenReady(page);
    const crypto = page.locator('section', { has: page.getByRole('heading', { name: 'استلام عملات مشفّرة' }) });
    await crypto.getByLabel('المبلغ').fill('0.000000001');
    await expect(crypto.getByRole('alert').first()).toBeVisible();
    await expect(crypto.getByLabel('المبلغ')).toHaveValue('0.000000001');
  });

  test('the admin credits a customer with a reason and the audit log shows it', async ({ page, context }) => {
    await signInAs(context, ADMIN);
    // A fresh customer has no accounts yet: the admin adjusts the demo customer, and takes it back.
    await page.goto('/simulate/admin');
    await screenReady(page);
    await page.getByLabel('Search by e-mail').fill('demo@');
    const adjust = page.locator('section', { has: page.getByRole('heading', { name: 'Credit or debit an account' }) });
    await expect(adjust.getByLabel('Account')).toContainText('demo@meridian.test');
    await adjust.getByLabel('Amount').fill('1.00');
    await adjust.getByLabel('Reason').fill('E2E goodwill credit');
    await adjust.getByRole('button', { name: 'Credit the account' }).click();
    const audit = page.getByTestId('audit-log');
    await expect(audit).toContainText('Account credited');
    await expect(audit).toContainText('Reason: E2E goodwill credit');
    await adjust.getByLabel('Direction').selectOption('debit');
    await adjust.getByLabel('Amount').fill('1.00');
    await adjust.getByLabel('Reason').fill('E2E goodwill credit reversed');
    await adjust.getByRole('button', { name: 'Debit the account' }).click();
    await expect(audit).toContainText('Reason: E2E goodwill credit reversed');
  });

  test('a customer opening /simulate/admin gets the 404 page', async ({ page, context }) => {
    await signInAs(context, DEMO);
    await page.goto('/simulate/admin');
    await expect(page.getByTestId('error-page')).toContainText('Page Not Found');
    await expect(page.getByTestId('error-page')).toContainText('/simulate/admin');
  });
});

test.describe('route middleware', () => {
  test('an unverified customer is sent from a money page to the e-mail verification', async ({ page, context }) => {
    await registerCustomer(context.request, 'en', { verified: false });
    await page.goto('/transfer');
    await expect(page).toHaveURL(/\/register\/verify-email$/);
    await screenReady(page);
  });

  test('a customer without a confirmed phone is sent from a withdrawal to the security settings', async ({ page, context }) => {
    await signInAs(context, DEMO);
    await page.goto('/accounts/crypto/withdraw/BTC');
    await expect(page).toHaveURL(/\/profile\/security\?needs=phone&next=%2Faccounts%2Fcrypto%2Fwithdraw%2FBTC$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Withdrawals and other payments that leave Meridian need a confirmed phone' }),
    ).toBeVisible();
    await screenReady(page);
  });

  test('a route rule naming an unknown middleware shows the error page, never a blank screen', async ({ page, context }) => {
    await signInAs(context, DEMO);
    await page.route('**/route-rules.json', (route) =>
      route.fulfill({ json: { rules: [{ path: '/help', middleware: ['needs-a-unicorn'] }] } }),
    );
    await page.goto('/ar/help');
    await expect(page.getByTestId('error-page')).toContainText('500');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('simulation screens', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const width of [390, 1280].filter((w) => pairRuns(language, w))) {
      test(`/simulate and /simulate/admin in ${language} at ${width}px, axe clean`, async ({ page, context }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        const prefix = language === 'en' ? '' : `/${language}`;
        await keepLanguage(page, language);
        await signInAs(context, DEMO);
        await page.goto(`${prefix}/simulate`);
        await screenReady(page);
        await expect(page.getByTestId('balance-EUR')).toBeVisible();
        await saveScreenshot(page, { path: `reports/screenshots/simulate-${language}-${width}.png`, fullPage: true });
        await expectNoAxeViolations(page, { everyRule: true });
        await context.clearCookies();
        await signInAs(context, ADMIN);
        await page.goto(`${prefix}/simulate/admin`);
        await screenReady(page);
        await expect(page.getByTestId('audit-log')).toBeVisible();
        await expect(page.getByText('demo@meridian.test').first()).toBeVisible();
        await saveScreenshot(page, { path: `reports/screenshots/simulate-admin-${language}-${width}.png`, fullPage: true });
        await expectNoAxeViolations(page, { everyRule: true });
      });
    }
  }
});
