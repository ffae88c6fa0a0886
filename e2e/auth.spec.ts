import { request as playwrightRequest } from '@playwright/test';
import { DEMO, expect, registerCustomer, screenReady, someClientAddress, test } from './fixtures';

async function logInThroughTheForm(page: import('@playwright/test').Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('signing in against the real server', () => {
  test('the demo customer logs in, reloads and stays signed in, then logs out', async ({ page, context }) => {
    await page.goto('/login');
    await logInThroughTheForm(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    // The refresh token is out of a script's reach, and goes nowhere but /api/auth.
    const refreshCookie = (await context.cookies()).find((c) => c.name === 'refresh_token')!;
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(await page.evaluate(() => document.cookie)).not.toContain(refreshCookie.value);
    expect(await page.evaluate(() => document.cookie)).toContain('session_info=');
    const refreshToken = refreshCookie.value;

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('auth_token');
    // The server revoked the session: the old refresh token no longer works.
    const api = await playwrightRequest.newContext({ baseURL: page.url() });
    const reuse = await api.post('/api/auth/refresh', {
      data: {},
      headers: { Origin: new URL(page.url()).origin, Cookie: `refresh_token=${refreshToken}` },
    });
    expect(reuse.status()).toBe(401);
    await api.dispose();
  });

  test('a payment link sends a signed-out visitor to login and back to the link', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    const customer = await registerCustomer(api, 'fr');
    await api.dispose();
    await page.goto('/fr/pay/h4sh?amount=12');
    await expect(page).toHaveURL(/\/fr\/login\?redirect=%2Ffr%2Fpay%2Fh4sh%3Famount%3D12$/);
    await page.getByLabel('Adresse e-mail').fill(customer.email);
    await page.getByLabel('Mot de passe').fill(customer.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/fr\/pay\/h4sh\?amount=12$/);
    // Back on the link, which no one created: the page says it does not exist.
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  });

  test('a redirect to another site is never followed after login', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    const customer = await registerCustomer(api);
    await api.dispose();
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fsteal');
    await logInThroughTheForm(page, customer.email, customer.password);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('a wrong password says so, in the customer’s language, and keeps what was typed', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    const customer = await registerCustomer(api);
    await api.dispose();
    await page.goto('/de/login');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeVisible();
    await expect(page.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeVisible();

    await page.getByLabel('E-Mail').fill(customer.email);
    await page.getByLabel('Passwort').fill('not-the-password-1');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toHaveText(/E-Mail-Adresse oder Passwort stimmen nicht/);
    await expect(page.getByLabel('E-Mail')).toHaveValue(customer.email);
    await expect(page.getByLabel('Passwort')).toHaveValue('not-the-password-1');
    await expect(page).toHaveURL(/\/de\/login$/);
  });

  test('an expired access token is renewed silently', async ({ page, context, signIn, baseURL }) => {
    await signIn();
    await page.goto('/profile/language');
    await screenReady(page);
    // What a 15-minute-old token looks like to the server: not valid any more.
    const cookies = await context.cookies();
    const expired = cookies.find((c) => c.name === 'auth_token')!;
    await context.addCookies([{ ...expired, value: 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2lnbmF0dXJl' }]);
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es\/profile\/language$/);
    // The token is renewed (the cookie holds a new one) and the choice, answered 401 at first, is sent
    // again with it: the server has it. Loading a page before that would abandon the request.
    const token = async () => (await context.cookies()).find((c) => c.name === 'auth_token')?.value;
    await expect.poll(token).not.toBe('eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2lnbmF0dXJl');
    await expect
      .poll(async () => {
        const settings = await context.request.get('/api/user-settings', { headers: { Authorization: `Bearer ${await token()}` } });
        return ((await settings.json()) as { language?: string }).language;
      })
      .toBe('es');
    await page.goto(`${baseURL}/profile`);
    await expect(page).toHaveURL(/\/es\/profile$/);
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  });

  test('tokens revoked on the server send the customer to login at the next call', async ({
    page,
    context,
    signIn,
    playwright,
    baseURL,
  }) => {
    await signIn();
    await page.goto('/profile/language');
    await screenReady(page);
    const jar = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    // Another device ends this session (as "sign out everywhere" will).
    const other = await playwright.request.newContext({ baseURL });
    const revoked = await other.post('/api/auth/logout', {
      data: {},
      // Logout takes only the app's own origin, as a browser on its page would send, and the refresh
      // token only in its cookie.
      headers: {
        Authorization: `Bearer ${jar.auth_token}`,
        Origin: new URL(baseURL!).origin,
        Cookie: `refresh_token=${jar.refresh_token}`,
      },
    });
    expect(revoked.ok()).toBe(true);
    await other.dispose();

    await page.getByRole('button', { name: 'Русский' }).click();
    await expect(page).toHaveURL(/\/ru\/login$/);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('refresh_token');
  });
});

test('a new customer verifies the e-mail with the code from the outbox', async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const customer = await registerCustomer(api, 'en', { verified: false });
  const bearer = { Authorization: `Bearer ${customer.tokens.accessToken}` };
  expect((await (await api.get('/api/users/me', { headers: bearer })).json()).emailVerified).toBe(false);

  const outbox = await (await api.get(`/api/dev/outbox?to=${encodeURIComponent(customer.email)}`)).json();
  const text = JSON.stringify(outbox);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, text).toBeDefined();
  const verified = await api.post('/api/auth/verify-email', {
    data: { code },
    headers: { ...bearer, 'X-Forwarded-For': someClientAddress() },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  expect((await verified.json()).emailVerified).toBe(true);
  await api.dispose();
});
