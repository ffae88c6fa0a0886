import { localizePath } from '../contract/locales';
import { expect, latestCode, registerCustomer, someClientAddress, TEST_PASSWORD, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { expectNoAxeViolations } from './axe';

test('change the password: the step-up, the current password, every other session signed out, a notice e-mailed', async ({
  page,
  signIn,
  browser,
}) => {
  const { email } = await signIn('en');
  // Another device of the same customer.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.request.post('/api/auth/login', {
    data: { email, password: TEST_PASSWORD },
    headers: { 'X-Forwarded-For': someClientAddress() },
  });
  expect(other.status()).toBe(200);
  const otherToken = ((await other.json()) as { accessToken: string }).accessToken;

  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Change password' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(sheet).toHaveAccessibleDescription('Before you change your password, confirm it’s you.');
  await sheet.getByLabel('Confirmation code').fill(await latestCode(page.request, email, 'step_up'));
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet).toBeHidden();

  // A wrong current password is said next to its field, and what was typed stays.
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password');
  await current.fill('not my password 1');
  await next.fill('a brand new password 7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This is not your current password.')).toBeVisible();
  await expect(next).toHaveValue('a brand new password 7');
  await current.fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed and 1 other device was signed out.')).toBeVisible();

  // This session stays; the other one is signed out; the new password works.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  const afterwards = await elsewhere.request.get('/api/users/me', { headers: { Authorization: `Bearer ${otherToken}` } });
  expect(afterwards.status()).toBe(401);
  const relogin = await elsewhere.request.post('/api/auth/login', {
    data: { email, password: 'a brand new password 7' },
    headers: { 'X-Forwarded-For': someClientAddress() },
  });
  expect(relogin.status()).toBe(200);
  await elsewhere.close();
  const outbox = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { template: string }[];
  };
  expect(outbox.messages.map((m) => m.template)).toContain('password_changed');
});

for (const locale of ['en', 'ar'] as const) {
  test(`screenshots and axe: the step-up sheet and the password form in ${locale}, 390 and 1280 wide`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const customer = await registerCustomer(page.context().request, locale);
    await page.goto(localizePath('/profile/security', locale));
    const open = page.getByRole('button', { name: locale === 'en' ? 'Change password' : 'تغيير كلمة المرور' });
    await open.click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.locator('input[name="code"]')).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await saveScreenshot(page, { path: `reports/screenshots/step-up-sheet-${locale}-${width}.png` });
    }
    await expectNoAxeViolations(page);
    await sheet.locator('input[name="code"]').fill(await latestCode(api, customer.email, 'step_up'));
    await sheet.locator('button[type="submit"]').click();
    await expect(sheet).toBeHidden();
    await page.locator('input[name="current-password"]').fill('x');
    await page.locator('input[name="new-password"]').fill('short');
    await page.locator('form button[type="submit"]').last().click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await saveScreenshot(page, { path: `reports/screenshots/security-password-${locale}-${width}.png`, fullPage: true });
    }
    await expectNoAxeViolations(page);
    await api.dispose();
  });
}

test('ten wrong step-up codes in a day end the session: the app lands on /login saying why, in ar too', async ({ page }) => {
  for (const locale of ['en', 'ar'] as const) {
    await page.context().clearCookies();
    const customer = await registerCustomer(page.context().request, locale);
    const headers = { Authorization: `Bearer ${customer.tokens.accessToken}`, 'X-Forwarded-For': someClientAddress() };
    await page.goto(localizePath('/profile', locale));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Two codes (each action has its own resend wait), five wrong tries each, typed with this session.
    let last = 0;
    for (const action of ['password.change', 'phone.set']) {
      expect((await page.request.post('/api/step-up/code', { data: { action }, headers })).status()).toBe(200);
      const wrong = (await latestCode(page.request, customer.email, 'step_up')) === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        last = (await page.request.post('/api/step-up/verify', { data: { action, code: wrong }, headers })).status();
      }
    }
    expect(last).toBe(401);
    // The app's next call meets the ended session.
    await page.goto(localizePath('/profile/security', locale));
    await expect(page).toHaveURL(/\/login\?notice=session_wrong_codes$/);
    const said = locale === 'en' ? 'too many wrong confirmation codes' : 'رموز تأكيد خاطئة كثيرة';
    await expect(page.getByRole('alert').filter({ hasText: said })).toBeVisible();
  }
});
