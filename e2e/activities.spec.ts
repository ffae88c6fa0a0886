import type { Page } from '@playwright/test';
import { coinName } from '../contract/accountNames';
import type { Activity } from '../contract/activities';
import { expect, screenReady, signInDemo, test } from './fixtures';
import { pairRuns, saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

// Issue 11, Activities: /activities and /card-accounts/activities against the real server and the seeded
// demo customer (its five opening deposits: EUR 2450.75, USD 310.00, BTC 0.0425, ETH 1.2, USDT 1250.5,
// from "Dana Demo", reference "Opening deposit"). Tests only read, so they run side by side.

const TEXT = {
  en: { search: 'Search', filters: 'Filters', account: 'Account', apply: 'Show activity', loadMore: 'Load more', deposit: 'Deposit' },
  ar: { search: 'بحث', filters: 'عوامل التصفية', account: 'الحساب', apply: 'عرض الحركات', loadMore: 'تحميل المزيد', deposit: 'إيداع' },
} as const;

/** Answers GET /activities with three pages of 20 card payments, an hour apart; returns the cursors asked for. */
async function answerThreePages(page: Page): Promise<(string | null)[]> {
  const account = '3f1e2d4c-5b6a-4789-9abc-def012345678';
  const item = (n: number): Activity => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    accountId: account,
    type: 'card_payment',
    status: n % 7 === 0 ? 'pending' : 'completed',
    counterparty: `Shop ${n}`,
    reference: `Order ${n}`,
    amount: `-${n}.50`,
    currency: 'EUR',
    counterAmount: null,
    counterCurrency: null,
    returnReason: null,
    recurringBuy: null,
    usdValue: null,
    createdAt: new Date(Date.UTC(2026, 10, 25, 12) - n * 3_600_000).toISOString(),
    legs: [],
  });
  const cursors: (string | null)[] = [];
  await page.route(/\/api\/activities(\?|$)/, async (route) => {
    const cursor = new URL(route.request().url()).searchParams.get('cursor');
    cursors.push(cursor);
    const start = cursor === 'page-2' ? 20 : cursor === 'page-3' ? 40 : 0;
    const next = start === 0 ? 'page-2' : start === 20 ? 'page-3' : null;
    await route.fulfill({ json: { items: Array.from({ length: 20 }, (_, i) => item(start + i + 1)), nextCursor: next } });
  });
  return cursors;
}

// Each test signs in, loads the app and waits on the real server: over a minute on a loaded 2-core machine.
test.beforeEach(() => test.slow());

const rows = (page: Page) => page.getByTestId('activity-row');
const prefixOf = (locale: 'en' | 'ar') => (locale === 'en' ? '' : `/${locale}`);

