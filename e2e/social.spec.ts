import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, latestCode, registerCustomer, screenReady, someClientAddress, stepUpByApi, test } from './fixtures';
import { pairRuns, saveScreenshot } from './screenshots';

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
  const hopped = page.waitForRequest((request) => request.url().includes('/api/auth/social/apple/callback?state='));
  await signInAtProvider(page, newEmail());
  const callback = await posted;
  expect(callback.method()).toBe('POST');
  // Cross-site: the app's SameSite=Lax cookies stay home; the 303 to the app's own GET brings them.
  expect(await callback.headerValue('cookie')).toBeNull();
  expect(await (await hopped).headerValue('cookie')).toMatch(/\boidc_browser=/);
  await expectSignedInAt(page, '/ar');
});

/**
 * The provider's dance by hand in this browser context's request client (its cookies), stopping at the
 * answer for the app: the callback URL a browser would be redirected to, not opened. (Playwright's
 * routing does not see requests a redirect makes, so the page cannot be stopped there.)
 */
async function answerFromProvider(request: APIRequestContext, authorizationUrl: string, email: string): Promise<string> {
  let next: { url: string; form?: Record<string, string> } = { url: authorizationUrl };
  for (let hop = 0; hop < 10; hop += 1) {
    const response = next.form
      ? await request.post(next.url, { form: next.form, maxRedirects: 0 })
      : await request.get(next.url, { maxRedirects: 0 });
    const location = response.headers()['location'];
    if (location) {
      const target = new URL(location, next.url);
      if (target.hostname === 'localhost') return target.href;
      next = { url: target.href };
      continue;
    }
    const action = /<form[^>]*action="([^"]+)"/.exec(await response.text())![1]!;
    next = { url: new URL(action, next.url).href, form: { prompt: 'login', login: email, password: 'any password' } };
  }
  throw new Error('the provider never answered');
}

test('a Google answer opened in another browser is refused there, with the reason, and signs no one in', async ({ page, browser }) => {
  // The attacker starts a sign-in with their own Google account in their browser, and stops at the answer.
  const started = await page.request.post('/api/auth/social/start', { data: { provider: 'google', locale: 'en' } });
  expect(started.status()).toBe(200);
  const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
  const answer = await answerFromProvider(page.request, authorizationUrl, newEmail());
  expect(answer).toContain('/api/auth/social/google/callback?');

  const other = await browser.newContext();
  const victim = await other.newPage();
  await victim.goto(answer);
  await victim.waitForURL((url) => url.hostname === 'localhost' && url.pathname === '/auth/google');
  await expect(victim.getByRole('alert')).toHaveText(
    'This sign-in was finished in a different browser from the one it started in, so we stopped it. Start again here, in this browser.',
  );
  expect((await other.cookies()).map((c) => c.name)).not.toContain('auth_token');
  await other.close();
});

test('an Apple answer posted from another browser is refused after the same-site hop', async ({ page, browser, baseURL }) => {
  await page.goto('/ar/welcome');
  let fields = '';
  await page.route(
    (url) => url.pathname === '/api/auth/social/apple/callback',
    async (route) => {
      fields = route.request().postData() ?? '';
      await route.abort();
    },
  );
  await page.getByRole('link', { name: 'المتابعة باستخدام Apple' }).click();
  await signInAtProvider(page, newEmail());
  await expect.poll(() => fields).toContain('state=');

  // The attacker's page, on another site (127.0.0.1, which Chromium lets post to localhost), posts the
  // caught answer from the victim's browser.
  const other = await browser.newContext();
  const victim = await other.newPage();
  const action = new URL('/api/auth/social/apple/callback', baseURL).href;
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const inputs = [...new URLSearchParams(fields)].map(
    ([name, value]) => `<input type="hidden" name="${attribute(name)}" value="${attribute(value)}">`,
  );
  const attackerPage = `<!doctype html><title>x</title><form method="post" action="${action}">${inputs.join('')}<button>Go</button></form>`;
  // A page of that site (the stand-in's own), its content replaced by the attacker's form.
  await victim.goto(`http://127.0.0.1:${Number(new URL(baseURL!).port) + 1001}/.well-known/openid-configuration`);
  await victim.setContent(attackerPage);
  await victim.getByRole('button', { name: 'Go' }).click();
  await victim.waitForURL((url) => url.hostname === 'localhost' && url.pathname === '/ar/auth/apple');
  await expect(victim.getByRole('alert')).not.toBeEmpty();
  expect(victim.url()).toContain('error=social_browser_mismatch');
  expect((await other.cookies()).map((c) => c.name)).not.toContain('auth_token');
  await other.close();
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
  await stepUpByApi(page.request, headers, 'phone.set', email);
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
  for (const width of [390, 1280].filter((w) => pairRuns(locale, w))) {
    test(`screenshots ${locale} ${width}: the failure page and the sessions section`, async ({ page, signIn }) => {
      await page.setViewportSize({ width, height: 900 });
      const prefix = locale === 'en' ? '' : `/${locale}`;
      await page.goto(`${prefix}/auth/google?error=social_state_expired`);
      await expect(page.getByRole('alert')).not.toBeEmpty();
      await saveScreenshot(page, { path: `reports/screenshots/social-failure-${locale}-${width}.png`, fullPage: true });

      await signIn(locale);
      await page.goto(`${prefix}/profile/security`);
      await expect(page.getByTestId('session')).toHaveCount(1);
      await saveScreenshot(page, { path: `reports/screenshots/social-sessions-${locale}-${width}.png`, fullPage: true });
    });
  }
}
