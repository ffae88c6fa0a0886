import type { Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import en from '../locales/en.json' with { type: 'json' };
import { axeViolations } from './axe';
import { expect, receiveBankTransfer, registerCustomer, screenReady, signInAs, someClientAddress, test } from './fixtures';
import { saveScreenshot } from './screenshots';

/**
 * The installable app, in the project that lets the service worker run (playwright.config.ts): Chrome's own
 * install check, and a reload without a connection that opens the app with the last figures marked as old.
 */

/** Once the worker controls the page and keeps every script and style the page loaded. */
async function shellKept(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return 'no worker controls the page';
        const name = (await caches.keys()).find((key) => key.startsWith('meridian-shell-'));
        if (!name) return 'no shell cache';
        const cache = await caches.open(name);
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
        const missing = await Promise.all(loaded.map(async (url) => ((await cache.match(url.pathname)) ? [] : [url.pathname])));
        const kept = await cache.keys();
        // Never an answer of the API or the new-version check.
        const forbidden = kept.map((request) => new URL(request.url).pathname).filter((path) => /^\/(api|builds)\//.test(path));
        return [...missing.flat(), ...forbidden].join(' ') || 'kept';
      }),
    )
    .toBe('kept');
}

test('Chrome finds the app installable: manifest, icons, a worker that handles fetches', async ({ playwright, baseURL }) => {
  // A browser with a profile of its own: Chrome never offers to install from an incognito window, which
  // every context of the other tests is.
  const profile = await mkdtemp(path.join(tmpdir(), 'meridian-install-'));
  const browser = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: TEST_CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto('/');
    await screenReady(page);
    await shellKept(page);
    const cdp = await browser.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('a reload offline opens the app with the last figures marked as old, forgotten on a 401 and at sign-out', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.slow();
  const customer = await registerCustomer(context.request, 'en');
  await receiveBankTransfer(context.request, { Authorization: `Bearer ${customer.tokens.accessToken}` }, { currency: 'EUR', amount: '25' });
  await page.goto('/');
  await screenReady(page);
  const euros = page.getByTestId('asset-row').filter({ hasText: 'EUR' });
  await expect(euros).toContainText('€25.00');
  await shellKept(page);

  await context.setOffline(true);
  await page.reload();
  await screenReady(page);
  // The figures of the last visit, said to be old: never shown as current.
  await expect(euros).toContainText('€25.00');
  await expect(page.getByTestId('balances-saved')).toContainText('Last updated:');
  await expect(page.getByRole('alert').filter({ hasText: 'Balances could not be updated' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  for (const viewport of [
    { name: 'mobile', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, { path: `reports/screenshots/en-${viewport.name}-home-offline.png`, fullPage: true, attach: true });
  }

  // Back online (Playwright's offline switch fires no window events: the browser's is dispatched), fetched
  // at once: current figures, no mark.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('balances-saved')).toBeHidden();
  await expect(euros).toContainText('€25.00');
  const savedFigures = () => page.evaluate(() => localStorage.getItem('saved_balances'));
  expect(await savedFigures()).toContain('"total"');

  // Signed out from another device: this page's session is revoked while its cookies stay, so its next call
  // gets a 401 and the figures kept for offline must go with the session.
  const otherDevice = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': someClientAddress() } });
  try {
    const login = await otherDevice.post('/api/auth/login', { data: { email: customer.email, password: customer.password } });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const revoked = await otherDevice.post('/api/auth/sessions/revoke-others', {
      data: {},
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    expect(revoked.status(), await revoked.text()).toBe(200);
  } finally {
    await otherDevice.dispose();
  }
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  expect(await savedFigures()).toBeNull();

  // Signed in again, the figures are kept again; signing out forgets them.
  await signInAs(context, customer);
  await page.goto('/');
  await expect(euros).toContainText('€25.00');
  await expect.poll(savedFigures).toContain('"total"');
  await page.goto('/profile');
  await page.getByRole('button', { name: en.profile.logOut }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  expect(await savedFigures()).toBeNull();
});
