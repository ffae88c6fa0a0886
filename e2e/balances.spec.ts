import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { localizePath } from '../contract/locales';
import { expect, signInDemo, test } from './fixtures';
import { pairRuns, saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

const SUMMARY = '**/api/accounts-management/summary-balance';

/** Counts the balance polls the page makes, checking each is marked as background activity. */
function countPolls(page: Page) {
  const polls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/accounts-management/summary-balance')) polls.push(request.headers()['x-meridian-activity'] ?? '');
  });
  return polls;
}

const total = (page: Page) => page.locator('.total-amount');

test('balances are fetched once at load, again after 60 s, and not after signing out', async ({ page, context }) => {
  await page.clock.install();
  // The page's own (fake) time of each poll: the interval counts from the previous answer, and the real
  // time a loaded machine takes between two test steps must not count as waiting.
  await page.addInitScript(() => {
    const times: number[] = [];
    Object.assign(window, { pollTimes: times });
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/accounts-management/summary-balance')) times.push(Date.now());
      return fetch(input, init);
    };
  });
  const pollTimes = () => page.evaluate(() => (window as unknown as { pollTimes: number[] }).pollTimes);
  await signInDemo(page);
  const polls = countPolls(page);
  await page.goto('/');
  await expect(total(page)).toHaveText(/^\$[\d,]+\.\d\d$/);
  expect(polls).toEqual(['background']);
  // runFor fires each timer at its own time (fastForward would fire them all at the end).
  await page.clock.runFor(70_000);
  await expect.poll(() => polls.length).toBe(2);
  expect(polls).toEqual(['background', 'background']);
  const [first = 0, second = 0] = await pollTimes();
  // A minute after the first answer: not before, and not much later than that answer took to come.
  expect(second - first).toBeGreaterThanOrEqual(60_000);
  expect(second - first).toBeLessThan(70_000);

  // Signed out (here: the session cookies gone, as another tab's logout leaves them): no more polls.
  await context.clearCookies();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.clock.fastForward(180_000);
  await page.clock.runFor(1_000);
  expect(polls).toHaveLength(2);
});

test('hide balances masks every amount on home and accounts, and is remembered', async ({ page }) => {
  await signInDemo(page);
  await page.goto('/');
  await expect(total(page)).toHaveText(/^\$[\d,]+\.\d\d$/);
  // The portfolio's chart: drawn, its points in a table on request, read one by one with the arrow keys.
  const chart = page.getByTestId('chart-plot');
  await expect(chart.locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Show the figures as a table' }).click();
  await expect(page.getByTestId('chart-table').locator('tbody tr').first()).toBeVisible();
  await chart.focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('chart-point')).toHaveText(/: \$[\d,]+\.\d\d$/);
  // The allocation: a bar per asset held, each read as its share and its worth.
  const allocation = page.getByTestId('allocation-chart');
  await expect(allocation.getByRole('row')).toHaveCount(5);
  await expect(allocation.getByRole('row', { name: /^BTC [\d.]+% · \$[\d,]+\.\d\d$/ })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Hide balances' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // Pressed looks pressed, not only to a screen reader: its fill and its icon (a crossed eye) change.
  const look = () =>
    toggle.evaluate((button) => [getComputedStyle(button).backgroundColor, button.querySelector('path')?.getAttribute('d')]);
  const unpressed = await look();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0);
  const pressed = await look();
  expect(pressed[0]).not.toBe(unpressed[0]);
  expect(pressed[1]).not.toBe(unpressed[1]);
  await expect(total(page)).toHaveText('••••Amount hidden');
  // No figure of any asset shows: every amount on the page is the mask.
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  await expect(page.locator('.amount:not(.amount--hidden)')).toHaveCount(0);
  // A line's shape and a bar's length tell figures too: nothing of either chart is drawn or listed.
  await expect(page.getByText('The chart is hidden while balances are hidden.')).toHaveCount(2);
  await expect(page.getByTestId('chart-plot')).toHaveCount(0);
  await expect(page.getByTestId('chart-table')).toHaveCount(0);
  await expect(page.getByTestId('allocation-chart')).toHaveCount(0);

  await page.reload();
  await expect(total(page)).toHaveText('••••Amount hidden');
  await page.getByRole('link', { name: /EUR/ }).first().click();
  await expect(page.locator('.total-amount')).toHaveText('••••Amount hidden');
  await page.goto('/accounts');
  await expect(page.getByTestId('account-row')).toHaveCount(5);
  await expect(page.locator('.amount:not(.amount--hidden)')).toHaveCount(0);

  await page.getByRole('button', { name: 'Hide balances' }).click();
  await expect(page.locator('.amount--hidden')).toHaveCount(0);
});

