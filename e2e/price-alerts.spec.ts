import type { Browser } from '@playwright/test';
import { localizePath } from '../contract/locales';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { ADMIN, expect, registerCustomer, screenReady, signInAs, someClientAddress, test } from './fixtures';

const MESSAGES = { en, ar } as const;

/**
 * Fixes Avalanche's price as an admin does on /simulate/admin. The simulated market moves a price by at
 * most half a percent a step and keeps it within 26.25–43.75 US dollars, so after 30 it stays far below
 * an alert at 40 for minutes, and after 43.75 above it: the alert fires on the job's next round
 * (every 15 s on the embedded database) whichever of the two jobs runs first.
 */
async function setAvalanche(browser: Browser, usd: string) {
  const admin = await browser.newContext();
  try {
    const token = await signInAs(admin, ADMIN);
    const response = await admin.request.post('/api/admin/rates', {
      data: { rates: [{ asset: 'AVAX', usd }] },
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': someClientAddress() },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await admin.close();
  }
}

// Both languages move the same price: one after the other, or one's 30 could undo the other's crossing.
test.describe.configure({ mode: 'default' });

for (const locale of ['en', 'ar'] as const) {
  const m = MESSAGES[locale];
  const at = (path: string) => localizePath(path, locale);

  test(`an alert is created, fires once the price crosses it, is told in notifications and removed (${locale})`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { tokens } = await registerCustomer(context.request, locale);
    const opened = await context.request.post('/api/accounts-management/open-account', {
      data: { currency: 'AVAX' },
      headers: { Authorization: `Bearer ${tokens.accessToken}`, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const avalanche = (await opened.json()) as { id: string };
    await setAvalanche(browser, '30');

    // From the Avalanche account to the alerts, the form already on its asset (another one comes first otherwise).
    await page.goto(at(`/accounts/${avalanche.id}`));
    await screenReady(page);
    await page.getByRole('link', { name: m.accounts.detail.priceAlert }).click();
    await expect(page).toHaveURL(/\/alerts\?asset=AVAX$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.screens.priceAlerts.title);
    await expect(page.getByLabel(m.priceAlerts.asset)).toHaveValue('AVAX');

    // The figure is judged as typed; the current price shows beside the form.
    await expect(page.getByTestId('current-price')).toContainText('AVAX');
    await page.getByLabel(m.priceAlerts.kind).selectOption('move');
    await page.getByLabel(m.priceAlerts.percent).fill('150');
    await expect(page.getByText(m.priceAlerts.problems.percent_invalid)).toBeVisible();
    await page.getByLabel(m.priceAlerts.kind).selectOption('above');
    await expect(page.getByText(m.priceAlerts.problems.price_invalid)).toBeHidden();
    await page.getByLabel(m.priceAlerts.price).fill('40');
    await page.getByRole('button', { name: m.priceAlerts.create }).click();
    await expect(page.getByRole('status').filter({ hasText: m.priceAlerts.created })).toBeVisible();
    await expect(page.getByLabel(m.priceAlerts.price)).toHaveValue('');
    const row = page.getByTestId('price-alert');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('AVAX');
    await expect(row).toContainText(m.priceAlerts.armed);

    // The price crosses 40: the server checks the alerts as the prices are set and tells the customer, once.
    await setAvalanche(browser, '43.75');
    await page.goto(at('/notifications'));
    const told = page.getByTestId('notification').filter({ hasText: m.notifications.kind.price_alert.title });
    await expect(async () => {
      await page.reload();
      await expect(told).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 60_000, intervals: [3_000] });
    await expect(told).toContainText('AVAX');

    // The notification leads back to the alert, now fired.
    await told.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.screens.priceAlerts.title);
    await expect(row).toContainText(m.priceAlerts.fired);

    // Removing asks first; kept, then removed.
    await row.getByRole('button', { name: m.priceAlerts.remove }).click();
    const sheet = page.getByRole('dialog', { name: m.priceAlerts.confirmTitle });
    await sheet.getByRole('button', { name: m.priceAlerts.keep }).click();
    await expect(sheet).toBeHidden();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: m.priceAlerts.remove }).click();
    await sheet.getByRole('button', { name: m.priceAlerts.confirmRemove }).click();
    await expect(page.getByRole('status').filter({ hasText: m.priceAlerts.removed })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText(m.priceAlerts.empty)).toBeVisible();
  });
}
