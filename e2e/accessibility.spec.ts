import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { localizePath } from '../contract/locales';
import { customerWhoMayWithdraw } from './approvedCustomer';
import { expect, screenReady, test } from './fixtures';

/** DESIGN.md: axe-core reports no violations on any screen (WCAG 2.2 AA rules). */
const SIGNED_OUT = ['/welcome', '/login', '/no/such/page', '/flows'];
// A new customer has no card account: the card screens show the way to open one (e2e/cards.spec.ts checks them filled).
const SIGNED_IN = [
  '/',
  '/accounts',
  '/card-accounts',
  '/card-accounts/cards',
  '/card-accounts/collateral',
  '/transfer/crypto-to-fiat',
  '/inject/fiat',
  '/inject/pay-by-code',
  '/inject/crypto/on-chain/usdt',
  '/profile',
  '/profile/language',
  '/profile/details',
  '/profile/invite',
  '/profile/invite/dashboard',
  '/onboarding/intro',
  '/onboarding/push-notifications',
  '/notifications',
  '/help',
];

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const locale of ['en', 'ar'] as const) {
  for (const [paths, signedIn] of [
    [SIGNED_OUT, false],
    [SIGNED_IN, true],
  ] as const) {
    for (const path of paths) {
      test(`no axe violations on ${locale} ${path}${signedIn ? ' (signed in)' : ''}`, async ({ page, signIn }) => {
        if (signedIn) await signIn(locale);
        await page.goto(localizePath(path, locale));
        await screenReady(page);
        await expectNoViolations(page);
      });
    }
  }
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
    await expectNoViolations(page);
  });
}