test('a failed fetch shows the server’s message and keeps the figures; Try again recovers', async ({ page }) => {
  await page.clock.install();
  await signInDemo(page);
  await page.goto('/');
  await expect(total(page)).toHaveText(/^\$[\d,]+\.\d\d$/);
  const figures = await total(page).textContent();
  await page.route(SUMMARY, (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Balances are being recalculated' } } }),
  );
  await page.clock.fastForward(60_000);
  await expect(page.getByRole('alert')).toContainText('Balances could not be updated: Balances are being recalculated');
  await expect(total(page)).toHaveText(figures!);

  await page.unroute(SUMMARY);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Fresh figures: rates move and other tests move the shared demo customer's money meanwhile.
  await expect(total(page)).toHaveText(/^\$[\d,]+\.\d\d$/);
});

test('an account shows IBAN and BIC to copy; an id that is not the customer’s is the 404 page', async ({ page }) => {
  await signInDemo(page);
  await page.goto('/accounts');
  await page.getByRole('link', { name: /Euro account/ }).click();
  await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
  await expect(page.getByRole('button', { name: /IBAN/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /BIC/ })).toBeVisible();
  const id = page.url().split('/').at(-1)!;
  await expect(page.getByRole('link', { name: 'All activity' })).toHaveAttribute('href', `/activities?accountId=${id}`);

  const foreign = `/accounts/${randomUUID()}`;
  await page.goto(foreign);
  await expect(page.getByTestId('error-page')).toContainText(foreign);
  await expect(page.getByTestId('error-page')).toContainText('404');
});

test('opening an account in another currency shows it, with its IBAN', async ({ page, signIn }) => {
  await signIn('en');
  await page.goto('/accounts');
  await page.getByLabel('Currency').selectOption('GBP');
  await page.getByRole('button', { name: 'Open account' }).click();
  await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'British Pound account' })).toBeVisible();
  await expect(page.getByText(/^DE\d\d( \d{4}){4} \d\d$/)).toBeVisible();
  await page.goto('/accounts');
  await expect(page.getByTestId('account-row')).toHaveCount(1);
});

const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const locale of ['en', 'ar'] as const) {
  for (const viewport of VIEWPORTS.filter((v) => pairRuns(locale, v.width))) {
    test(`home and accounts: screenshots and axe, ${locale} ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInDemo(page, locale);
      await page.goto(localizePath('/accounts', locale));
      await expect(page.getByTestId('account-row')).toHaveCount(5);
      await page.getByTestId('account-row').first().click();
      await expect(page.locator('.copyable').first()).toBeVisible();
      const detail = new URL(page.url()).pathname;
      for (const [name, path] of [
        ['home', '/'],
        ['accounts', '/accounts'],
        ['account-detail', detail],
      ] as const) {
        await page.goto(name === 'account-detail' ? path : localizePath(path, locale));
        await expect(page.locator('.amount').first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        if (name === 'home') {
          await expect(page.getByTestId('chart-plot').locator('canvas')).toBeVisible();
          await expect(page.getByTestId('allocation-chart').getByRole('row').first()).toBeVisible();
        }
        const file = `reports/screenshots/${locale}-${viewport.name}-balances-${name}.png`;
        await saveScreenshot(page, { path: file, fullPage: true, attach: true });
        expect((await axeViolations(page)).map((violation) => `${name}: ${violation}`)).toEqual([]);
      }
    });
  }
}
