import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { localizePath, type Locale } from '../contract/locales';
import { expect, latestCode, registerCustomer, screenReady, someClientAddress, stepUpByApi, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { expectNoAxeViolations } from './axe';

// Issue 10: a customer who lost the phone and has no passkey recovers with an e-mailed code plus the
// password; the removal waits 24 hours (tests/security/phone-recovery.test.ts moves the server's clock)
// and can be cancelled from links sent to the e-mail and the old phone. Against the real server.

// Each test signs up, sets a phone and walks several screens: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** A customer whose phone is confirmed (through the API), signed out in this page. */
async function customerWithPhone(page: Page, language: Locale) {
  const customer = await registerCustomer(page.context().request, language);
  const headers = { Authorization: `Bearer ${customer.tokens.accessToken}`, 'X-Forwarded-For': someClientAddress() };
  await stepUpByApi(page.request, headers, 'phone.set', customer.email);
  const phone = `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  expect((await page.request.post('/api/users/set-phone', { data: { phone }, headers })).status()).toBe(200);
  const code = await latestCode(page.request, phone, 'set_phone');
  expect((await page.request.post('/api/users/confirm-phone', { data: { code }, headers })).status()).toBe(200);
  await page.context().clearCookies();
  return { ...customer, phone };
}

/** The path and fragment of the cancel link in the newest recovery notice to `to`. */
async function cancelLinkSentTo(page: Page, to: string): Promise<string> {
  const { messages } = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as {
    messages: { template: string; body: string }[];
  };
  const body = messages.find((m) => m.template === 'phone_recovery_requested')?.body ?? '';
  const link = /https?:\/\/[^/\s]+(\/\S*recovery\/cancel#[A-Za-z0-9_-]{43})/.exec(body);
  expect(link, body).not.toBeNull();
  return link![1]!;
}

async function atSmsStep(page: Page, email: string, password: string, locale: Locale) {
  await page.goto(localizePath('/login', locale));
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${localizePath('/2fa/phone', locale).replace(/\//g, '\\/')}$`));
  await screenReady(page);
}

async function shoot(page: Page, locale: Locale, name: string) {
  for (const viewport of [
    { name: 'mobile', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    const file = `reports/screenshots/${locale}-${viewport.name}-${name}.png`;
    await saveScreenshot(page, { path: file, fullPage: true, attach: true });
  }
}

test('lost phone: the e-mailed code and the password schedule the removal; the SMS link cancels it once', async ({ page }) => {
  const customer = await customerWithPhone(page, 'en');
  await atSmsStep(page, customer.email, customer.password, 'en');
  await page.getByRole('link', { name: 'Lost your phone?' }).click();
  await expect(page).toHaveURL(/\/2fa\/phone\/lost$/);
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(page.getByText('We e-mailed a 6-digit code to')).toBeVisible();

  const code = await latestCode(page.request, customer.email, 'phone_recovery_code');
  const codeField = page.getByLabel('E-mail code');
  await codeField.fill(code);
  await page.getByLabel('Password').fill('not my password 1');
  await page.getByRole('button', { name: 'Remove my phone in 24 hours' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That password is not right.' })).toBeVisible();
  await expect(codeField).toHaveValue(code);

  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Remove my phone in 24 hours' }).click();
  await expect(page.getByRole('heading', { name: 'Your phone will be removed' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'A cancel link went to your e-mail and to the phone.' })).toBeVisible();

  // The old phone's link, in another browser tab with no session: one press cancels, once.
  const link = await cancelLinkSentTo(page, customer.phone);
  const other = await page.context().browser()!.newPage();
  await other.goto(link);
  await screenReady(other);
  // The token leaves the address bar at once.
  await expect(other).toHaveURL(/\/recovery\/cancel$/);
  await other.getByRole('button', { name: 'Cancel the removal' }).click();
  await expect(other.getByRole('heading', { name: 'Removal cancelled' })).toBeVisible();
  await other.close();
  // The same link again, in a fresh page (on the same page only the fragment would change: no new load).
  const again = await page.context().browser()!.newPage();
  await again.goto(link);
  await again.getByRole('button', { name: 'Cancel the removal' }).click();
  await expect(again.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await again.close();
});

for (const locale of ['en', 'ar'] as const) {
  test(`lost-phone screens in ${locale}: screenshots and axe`, async ({ page }) => {
    const customer = await customerWithPhone(page, locale);
    await atSmsStep(page, customer.email, customer.password, locale);
    await page.goto(localizePath('/2fa/phone/lost', locale));
    await screenReady(page);
    if (locale === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectNoAxeViolations(page);
    await shoot(page, locale, 'phone-recovery-explain');
    await page.locator('.form button').first().click();
    await expect(page.locator('input[name="code"]')).toBeVisible();
    await page.locator('input[name="code"]').fill('12');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.field-error')).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, locale, 'phone-recovery-proof');
    await page.locator('input[name="code"]').fill(await latestCode(page.request, customer.email, 'phone_recovery_code'));
    await page.locator('input[name="password"]').fill(customer.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('status').filter({ hasText: /\S/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, locale, 'phone-recovery-scheduled');

    await page.goto(await cancelLinkSentTo(page, customer.email));
    await screenReady(page);
    await expectNoAxeViolations(page);
    await shoot(page, locale, 'recovery-cancel');
  });
}
