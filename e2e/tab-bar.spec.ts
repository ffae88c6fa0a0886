import type { Page } from '@playwright/test';
import { localizePath } from '../contract/locales';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { routes } from '../src/routes/table';
import { expect, test } from './fixtures';

/*
 * On a phone the main navigation is a bar fixed to the bottom of the screen. Scrolled to the end, every
 * signed-in screen must show its last control above that bar, or the customer can never reach it.
 */

// The sign-up wizard's steps follow its statechart, not the URL alone (e2e/register.spec.ts covers them).
const WIZARD_STEPS = new Set(['registerPromoCode', 'registerVerifyEmail', 'registerBiometric']);
// A made-up id or hash of these is the 404 page by design: it has no controls of its own to check.
const OWN_ID_ONLY = new Set(['activityDetail', 'cardAccountDetail', 'payLink', 'injectWallet']);
const UUID = '3f1e2d4c-5b6a-4789-9abc-def012345678';
const concrete = (path: string) => path.replace(':id', UUID).replace(':iso', 'usdt').replace(':hash', 'h4sh');
const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Where the screen's last focusable element ends and where the bar starts, scrolled to the bottom; null without a bar. */
function measure(page: Page, barName: string) {
  return page.evaluate(
    ({ barName, selector }) => {
      window.scrollTo(0, document.scrollingElement!.scrollHeight);
      const bar = [...document.querySelectorAll('nav')].find((nav) => nav.getAttribute('aria-label') === barName);
      if (!bar || !bar.checkVisibility() || getComputedStyle(bar).position !== 'fixed') return null;
      const focusable = [...document.querySelectorAll<HTMLElement>(`main ${selector}`)].filter(
        (element) => !element.matches(':disabled') && element.checkVisibility({ visibilityProperty: true }),
      );
      const last = focusable.at(-1);
      if (!last) return null;
      const name = (last.getAttribute('aria-label') ?? last.textContent ?? '').trim().slice(0, 40);
      return {
        last: `<${last.localName}> “${name}”`,
        bottom: last.getBoundingClientRect().bottom,
        barTop: bar.getBoundingClientRect().top,
      };
    },
    { barName, selector: FOCUSABLE },
  );
}

// Each direction once and each phone height once: a short phone in English, a tall one in Arabic (the sweep
// is about fifty screens, ~9 s of CI each time).
for (const [locale, texts, height] of [
  ['en', en, 664],
  ['ar', ar, 844],
] as const) {
  test(`the last control of every signed-in screen ends above the tab bar, ${locale} 390×${height}`, async ({ page, signIn }) => {
    // About fifty screens in one test, as in screens.spec.ts.
    test.slow();
    await page.setViewportSize({ width: 390, height });
    await signIn(locale);
    await page.goto(localizePath('/', locale));
    let withBar = 0;
    for (const route of routes.filter((r) => r.access !== 'guest' && !WIZARD_STEPS.has(r.id) && !OWN_ID_ONLY.has(r.id))) {
      const path = localizePath(concrete(route.path), locale);
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      // Screens load their data after the heading shows: measure once nothing is loading any more.
      await expect(page.locator('main [aria-busy="true"]'), path).toHaveCount(0);
      // What hides under the bar, if anything; polled, as late content can still move the last control.
      const hidden = async () => {
        const m = await measure(page, texts.nav.main);
        return m && m.bottom > m.barTop ? `${m.last} ends at ${m.bottom}px, the tab bar starts at ${m.barTop}px` : null;
      };
      await expect.poll(hidden, { message: path }).toBeNull();
      if (await measure(page, texts.nav.main)) withBar++;
    }
    // The sweep must have met the bar, or it proved nothing.
    expect(withBar).toBeGreaterThan(5);
  });
}
