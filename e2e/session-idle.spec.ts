import { expect, screenReady, test } from './fixtures';

/*
 * Issue 10, item 6, the browser's half: a minute before the server's idle limit (15 minutes) the app asks
 * “Stay signed in?”. The page's clock is Playwright's; the server keeps real time, so these runs see the
 * app's own decisions (the server's are tests/security/session-lifetime.test.ts).
 */
const MINUTE = 60_000;
const question = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Stay signed in?' });

test.describe('a quiet session', () => {
  test('asks at 14 minutes; “Stay signed in” renews as the customer’s activity and keeps the session', async ({ page, signIn }) => {
    await page.clock.install();
    await signIn();
    await page.goto('/profile');
    await screenReady(page);

    await page.clock.runFor(13 * MINUTE);
    await expect(question(page)).toBeHidden();
    await page.clock.runFor(MINUTE);
    await expect(question(page)).toBeVisible();

    const renewal = page.waitForRequest((request) => request.url().endsWith('/api/auth/refresh'));
    await question(page).getByRole('button', { name: 'Stay signed in' }).click();
    expect((await renewal).headers()['x-meridian-activity']).toBe('customer');
    await expect(question(page)).toBeHidden();

    // A full count again: no question a minute later, nor at 13 minutes.
    await page.clock.runFor(13 * MINUTE);
    await expect(question(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.clock.runFor(MINUTE);
    await expect(question(page)).toBeVisible();
  });

  test('ignored, it signs the customer out and /login says why', async ({ page, context, signIn }) => {
    await page.clock.install();
    await signIn();
    await page.goto('/profile');
    await screenReady(page);
    await page.clock.runFor(14 * MINUTE);
    await expect(question(page)).toBeVisible();
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.clock.runFor(MINUTE);

    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?notice=session_idle$/);
    await expect(page.getByRole('alert')).toHaveText(
      'For your security, you were logged out after a while without activity. Log in again to continue.',
    );
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('auth_token');
    expect(names).not.toContain('refresh_token');
    expect(names).not.toContain('session_info');
  });

  test('“Log out” in the question logs out', async ({ page, signIn }) => {
    await page.clock.install();
    await signIn('ar');
    await page.goto('/ar/profile');
    await screenReady(page);
    await page.clock.runFor(14 * MINUTE);
    const arabic = page.getByRole('dialog', { name: 'هل تريد البقاء مسجّلًا للدخول؟' });
    await expect(arabic).toBeVisible();
    await arabic.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(page).toHaveURL(/\/ar\/welcome$/);
  });

  test('a request the customer makes in another tab counts in this one too', async ({ context, signIn }) => {
    await signIn();
    const [quiet, busy] = [await context.newPage(), await context.newPage()];
    for (const page of [quiet, busy]) await page.clock.install();
    await quiet.goto('/profile');
    await busy.goto('/profile/language');
    await screenReady(quiet);
    await screenReady(busy);

    await quiet.clock.runFor(10 * MINUTE);
    // The customer works in the other tab: saving a language is a request the customer made.
    const saved = busy.waitForResponse(
      (response) => response.url().endsWith('/api/user-settings') && response.request().method() === 'POST',
    );
    await busy.getByRole('button', { name: 'Deutsch' }).click();
    expect((await saved).status()).toBe(200);

    await quiet.clock.runFor(5 * MINUTE);
    await expect(question(quiet)).toBeHidden();
    await quiet.clock.runFor(9 * MINUTE);
    await expect(quiet.getByRole('dialog')).toBeVisible();
  });
});
