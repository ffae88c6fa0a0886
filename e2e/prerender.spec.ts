import type { Page } from '@playwright/test';
import { expect, FULL_BROWSER_TAG, test } from './fixtures';

/**
 * The pages the build prerenders (src/prerender.tsx) paint from their HTML, and the app takes them over
 * by hydrating: the server's elements stay (the heading is the same node), React reports no mismatch,
 * nothing moves, and the page works as one the app rendered.
 */

/** Notes React's errors (a mismatch is error #418 in production, reported as an uncaught error), shifts and the first heading. */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A refused inline script (the Content-Security-Policy) is reported here too, as is React's #419.
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => {
    const state = window as unknown as { shifts: number; serverHeading: Element | null };
    state.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // Parsed, before any script of the app has run (they load after the first paint).
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') state.serverHeading = document.querySelector('h1');
    });
  });
  return errors;
}

/** Hydrated: the app answers (React attaches its props to the server's elements), on the server's heading. */
async function expectTakenOver(page: Page, audience: 'guest' | 'customer') {
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', audience);
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
  expect(
    await page.evaluate(() => (window as unknown as { serverHeading: Element | null }).serverHeading === document.querySelector('h1')),
  ).toBe(true);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading, buttons] of [
    ['/welcome', 'Welcome to Meridian', ['Create an account', 'Log in', 'Continue with Google']],
    ['/ar/login', 'تسجيل الدخول', ['تسجيل الدخول', 'المتابعة باستخدام Google']],
  ] as const) {
    test(`${path} is in the HTML`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', path.startsWith('/ar') ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      for (const name of buttons) await expect(page.getByRole('main').getByText(name, { exact: true }).first()).toBeVisible();
      expect(await page.title()).toBe(`${heading} · Meridian`);
      if (path.endsWith('/login')) {
        // Submitted natively, the form would put the password in the URL: it waits for the app.
        await expect(page.locator('input[name="password"]')).toHaveAttribute('readonly', '');
        await expect(page.locator('button[type="submit"]')).toBeDisabled();
      }
    });
  }
});

for (const [path, next] of [
  ['/welcome', '/login'],
  ['/ar/welcome', '/ar/login'],
] as const) {
  test(`${path} is taken over without a mismatch or a shift, and its links work`, { tag: FULL_BROWSER_TAG }, async ({ page }) => {
    const errors = await watch(page);
    await page.goto(path);
    await expectTakenOver(page, 'guest');
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    await page.locator(`a[href="${next}"]`).first().click();
    await expect(page).toHaveURL(next);
    await expect(page.locator('input[name="email"]')).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('/ar/login is taken over and signs in', { tag: FULL_BROWSER_TAG }, async ({ page, signIn }) => {
  // A customer made through the API, then signed out of this browser: the login page is for a guest.
  const customer = await signIn('ar');
  await page.context().clearCookies();
  const errors = await watch(page);
  await page.goto('/ar/login');
  await expectTakenOver(page, 'guest');
  await page.locator('input[name="email"]').fill(customer.email);
  await page.locator('input[name="password"]').fill('Meridian-e2e-2026');
  await page.getByRole('main').getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL('/ar');
  expect(errors).toEqual([]);
});

test('a signed-in visitor gets the empty shell on /welcome and is sent home', async ({ page, signIn }) => {
  await signIn('en');
  const errors = await watch(page);
  await page.goto('/welcome');
  await expect(page).toHaveURL('/');
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  expect(errors).toEqual([]);
});

for (const locale of ['en', 'ar'] as const) {
  const path = locale === 'en' ? '/' : '/ar';
  test(`${path} is taken over for a customer without an error, and on a phone its figures load without moving the page`, async ({
    page,
    signIn,
  }) => {
    // Lighthouse's phone: the page's first screen is what a shift is counted on.
    await page.setViewportSize({ width: 412, height: 823 });
    await signIn(locale);
    const errors = await watch(page);
    await page.goto(path);
    await expectTakenOver(page, 'customer');
    // The figures, and the banners that arrive with the profile (a new customer's phone is not confirmed).
    await expect(page.locator('.total-amount .amount')).toBeVisible();
    await expect(page.locator('.totals-usdt .amount')).toHaveCount(2);
    await expect(page.locator('.banner').first()).toBeVisible();
    // Every placeholder replaced: the assets and the last activities are in too.
    await expect(page.locator('#main .skeleton')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });
}

// Its screen is one Suspense boundary larger than React's progressive chunk size in Arabic, Russian and Thai:
// outlined, its content needed an inline script the CSP refuses (the fallback stayed, and hydration gave up: #419).
for (const locale of ['en', 'ar', 'ru', 'th'] as const) {
  const path = locale === 'en' ? '/profile/security' : `/${locale}/profile/security`;
  test(`${path} is taken over for a customer without a CSP violation and loads their data in place`, async ({ page, signIn }) => {
    await signIn(locale);
    const errors = await watch(page);
    await page.goto(path);
    await expectTakenOver(page, 'customer');
    // The screen is in the HTML, not a placeholder waiting for a script.
    expect(await page.evaluate(() => document.querySelector('#root [role="status"][aria-busy="true"]'))).toBeNull();
    // The data replaces the placeholders: this device's session is listed.
    await expect(page.getByTestId('sessions-section').getByTestId('session').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });
}

test('/ar/profile/security: a press before the app has taken over is refused visibly, and the first one after acts', async ({
  page,
  signIn,
}) => {
  await signIn('ar');
  const errors = await watch(page);
  // The entry waits until the painted page has been checked and pressed.
  let release!: () => void;
  const entryHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/assets/index-') && url.pathname.endsWith('.js'),
    async (route) => {
      await entryHeld;
      await route.fallback();
    },
  );
  await page.goto('/ar/profile/security');
  const change = page.getByRole('button', { name: 'تغيير كلمة المرور' });
  await expect(change).toBeVisible();
  // Painted from the HTML, not live yet: the button says it cannot be pressed rather than dropping a press.
  await expect(change).toBeDisabled();
  await change.click({ force: true });
  await expect(page.getByRole('dialog')).toBeHidden();
  release();
  await expectTakenOver(page, 'customer');
  // Playwright presses as soon as the button is enabled: the first moment a person could.
  await change.click();
  await expect(page.getByRole('dialog').locator('input[name="code"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a guest opening / gets the empty shell and is sent to /welcome', async ({ page }) => {
  const errors = await watch(page);
  await page.goto('/');
  await expect(page).toHaveURL('/welcome');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Meridian');
  expect(errors).toEqual([]);
});
