import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect, keepLanguage, registerCustomer, screenReady, signInAs, test } from './fixtures';
import { pairRuns, saveScreenshot } from './screenshots';
import { expectNoAxeViolations } from './axe';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** Opening an account takes an Idempotency-Key, like the money POSTs. */
const withKey = (token: string) => ({ ...auth(token), 'Idempotency-Key': crypto.randomUUID() });

async function balanceOf(request: APIRequestContext, token: string, currency: string): Promise<string | undefined> {
  const accounts = (await (await request.get('/api/simulate/accounts', { headers: auth(token) })).json()) as {
    currency: string;
    balance: string;
  }[];
  return accounts.find((account) => account.currency === currency)?.balance;
}

test.describe('top-ups', () => {
  test('an admin creates a voucher code and a customer redeems it once', async ({ browser }) => {
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInAs(adminContext, ADMIN);
    await adminPage.goto('/simulate/admin');
    await screenReady(adminPage);
    const form = adminPage.locator('section', { has: adminPage.getByRole('heading', { name: 'Create a voucher code' }) });
    await form.getByLabel('Amount').fill('12.50');
    await form.getByRole('button', { name: 'Create the code' }).click();
    const created = adminPage.getByTestId('created-voucher');
    await expect(created).toBeVisible({ timeout: 15_000 });
    const code = (await created.locator('bdi').textContent())!.trim();
    await expect(adminPage.getByTestId('audit-log')).toContainText('Voucher code created');
    await adminContext.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    const { tokens } = await registerCustomer(context.request);
    // The limit arrives after the form is on screen, and the form must not move then: a press aimed at it
    // would land elsewhere (the Redeem press below once did). At phone width, where the figures wrap.
    await page.setViewportSize({ width: 390, height: 844 });
    let answerLimits!: () => void;
    const limitsHeld = new Promise<void>((resolve) => (answerLimits = resolve));
    await page.route('**/api/users-deposit-levels/limits', async (route) => {
      await limitsHeld;
      await route.fallback();
    });
    await page.goto('/inject/pay-by-code');
    await screenReady(page);
    const fieldTop = async () => (await page.getByLabel('Voucher code').boundingBox())!.y;
    const before = await fieldTop();
    answerLimits();
    await expect(page.getByTestId('limit-left')).toContainText('Available now');
    expect(await fieldTop()).toBe(before);
    // A typo is caught before sending.
    const typo = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
    await page.getByLabel('Voucher code').fill(typo);
    await page.getByRole('button', { name: 'Redeem code' }).click();
    await expect(page.getByText('This code has a typo. Check each character against your voucher.')).toBeVisible();
    await page.getByLabel('Voucher code').fill(code.toLowerCase().replace(/-/g, ''));
    await expect(page.getByLabel('Voucher code')).toHaveValue(code);
    await page.getByRole('button', { name: 'Redeem code' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Code redeemed' })).toBeVisible({ timeout: 15_000 });
    expect(await balanceOf(context.request, tokens.accessToken, 'EUR')).toBe('12.50');
    await page.getByRole('button', { name: 'Redeem another code' }).click();
    await page.getByLabel('Voucher code').fill(code);
    await page.getByRole('button', { name: 'Redeem code' }).click();
    await expect(page.getByText('This code has already been used.')).toBeVisible({ timeout: 15_000 });
    await context.close();
  });

  test('a bank transfer carrying the reference is credited; one naming nobody is held and an admin assigns it', async ({
    page,
    context,
    browser,
  }) => {
    const { email, tokens } = await registerCustomer(context.request);
    await context.request.post('/api/accounts-management/open-account', {
      data: { currency: 'EUR' },
      headers: withKey(tokens.accessToken),
    });
    await page.goto('/inject/fiat');
    await screenReady(page);
    const reference = (await page.getByTestId('fiat-reference').locator('bdi').textContent())!.trim();
    expect(reference).toMatch(/^MRD[0-9A-Z]{8}$/);
    await expect(page.getByRole('button', { name: 'Print these details' })).toBeVisible();

    // The simulation's transfer form fills in the customer's own reference.
    await page.goto('/simulate');
    await screenReady(page);
    const transfer = page.locator('section', { has: page.getByRole('heading', { name: 'Receive a bank transfer' }) });
    await expect(transfer.getByLabel('Reference')).toHaveValue(reference);
    await transfer.getByLabel('Sender name').fill('Grace Hopper');
    await transfer.getByLabel('Amount').fill('40.00');
    await transfer.getByRole('button', { name: 'Receive the transfer' }).click();
    await expect(page.getByText('Received: credited to the customer whose reference it carries.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('balance-EUR')).toContainText('40.00');

    const unknown = `Invoice ${Date.now()}`;
    await transfer.getByLabel('Reference').fill(unknown);
    await transfer.getByLabel('Amount').fill('7.00');
    await transfer.getByRole('button', { name: 'Receive the transfer' }).click();
    await expect(page.getByText('No customer has this reference: the transfer is held for an admin’s review.')).toBeVisible({
      timeout: 15_000,
    });

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInAs(adminContext, ADMIN);
    await adminPage.goto('/simulate/admin');
    await screenReady(adminPage);
    const held = adminPage.getByTestId('held-transfer').filter({ hasText: unknown });
    await held.getByLabel('Customer’s e-mail').fill(email);
    await held.getByLabel('Reason').fill('Sender confirmed the customer by phone');
    await held.getByRole('button', { name: 'Assign to the customer' }).click();
    await expect(adminPage.getByTestId('audit-log')).toContainText('Held transfer assigned', { timeout: 15_000 });
    await expect(adminPage.getByTestId('held-transfer').filter({ hasText: unknown })).toHaveCount(0);
    await adminContext.close();
    expect(await balanceOf(context.request, tokens.accessToken, 'EUR')).toBe('47.00');
  });

  for (const locale of ['en', 'ar'] as const) {
    for (const viewport of [
      { name: 'mobile', width: 390, height: 844 },
      { name: 'desktop', width: 1280, height: 900 },
    ].filter((v) => pairRuns(locale, v.width))) {
      test(`screenshots and axe ${locale} ${viewport.name}`, async ({ page, context }) => {
        await page.setViewportSize(viewport);
        const { tokens } = await registerCustomer(context.request, locale);
        await context.request.post('/api/accounts-management/open-account', {
          data: { currency: 'EUR' },
          headers: withKey(tokens.accessToken),
        });
        if (locale !== 'en') await keepLanguage(page, locale);
        const prefix = locale === 'en' ? '' : `/${locale}`;
        for (const [name, path] of [
          ['inject-fiat', '/inject/fiat'],
          ['pay-by-code', '/inject/pay-by-code'],
        ] as const) {
          await page.goto(`${prefix}${path}`);
          await screenReady(page);
          if (name === 'inject-fiat') await expect(page.getByTestId('fiat-reference')).toBeVisible();
          await expectNoAxeViolations(page, { everyRule: true });
          await saveScreenshot(page, { path: `reports/screenshots/${locale}-${viewport.name}-${name}.png`, fullPage: true });
        }
      });
    }
  }
});