// Each behaviour the language does not change runs in one of the two, taking turns (docs/testing.md: no
// per-language twin unless the language matters); the search runs in both, Arabic typing its own digits.
for (const locale of ['en', 'ar'] as const) {
  const text = TEXT[locale];
  const prefix = prefixOf(locale);

  test(`${locale}: search finds by counterparty and by amount`, async ({ page }) => {
    await signInDemo(page, locale);
    await page.goto(`${prefix}/activities`);
    await screenReady(page);
    await expect(rows(page).first()).toBeVisible();

    const search = page.getByRole('searchbox', { name: text.search });
    await search.fill('Dana');
    await expect(page).toHaveURL(/[?&]q=Dana/);
    await expect(rows(page).first()).toContainText('Dana Demo');
    for (const row of await rows(page).all()) await expect(row).toContainText('Dana Demo');

    await search.fill('nobody-has-this-name');
    await expect(page.getByText(locale === 'en' ? 'Nothing matches' : 'لا نتائج')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);

    // The amount as the customer's keyboard types it: Arabic-Indic digits in Arabic.
    await search.fill(locale === 'en' ? '310' : '٣١٠');
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(locale === 'en' ? '+$310.00' : '٣١٠٫٠٠');
  });

  if (locale === 'en') {
    test(`${locale}: an account filter narrows the list, survives a reload and back undoes it`, async ({ page }) => {
      await signInDemo(page, locale);
      await page.goto(`${prefix}/activities`);
      await expect(rows(page).first()).toBeVisible();
      const all = await rows(page).count();
      expect(all).toBeGreaterThanOrEqual(5);

      await page.getByRole('button', { name: text.filters }).click();
      const sheet = page.getByRole('dialog');
      // The coin's name in the page's language: Bitcoin, بيتكوين.
      await sheet.getByLabel(text.account).selectOption({ label: `${coinName('BTC', locale)} (BTC)` });
      await sheet.getByRole('button', { name: text.apply }).click();
      await expect(sheet).toBeHidden();
      await expect(page).toHaveURL(/[?&]accountId=[0-9a-f-]{36}/);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page)).toContainText('BTC');
      await expect(page.getByRole('button', { name: new RegExp(`${text.filters} \\(`) })).toBeVisible();

      await page.reload();
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page)).toContainText('BTC');
      await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(coinName('BTC', locale));

      await page.goBack();
      await expect(page).not.toHaveURL(/accountId=/);
      await expect(rows(page)).toHaveCount(all);
    });
  }

  if (locale === 'ar') {
    test(`${locale}: the detail sheet shows one activity`, async ({ page }) => {
      await signInDemo(page, locale);
      await page.goto(`${prefix}/activities?q=2450.75`);
      await expect(rows(page)).toHaveCount(1);
      await rows(page).getByRole('button').click();
      const sheet = page.getByRole('dialog');
      await expect(sheet.getByRole('heading', { name: 'Dana Demo' })).toBeVisible();
      const facts = sheet.getByTestId('activity-detail');
      await expect(facts).toContainText(text.deposit);
      await expect(facts).toContainText('Opening deposit');
      await expect(facts).toContainText('٢٬٤٥٠٫٧٥');
      await expect(facts).toContainText('حساب يورو');
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(rows(page).getByRole('button')).toBeFocused();
    });
  }

  for (const way of [locale === 'ar' ? 'scrolling' : 'Load more'] as const) {
    test(`${locale}: ${way === 'scrolling' ? 'scrolling to the end' : '"Load more" (no IntersectionObserver)'} loads the next pages`, async ({
      page,
    }) => {
      await signInDemo(page, locale);
      // Three pages of 20, answered here: the demo customer has five activities, the server's paging is
      // covered in tests/server/activities.test.ts. What is checked is the client following the cursors.
      const cursors = await answerThreePages(page);
      // The button alone, as for a browser without IntersectionObserver: the observer would load too.
      if (way === 'Load more') await page.addInitScript(() => Reflect.deleteProperty(window, 'IntersectionObserver'));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${prefix}/activities`);
      await expect(rows(page)).toHaveCount(20);
      // Several days: each has its heading.
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      for (const count of [40, 60]) {
        if (way === 'scrolling') await rows(page).last().scrollIntoViewIfNeeded();
        else await page.getByRole('button', { name: text.loadMore }).click();
        // Scrolling may bring the end into sight again at once, so the next page can follow by itself.
        await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(count);
      }
      await expect(rows(page)).toHaveCount(60);
      await expect(page.getByRole('button', { name: text.loadMore })).toHaveCount(0);
      expect(cursors).toEqual([null, 'page-2', 'page-3']);
    });
  }

  if (locale === 'ar') {
    test(`${locale}: card activity without a chosen card account leads to /card-accounts`, async ({ page }) => {
      await signInDemo(page, locale);
      await page.goto(`${prefix}/card-accounts/activities`);
      await screenReady(page);
      const link = page.getByRole('link', { name: 'الذهاب إلى حسابات البطاقات' });
      await expect(page.getByText('لم يتم اختيار حساب بطاقة')).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/card-accounts$`));
    });
  }

  if (locale === 'en') {
    test(`${locale}: card activity lists only the chosen card account's activity`, async ({ page }) => {
      const token = await signInDemo(page, locale);
      const card = await page.context().request.post('/api/accounts-management/create-accounts-card', {
        headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
      });
      expect(card.status(), await card.text()).toBe(200);
      const { id } = (await card.json()) as { id: string };
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/activities')) asked.push(new URL(request.url()).searchParams.get('accountId') ?? '');
      });
      await page.addInitScript((cardId) => localStorage.setItem('selected_card_account', cardId), id);
      await page.goto(`${prefix}/card-accounts/activities`);
      await expect(page.getByText('No activity yet')).toBeVisible();
      expect(asked).toEqual([id]);
      await expect(page.getByLabel(text.account)).toHaveCount(0);
    });
  }

  for (const width of [390, 1280].filter((w) => pairRuns(locale, w))) {
    test(`${locale} ${width}: screenshots and axe of the activity list, filters, detail and card activity`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInDemo(page, locale);
      const axe = () => axeViolations(page);
      const shot = (name: string) => saveScreenshot(page, { path: `reports/screenshots/${name}-${locale}-${width}.png`, fullPage: true });

      await page.goto(`${prefix}/activities`);
      await expect(rows(page).first()).toBeVisible();
      expect(await axe()).toEqual([]);
      await shot('activities');

      await page.getByRole('button', { name: text.filters }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await axe()).toEqual([]);
      await shot('activities-filters');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await rows(page).first().getByRole('button').click();
      await expect(page.getByTestId('activity-detail')).toBeVisible();
      expect(await axe()).toEqual([]);
      await shot('activities-detail');
      await page.keyboard.press('Escape');

      await page.goto(`${prefix}/card-accounts/activities`);
      await screenReady(page);
      await expect(page.getByRole('link', { name: locale === 'en' ? 'Go to card accounts' : 'الذهاب إلى حسابات البطاقات' })).toBeVisible();
      expect(await axe()).toEqual([]);
      await shot('card-activities');
    });
  }
}
