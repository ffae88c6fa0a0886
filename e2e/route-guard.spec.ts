import { expect, registerCustomer, screenReady, someClientAddress, test } from './fixtures';

test.describe('route guard in the browser', () => {
  test('a signed-out visitor opening /accounts lands on /welcome, which carries the page on to sign-in and back to it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': someClientAddress() } });
    const customer = await registerCustomer(api);
    await api.dispose();
    await page.goto('/accounts');
    await expect(page).toHaveURL(/\/welcome\?redirect=%2Faccounts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Meridian' })).toBeVisible();
    // Issue 24 item 25: the page asked for goes on through /login, and signing in lands there, not home.
    const logIn = page.getByRole('link', { name: 'Log in', exact: true });
    await expect(logIn).toHaveAttribute('href', '/login?redirect=%2Faccounts');
    await logIn.click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccounts$/);
    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  });

  test('/de/accounts lands on /de/welcome, in German', async ({ page }) => {
    await page.goto('/de/accounts');
    await expect(page).toHaveURL(/\/de\/welcome\?redirect=%2Fde%2Faccounts$/);
    await screenReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  });

  test('a signed-out payment link goes to the locale’s login and remembers where it was going', async ({ page }) => {
    await page.goto('/fr/pay/abc');
    await expect(page).toHaveURL(/\/fr\/login\?redirect=%2Ffr%2Fpay%2Fabc$/);
    await screenReady(page);
  });

  test('with an auth_token, /login goes home and /register/success stays', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/login');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await screenReady(page);
    await page.goto('/register/success');
    await expect(page).toHaveURL(/\/register\/success$/);
    await screenReady(page);
  });

  test('an unknown path shows the 404 inside the app shell', async ({ page }) => {
    await page.goto('/no/such/page');
    const error = page.getByTestId('error-page');
    await expect(error).toContainText('404');
    await expect(error).toContainText('Page not found: /no/such/page');
    await expect(page.getByRole('link', { name: 'Meridian' })).toBeVisible();
  });

  // One route tree with an optional locale segment: only the seven prefixed locales make a page.
  for (const [path, title] of [
    ['/xx/login', 'Page Not Found · Meridian'],
    ['/en/login', 'Page Not Found · Meridian'],
    ['/de/de/login', 'Seite nicht gefunden · Meridian'],
  ] as const) {
    test(`a path under an unknown locale prefix is not a page: ${path}`, async ({ page }) => {
      await page.goto(path);
      const error = page.getByTestId('error-page');
      await expect(error).toContainText('404');
      await expect(error).toContainText(path);
      await expect(page).toHaveTitle(title);
    });
  }

  test('an invalid route parameter shows the 404 error page', async ({ page, signIn }) => {
    await signIn('es');
    await page.goto('/es/accounts/not-a-uuid');
    await expect(page.getByTestId('error-page')).toContainText('/es/accounts/not-a-uuid');
    await expect(page.getByTestId('error-page')).toContainText('404');
  });

  test('wallet payment pages open without an account', async ({ page }) => {
    await page.goto('/inject/crypto/on-chain/wallet/0xabc123');
    await expect(page).toHaveURL(/\/inject\/crypto\/on-chain\/wallet\/0xabc123$/);
    await screenReady(page);
  });

  test('an operator route rule redirects without a build', async ({ page }) => {
    await page.route('**/route-rules.json', (route) =>
      route.fulfill({ json: { rules: [{ path: '/old-help', redirect: '/welcome', external: false }] } }),
    );
    await page.goto('/th/old-help');
    await expect(page).toHaveURL(/\/th\/welcome$/);
  });
});

test.describe('right-to-left', () => {
  test('ar renders right-to-left with Arabic text', async ({ page }) => {
    await page.goto('/ar/welcome');
    await screenReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const box = await page.getByRole('link', { name: 'Meridian' }).boundingBox();
    const width = page.viewportSize()!.width;
    // The brand sits at the inline start, which is the right edge in rtl.
    expect(box!.x).toBeGreaterThan(width / 2);
  });
});
