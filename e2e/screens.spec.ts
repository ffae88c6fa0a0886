import type { Page } from '@playwright/test';
import { LOCALES, localizePath, type Locale } from '../contract/locales';
import { routes } from '../src/routes/table';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { pairRuns, saveScreenshot } from './screenshots';

const WIZARD_STEPS = new Set(['registerPromoCode', 'registerVerifyEmail', 'registerBiometric']);
// An account, card account, pay link or deposit link that is not the customer's (or no one's) is the 404 page by design
// (e2e/balances.spec.ts, e2e/cards.spec.ts open real ones).
const OWN_ID_ONLY = new Set(['accountDetail', 'activityDetail', 'cardAccountDetail', 'payLink', 'injectWallet']);
// Admins only: a customer gets the 404 page (e2e/simulate.spec.ts checks it; the admin journeys open it as the admin).
const ADMIN_ONLY = new Set(['simulateAdmin']);
// The new customer has no phone: a page that needs a confirmed one sends them to add it (e2e/simulate.spec.ts checks it).
const needsPhone = (route: (typeof routes)[number]) => route.middleware?.includes('phone-confirmed') ?? false;
// Nor an approved identity check: /send sends them to /kyc once the guard has read their standing, which raced
// the URL check below (e2e/pay-links.spec.ts opens /send as approved customers).
const needsApprovedKyc = (route: (typeof routes)[number]) => route.middleware?.includes('kyc-approved') ?? false;
const UUID = '3f1e2d4c-5b6a-4789-9abc-def012345678';
const concrete = (path: string) => path.replace(':id', UUID).replace(':iso', 'usdt').replace(':hash', 'h4sh');

/** The routes a new signed-in customer can open by URL alone. */
const WALKED = routes.filter(
  (r) =>
    r.access !== 'guest' &&
    !WIZARD_STEPS.has(r.id) &&
    !OWN_ID_ONLY.has(r.id) &&
    !ADMIN_ONLY.has(r.id) &&
    !needsPhone(r) &&
    !needsApprovedKyc(r),
);

/** Signs a new customer in in `locale`, then opens each route in the app, as a customer moves around. */
async function walk(
  page: Page,
  signIn: (language: Locale) => Promise<unknown>,
  locale: Locale,
  walked: readonly (typeof routes)[number][],
) {
  await signIn(locale);
  const title = await page.goto(localizePath('/', locale)).then(() => page.title());
  expect(title).toContain('Meridian');
  for (const route of walked) {
    const path = localizePath(concrete(route.path), locale);
    // In-app navigation; one full load per locale keeps the run short.
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading, path).toBeVisible();
    await expect(page.getByTestId('error-page'), path).toHaveCount(0);
    expect(await heading.textContent(), path).not.toMatch(/^screens\./);
  }
}

// English and Arabic (each direction) open every route; the six other languages take turns, so every route
// opens in one of them and each of them opens a sixth of the routes (about fifty navigations per language
// cost ~10 s of CI each).
for (const locale of ['en', 'ar'] as const) {
  test(`every route renders in ${locale}`, async ({ page, signIn }) => {
    // About fifty navigations in one test: on a loaded 2-core CI machine this took over 30 s.
    test.slow();
    await walk(page, signIn, locale, WALKED);
  });
}

const TAKING_TURNS = LOCALES.filter((locale) => locale !== 'en' && locale !== 'ar');
test(`every route renders in one of ${TAKING_TURNS.join(', ')}`, async ({ page, signIn }) => {
  test.slow();
  for (const [turn, locale] of TAKING_TURNS.entries()) {
    await test.step(locale, () =>
      walk(
        page,
        signIn,
        locale,
        WALKED.filter((_, index) => index % TAKING_TURNS.length === turn),
      ),
    );
  }
});

// `axe`: each screenshot's page is also this screen's axe check (e2e/accessibility.spec.ts has the others).
const SHOTS = [
  { name: 'welcome', path: '/welcome', signedIn: false, axe: true },
  { name: 'login', path: '/login', signedIn: false, axe: true },
  { name: 'terms', path: '/terms', signedIn: false, axe: true },
  { name: 'profile', path: '/profile', signedIn: true, axe: true },
  { name: 'home', path: '/', signedIn: true, axe: true },
  { name: 'card-accounts', path: '/card-accounts', signedIn: true, axe: true },
  { name: 'transfer-crypto-to-fiat', path: '/transfer/crypto-to-fiat', signedIn: true, axe: true },
  { name: 'profile-language', path: '/profile/language', signedIn: true, axe: true },
  { name: 'not-found', path: '/no/such/page', signedIn: true, axe: false },
];
const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const locale of ['en', 'ar'] as const) {
  for (const viewport of VIEWPORTS.filter((v) => pairRuns(locale, v.width))) {
    test(`screenshots ${locale} ${viewport.name}`, async ({ page, signIn }) => {
      await page.setViewportSize(viewport);
      await signIn(locale);
      const session = await page.context().cookies();
      for (const shot of SHOTS) {
        await page.context().clearCookies();
        if (shot.signedIn) await page.context().addCookies(session);
        await page.goto(localizePath(shot.path, locale));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (shot.axe) {
          expect((await axeViolations(page)).map((violation) => `${shot.path}: ${violation}`)).toEqual([]);
        }
        const file = `reports/screenshots/${locale}-${viewport.name}-${shot.name}.png`;
        await saveScreenshot(page, { path: file, fullPage: true, attach: true });
      }
    });
  }
}
