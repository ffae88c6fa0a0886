import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, latestCode, registerCustomer, screenReady, someClientAddress, test } from './fixtures';

const newEmail = () => `social-${randomUUID()}@meridian.test`;

/** The local provider's own login page (oidc-provider's development prompt) on 127.0.0.1. */
async function signInAtProvider(page: Page, email: string) {
  await page.waitForURL((url) => url.hostname === '127.0.0.1' && url.pathname.startsWith('/interaction/'));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** Back at the app, on the home page of this language, signed in. */
async function expectSignedInAt(page: Page, path: string) {
  await page.waitForURL((url) => url.hostname === 'localhost' && url.pathname === path);
  await screenReady(page);
  const names = (await page.context().cookies()).filter((c) => c.domain === 'localhost').map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(['auth_token', 'refresh_token']));
}

test('Google sign-in from /login: the provider’s page, then home, signed in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, newEmail());
  await expectSignedInAt(page, '/');
});

test('Apple sign-in from the Arabic welcome page: a cross-site form post back, then home in Arabic', async ({ page }) => {
  await page.goto('/ar/welcome');
  await page.getByRole('link', { name: 'المتابعة باستخدام Apple' }).click();
  const posted = page.waitForRequest((request) => request.url().endsWith('/api/auth/social/apple/callback'));
  await signInAtProvider(page, newEmail());
  const callback = await posted;
  expect(callback.method()).toBe('POST');
  // Cross-site: the app's SameSite=Lax cookies stay home, so nothing can have depended on them.
  expect(await callback.headerValue('cookie')).toBeNull();
  await expectSignedInAt(page, '/ar');
});

test('a sign-in cancelled at the provider says so and offers to try again', async ({ page }) => {
  await page.goto('/auth/google');
  await page.waitForURL((url) => url.hostname === '127.0.0.1');
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await page.waitForURL((url) => url.hostname === 'localhost' && url.pathname === '/auth/google');
  await expect(page.getByRole('alert')).toHaveText('You cancelled signing in with Google. Nothing was changed.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL((url) => url.hostname === '127.0.0.1');
});

test('Google sign-in of a customer with a confirmed phone asks for the SMS code before the session', async ({ page }) => {
  const email = newEmail();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, email);
  await expectSignedInAt(page, '/');

  // The customer confirms a phone (through the API, as the phone tests do it in the page).
  const token = (await page.context().cookies()).find((c) => c.name === 'auth_token')!.value;
  const headers = { Authorization: `Bearer ${token}`, 'X-Forwarded-For': someClientAddress() };
  const phone = `+49151${String(Date.now()).slice(-8)}`;
  // Setting a phone needs the step-up: a code to the e-mail for it.
  expect((await page.request.post('/api/step-up/code', { data: { action: 'phone.set' }, headers })).status()).toBe(200);
  const stepUpCode = await latestCode(page.request, email, 'step_up');
  expect((await page.request.post('/api/step-up/verify', { data: { action: 'phone.set', code: stepUpCode }, headers })).status()).toBe(200);
  expect((await page.request.post('/api/users/set-phone', { data: { phone }, headers })).status()).toBe(200);
  const confirmCode = await latestCode(page.request, phone, 'set_phone');
  expect((await page.request.post('/api/users/confirm-phone', { data: { code: confirmCode }, headers })).status()).toBe(200);
  await page.context().clearCookies({ domain: 'localhost' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  // Still signed in at the provider (its own cookies on 127.0.0.1), which sends the browser straight back.
  // The challenge came in the fragment; the page keeps it and takes it out of the address. No session yet.
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/2fa\/phone$/);
  await screenReady(page);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('auth_token');
  await expect(page.getByText(`•${phone.slice(-2)}`)).toBeVisible();
  await page.getByLabel('SMS code').fill(await latestCode(page.request, phone, 'login_two_factor'));
  await page.getByRole('button', { name: 'Confirm and log in' }).click();
  await expectSignedInAt(page, '/');
});

test('signing out another device: it lands on /login at its next call', async ({ page, browser }) => {
  const { email, password } = await registerCustomer(page.context().request);
  const other = await browser.newContext();
  const login = await other.request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'X-Forwarded-For': someClientAddress() },
  });
  expect(login.status()).toBe(200);
  const otherPage = await other.newPage();
  await otherPage.goto('/profile/security');
  await expect(otherPage.getByTestId('session')).toHaveCount(2);

  await page.goto('/profile/security');
  const rows = page.getByTestId('session');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await rows
    .filter({ hasNotText: 'This device' })
    .getByRole('button', { name: /^Sign out / })
    .click();
  await expect(rows).toHaveCount(1);

  // Its next API call gets 401, the refresh is refused too, and the session machine signs it out.
  await otherPage.reload();
  await otherPage.waitForURL((url) => url.pathname === '/login');
  await other.close();
});

test('sign out everywhere asks first, then ends this session too', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('this one included');
  await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await page.waitForURL((url) => url.pathname === '/welcome');
});

for (const locale of ['en', 'ar'] as const) {
  for (const width of [390, 1280]) {
    test(`screenshots ${locale} ${width}: the failure page and the sessions section`, async ({ page, signIn }) => {
      await page.setViewportSize({ width, height: 900 });
      const prefix = locale === 'en' ? '' : `/${locale}`;
      await page.goto(`${prefix}/auth/google?error=social_state_expired`);
      await expect(page.getByRole('alert')).not.toBeEmpty();
      await page.screenshot({ path: `reports/screenshots/social-failure-${locale}-${width}.png`, fullPage: true });

      await signIn(locale);
      await page.goto(`${prefix}/profile/security`);
      await expect(page.getByTestId('session')).toHaveCount(1);
      await page.screenshot({ path: `reports/screenshots/social-sessions-${locale}-${width}.png`, fullPage: true });
    });
  }
}
