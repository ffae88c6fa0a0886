import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { axeViolations } from './axe';
import { expect, screenReady, test } from './fixtures';

/*
 * The app shell around every screen: the connection dropping and coming back (docs/product.md#errors).
 */

test('offline the shell says so and keeps its navigation; a screen that could not load opens with one reload once online', async ({
  page,
  context,
  signIn,
}) => {
  await signIn('en');
  await page.goto('/');
  await screenReady(page);
  // The home page's own lazy parts (the passkey offer) have loaded: this test is about a screen's code.
  await page.waitForLoadState('networkidle');
  // Gone after a full page load: tells a reload from an in-app navigation.
  await page.evaluate(() => document.documentElement.setAttribute('data-same-document', ''));
  const sameDocument = () => page.evaluate(() => document.documentElement.hasAttribute('data-same-document'));
  const notice = page.getByRole('status').filter({ hasText: en.app.offline.notice });

  await context.setOffline(true);
  await expect(notice).toBeVisible();
  // The transfer screen's code was never loaded, and its e-mail check needs the server.
  const nav = page.getByRole('navigation', { name: en.nav.main });
  await nav.getByRole('link', { name: en.nav.transfer }).click();
  await expect(page.getByRole('heading', { name: en.app.offline.screenTitle })).toBeVisible();
  await expect(page.getByText(en.errors.internal.status)).toHaveCount(0);
  expect(await sameDocument()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  await expect(page.getByRole('link', { name: en.nav.back })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: en.screens.transfer.title })).toBeVisible();
  await expect(page).toHaveURL(/\/transfer$/);
  await expect(page.getByText(en.app.offline.notice)).toHaveCount(0);
  expect(await sameDocument()).toBe(false);
});

test('a new page opens at its top; back and forward return to where each page was scrolled', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 400 });
  await signIn('en');
  await page.goto('/');
  // The banners come last, with the profile: scrolled before, the page would still grow under the offset.
  await expect(page.getByRole('link', { name: en.home.banners.kyc.action })).toBeVisible();
  const scrollY = () => page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  const homeOffset = await scrollY();
  expect(homeOffset).toBeGreaterThan(100);
  // A click without scrolling the link into view first, so the offset stays where the customer left it.
  await page
    .getByRole('navigation', { name: en.home.quickActions })
    .getByRole('link', { name: en.home.actions.topUp })
    .dispatchEvent('click');
  await expect(page.getByRole('heading', { level: 1, name: en.screens.injectCrypto.title })).toBeVisible();
  expect(await scrollY()).toBe(0);

  await page.goBack();
  await screenReady(page);
  await expect.poll(scrollY).toBe(homeOffset);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: en.screens.injectCrypto.title })).toBeVisible();
  await expect.poll(scrollY).toBe(0);
});

test('the error page of a page that does not exist leads home, where German quick actions fit a phone', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn('de');
  await page.goto('/de/accounts/not-an-id');
  const home = page.getByRole('link', { name: de.errors.backHome });
  await expect(page.getByRole('heading', { level: 1, name: de.errors.notFound.status })).toBeVisible();
  await home.click();
  await expect(page).toHaveURL(/\/de$/);
  await screenReady(page);
  // The longest German label of a quick action stays inside its button (issue 24 item 22).
  const payByCode = page.getByRole('navigation', { name: de.home.quickActions }).getByRole('link', { name: de.home.actions.payByCode });
  expect(await payByCode.evaluate((link) => link.scrollWidth - link.clientWidth)).toBeLessThanOrEqual(0);
});
