import type { Page } from '@playwright/test';
import { localizePath, type Locale } from '../contract/locales';
import { customerWhoMayWithdraw } from './approvedCustomer';
import { expect, latestCode, registerCustomer, screenReady, stepUpByApi, test, TEST_PASSWORD } from './fixtures';
import { pairRuns, saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

// Issue 10: items 2 (an unverified e-mail comes first) and 12 (recent security activity) on /profile/security.

test('an unverified customer is shown why passkeys and a phone wait, and the way to verify', async ({ page }) => {
  const { email } = await registerCustomer(page.context().request, 'en', { verified: false });
  await page.goto('/profile/security');
  await screenReady(page);
  const hint = page.getByTestId('email-unverified');
  await expect(hint.getByRole('heading', { name: 'Verify your e-mail address first' })).toBeVisible();
  await expect(hint).toContainText(email);
  await expect(page.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();

  await hint.getByRole('link', { name: 'Verify e-mail address' }).click();
  await expect(page).toHaveURL(/\/register\/verify-email$/);
  await page.getByLabel('6-digit code').fill(await latestCode(page.request, email, 'verify_email'));
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page).not.toHaveURL(/\/register\/verify-email$/);

  await page.goto('/profile/security');
  await expect(page.getByTestId('email-unverified')).toHaveCount(0);
  await expect(page.getByTestId('security-activity').getByText('E-mail address verified')).toBeVisible();
});

test('recent security activity lists a failed sign-in and a sign-in on a new device', async ({ page, browser }) => {
  const { email } = await registerCustomer(page.context().request);
  const elsewhere = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  });
  expect((await elsewhere.request.post('/api/auth/login', { data: { email, password: 'not my password 1' } })).status()).toBe(400);
  expect((await elsewhere.request.post('/api/auth/login', { data: { email, password: TEST_PASSWORD } })).status()).toBe(200);
  await elsewhere.close();

  await page.goto('/profile/security');
  const section = page.getByTestId('security-activity');
  await expect(section.getByRole('heading', { name: 'Recent security activity' })).toBeVisible();
  await expect(section.getByText('Signed in on a new device')).toBeVisible();
  await expect(section.getByText('Failed sign-in attempt')).toBeVisible();
  // A failed attempt opened no session: its row does not say "Signed in with password".
  await expect(section.getByRole('listitem').filter({ hasText: 'Failed sign-in attempt' })).not.toContainText('Signed in with');
  await expect(section.getByText(/Firefox on Windows/).first()).toBeVisible();
});

// Issue 21, item 13: a withdrawal address added is told of on the page, in the customer's language.
// The address book needs what sending money out does: a verified e-mail, a confirmed phone, an approved check.
test('a withdrawal address added shows in recent security activity and under the bell, in German', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  const { headers, phone } = await customerWhoMayWithdraw(page.context().request, admin, 'de', '0.01');
  await admin.dispose();
  await stepUpByApi(page.request, headers, 'withdrawal.address', phone);
  const address = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
  const saved = await page.request.post('/api/withdrawal-addresses', { data: { network: 'bitcoin', address, label: 'Kalt' }, headers });
  expect(saved.status(), await saved.text()).toBe(201);

  await page.goto('/de/profile/security');
  const added = page.getByTestId('security-activity').getByRole('listitem').filter({ hasText: 'Auszahlungsadresse hinzugefügt' });
  await expect(added).toContainText(address);
  await page.goto('/de/notifications');
  await expect(page.getByTestId('notification').filter({ hasText: 'Neue Auszahlungsadresse' })).toBeVisible();
});

/**
 * /profile/security as a new customer who has not verified the e-mail address, in the same browser as the
 * previous one: after a blank page, as a fresh tab would be, since the previous customer's app left open
 * sees its cookies go, and a late 401 of its own could clear the new customer's.
 */
async function openAsUnverifiedCustomer(page: Page, locale: Locale) {
  await page.goto('about:blank');
  await page.context().clearCookies();
  await registerCustomer(page.context().request, locale, { verified: false });
  await page.goto(localizePath('/profile/security', locale));
  await expect(page.getByTestId('email-unverified')).toBeVisible();
}

for (const locale of ['en', 'ar'] as const) {
  test(`no axe violations on ${locale} /profile/security with activity and with the unverified hint`, async ({ page }) => {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    await registerCustomer(page.context().request, locale);
    await page.goto(`${prefix}/profile/security`);
    await expect(page.getByTestId('security-activity').getByRole('listitem').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await openAsUnverifiedCustomer(page, locale);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const width of [390, 1280].filter((w) => pairRuns(locale, w))) {
    test(`screenshots ${locale} ${width}: /profile/security with recent security activity, and unverified`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const prefix = locale === 'en' ? '' : `/${locale}`;
      await registerCustomer(page.context().request, locale);
      await page.goto(`${prefix}/profile/security`);
      await screenReady(page);
      await expect(page.getByTestId('security-activity').getByRole('listitem')).toHaveCount(2);
      await saveScreenshot(page, { path: `reports/screenshots/security-activity-${locale}-${width}.png`, fullPage: true });

      await openAsUnverifiedCustomer(page, locale);
      await saveScreenshot(page, { path: `reports/screenshots/security-unverified-${locale}-${width}.png`, fullPage: true });
    });
  }
}
