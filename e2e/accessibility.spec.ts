import { localizePath } from '../contract/locales';
import { customerWhoMayWithdraw } from './approvedCustomer';
import { axeViolations } from './axe';
import { expect, receiveBankTransfer, registerCustomer, screenReady, test } from './fixtures';
import { saveScreenshot } from './screenshots';

// e2e/screens.spec.ts checks the screens it photographs (/welcome, /login, /, /card-accounts,
// /transfer/crypto-to-fiat, /profile, /profile/language) on its wide screenshots, so they are not opened
// a second time here for the same check.
const SIGNED_OUT = ['/no/such/page', '/flows'];
// A new customer has no card account: the card screens show the way to open one (e2e/cards.spec.ts checks them filled).
const SIGNED_IN = [
  '/accounts',
  '/card-accounts/cards',
  '/card-accounts/collateral',
  '/pay',
  '/inject/fiat',
  '/inject/pay-by-code',
  '/inject/crypto/on-chain/usdt',
  '/profile/details',
  '/profile/invite',
  '/profile/invite/dashboard',
  '/onboarding/intro',
  '/onboarding/push-notifications',
  '/notifications',
  '/help',
];

/** Screens per test: one sign-in and one browser context serve a few screens, which keeps the run short. */
const PER_TEST = 7;

for (const locale of ['en', 'ar'] as const) {
  for (const [paths, signedIn] of [
    [SIGNED_OUT, false],
    [SIGNED_IN, true],
  ] as const) {
    for (let first = 0; first < paths.length; first += PER_TEST) {
      const group = paths.slice(first, first + PER_TEST);
      test(`no axe violations on ${locale} ${group.join(', ')}${signedIn ? ' (signed in)' : ''}`, async ({ page, signIn }) => {
        if (signedIn) await signIn(locale);
        for (const path of group) {
          await test.step(path, async () => {
            await page.goto(localizePath(path, locale));
            await screenReady(page);
            expect((await axeViolations(page)).map((violation) => `${path}: ${violation}`)).toEqual([]);
          });
        }
      });
    }
  }
}

// An activity's own page needs an activity: a new customer's bank transfer in. Its screenshots are here too.
for (const locale of ['en', 'ar'] as const) {
  test(`no axe violations on ${locale} /activities/{id}, screenshots at 390 and 1280`, async ({ page, context }) => {
    const { tokens } = await registerCustomer(context.request, locale);
    const headers = { Authorization: `Bearer ${tokens.accessToken}` };
    await receiveBankTransfer(context.request, headers, { currency: 'EUR', amount: '25.00', senderName: 'Ada Lovelace' });
    const { items } = (await (await context.request.get('/api/activities', { headers })).json()) as { items: { id: string }[] };
    await page.goto(localizePath(`/activities/${items[0]!.id}`, locale));
    await expect(page.getByTestId('activity-detail')).toContainText('Ada Lovelace');
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, { path: `reports/screenshots/activity-${locale}-${width}.png`, fullPage: true });
    }
  });
}

// A customer without a phone who opens a withdrawal lands on the security settings, which say why.
for (const locale of ['en', 'ar'] as const) {
  test(`no axe violations on ${locale} /profile/security?needs=phone, screenshots at 390 and 1280`, async ({ page, signIn }) => {
    await signIn(locale);
    await page.goto(localizePath('/accounts/crypto/withdraw/ETH', locale));
    await expect(page).toHaveURL(/\/profile\/security\?needs=phone&next=/);
    await screenReady(page);
    await expect(page.getByRole('status').filter({ has: page.locator('.notice-body') })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, { path: `reports/screenshots/security-needs-phone-${locale}-${width}.png` });
    }
  });
}

// Money leaving Meridian needs a confirmed phone and an approved identity check (the route's middleware).
for (const locale of ['en', 'ar'] as const) {
  test(`no axe violations on ${locale} /accounts/crypto/withdraw/eth (signed in, may withdraw)`, async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await customerWhoMayWithdraw(page.context().request, admin, locale, '0.1');
    await admin.dispose();
    await page.goto(localizePath('/accounts/crypto/withdraw/eth', locale));
    await screenReady(page);
    await expect(page.getByTestId('withdraw-available')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
