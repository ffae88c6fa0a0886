import { expect, screenReady, test } from './fixtures';

test.describe('session', () => {
  const expired = { status: 401, json: { error: { code: 'unauthorized', message: 'Session expired' } } };

  test('a 401 whose renewal fails clears both tokens and the selected card account, then opens the locale’s login', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn();
    await page.route('**/api/user-settings', (route) => (route.request().method() === 'POST' ? route.fulfill(expired) : route.fallback()));
    await page.route('**/api/auth/refresh', (route) =>
      route.fulfill({ status: 401, json: { error: { code: 'refresh_token_invalid', message: 'Session over' } } }),
    );
    await page.goto('/profile/language');
    await screenReady(page);
    await page.evaluate(() => localStorage.setItem('selected_card_account', 'ca-1'));
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/login$/);
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('auth_token');
    // The HttpOnly refresh cookie is the server's to clear (its refusal does, see tests/security); this
    // refusal is a stand-in, so the page's part is the readable marker.
    expect(names).not.toContain('session_info');
    expect(await page.evaluate(() => localStorage.getItem('selected_card_account'))).toBeNull();
  });

  test('a 401 with a working renewal is invisible: the call is retried and the customer stays', async ({ page, signIn }) => {
    await signIn();
    let refreshed = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshed += 1;
    });
    // The saved-language read at page load is answered 401 once; the renewal and its retry follow.
    await page.route('**/api/user-settings', (route) => route.fulfill(expired), { times: 1 });
    const renewal = page.waitForResponse('**/api/auth/refresh');
    const retried = page.waitForResponse((r) => r.url().endsWith('/api/user-settings') && r.request().method() === 'GET' && r.ok());
    await page.goto('/profile/language');
    await screenReady(page);
    // Wait for both before choosing: on a loaded machine the 401 is handled after the first paint, and a
    // renewal still in flight when the test leaves the page never stores the refresh token it paid for.
    expect((await renewal).ok()).toBe(true);
    await retried;
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user-settings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/profile\/language$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sprache' })).toBeVisible();
    expect((await saved).ok()).toBe(true);
    expect(refreshed).toBe(1);
    // The choice reached the server: a fresh visit to a bare path applies the saved language.
    await page.context().clearCookies({ name: 'i18n_redirected' });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/de\/profile$/);
  });

  test('leaving the page while a renewal is in flight keeps the session', async ({ page, context, signIn }) => {
    await signIn();
    // The renewal reaches the network and is held there until the page is left, which aborts it.
    let renewalSent!: () => void;
    const sent = new Promise<void>((resolve) => (renewalSent = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/refresh', async (route) => {
      renewalSent();
      await held;
      await route.abort().catch(() => {});
    });
    await page.route('**/api/user-settings', (route) => route.fulfill(expired), { times: 1 });
    await page.goto('/profile/language');
    await sent;
    await page.goto('/profile');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).toContain('auth_token');
    expect(names).toContain('refresh_token');
  });
});

test.describe('language', () => {
  test('switching moves the URL prefix, sets the cookie for a year and survives a bare-path visit', async ({ page, context }) => {
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/fr\/welcome$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('fr');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    await page.goto('/welcome');
    await expect(page).toHaveURL(/\/fr\/welcome$/);
  });

  test('an unsupported cookie is ignored', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'pt', url: baseURL! }]);
    await page.goto('/welcome');
    await screenReady(page);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('signed in, the saved language applies and a new choice is sent to the server', async ({ page, signIn }) => {
    await signIn();
    const posted: unknown[] = [];
    await page.route('**/api/user-settings', async (route) => {
      if (route.request().method() === 'POST') {
        posted.push(route.request().postDataJSON());
        return route.fulfill({ json: { language: 'ru' } });
      }
      return route.fulfill({ json: { language: 'es' } });
    });
    await page.goto('/profile/language');
    await expect(page).toHaveURL(/\/es\/profile\/language$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('button', { name: 'Русский' }).click();
    await expect(page).toHaveURL(/\/ru\/profile\/language$/);
    await expect.poll(() => posted).toEqual([{ language: 'ru' }]);
  });

  test('signed in, a choice is saved on the real server and applies on a fresh visit (nothing mocked)', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn('en');
    await page.goto('/profile/language');
    await screenReady(page);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/user-settings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page).toHaveURL(/\/ar\/profile\/language$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect((await saved).status()).toBe(200);
    // Without the cookie, only the server's copy of the choice can bring the customer back to Arabic.
    await context.clearCookies({ name: 'i18n_redirected' });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/ar\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'الملف الشخصي' })).toBeVisible();
  });

  test('a failed save keeps the new language and says so in a toast', async ({ page, signIn }) => {
    await signIn();
    await page.route('**/api/user-settings', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, body: 'down' }) : route.fulfill({ json: {} }),
    );
    await page.goto('/profile/language');
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/profile\/language$/);
    await expect(page.getByText('Ihre Sprachwahl konnte nicht in Ihrem Profil gespeichert werden.')).toBeVisible();
  });
});

test.describe('campaign tags and referral code', () => {
  test('ref_code is kept and utm tags are sent once per distinct set', async ({ page }) => {
    const sent: unknown[] = [];
    await page.route('**/api/utm-tracking', (route) => {
      sent.push(route.request().postDataJSON());
      return route.fulfill({ json: { ok: true } });
    });
    await page.goto('/welcome?ref_code=FRIEND42&utm_source=newsletter&utm_campaign=autumn');
    await screenReady(page);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]).toEqual({
      utm_source: 'newsletter',
      utm_medium: null,
      utm_campaign: 'autumn',
      utm_term: null,
      utm_content: null,
    });
    expect(await page.evaluate(() => localStorage.getItem('ref_code'))).toBe('FRIEND42');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('utm_tracking_sent'))).not.toBeNull();

    // A later campaign is another set of tags: it is reported too, once.
    await page.goto('/welcome?utm_source=again');
    await screenReady(page);
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toEqual({ utm_source: 'again', utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null });

    // The first set again, in another order, was sent already. The decision is made at start-up; once the
    // page has stopped making requests, none was a report.
    await page.goto('/welcome?utm_campaign=autumn&utm_source=newsletter');
    await screenReady(page);
    await page.waitForLoadState('networkidle');
    expect(sent).toHaveLength(2);
  });

  test('no tags, no call', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/utm-tracking', (route) => {
      calls += 1;
      return route.fulfill({ json: {} });
    });
    await page.goto('/welcome?utm_source=&ref_code=');
    await screenReady(page);
    await page.waitForLoadState('networkidle');
    expect(calls).toBe(0);
  });
});
