import { randomInt } from 'node:crypto';
import { localizePath, type Locale } from '../contract/locales';
import { formatAmount } from '../contract/money';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { withValues } from '../tests/models/graph/page';
import {
  ADMIN,
  expect,
  latestCode,
  receiveBankTransfer,
  registerCustomer,
  screenReady,
  signInAs,
  someClientAddress,
  stepUpByApi,
  test,
} from './fixtures';
import { PASSPORT, PNG_PHOTO, sign } from './kycFiles';
import { pairRuns, saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

const MESSAGES = { en, ar } as const;

/** What the top-up limit block says of one period, as the customer's language writes it. */
const leftOf = (locale: 'en' | 'ar', left: string, limit: string) =>
  withValues(MESSAGES[locale].limits.leftOf, { left: formatAmount(left, 'USD', locale), limit: formatAmount(limit, 'USD', locale) });

for (const locale of ['en', 'ar'] as const) {
  const m = MESSAGES[locale];
  const at = (path: string) => localizePath(path, locale);

  test(`an admin's approval of the identity check lifts the limits the customer sees (${locale})`, async ({ page, browser }) => {
    test.slow();
    const request = page.context().request;
    const customer = await registerCustomer(request, locale as Locale);
    const headers = { Authorization: `Bearer ${customer.tokens.accessToken}`, 'X-Forwarded-For': someClientAddress() };
    // 1,000 USD of deposits reach level 2 (Silver), but level 1 holds until the identity check is approved.
    await receiveBankTransfer(request, headers, { currency: 'USD', amount: '1000.00' });

    await page.goto(at('/inject/fiat'));
    const limit = page.getByTestId('limit-left');
    await expect(limit).toContainText(leftOf(locale, '0', '1000'));
    await expect(limit).toContainText(leftOf(locale, '4000', '5000'));
    await expect(limit).toContainText(m.limits.noneLeft);

    // The four steps: the document and the phone through the API, the questions and the signature on their screens.
    expect((await request.put('/api/kyc/document', { data: PASSPORT, headers })).status()).toBe(200);
    const upload = await request.post('/api/kyc/document/front', {
      multipart: { file: { name: 'passport.png', mimeType: 'image/png', buffer: PNG_PHOTO } },
      headers,
    });
    expect(upload.status(), await upload.text()).toBe(200);
    await stepUpByApi(request, headers, 'phone.set', customer.email);
    const phone = `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    expect((await request.post('/api/users/set-phone', { data: { phone }, headers })).status()).toBe(200);
    const code = await latestCode(request, phone, 'set_phone');
    expect((await request.post('/api/users/confirm-phone', { data: { code }, headers })).status()).toBe(200);
    const answers = { occupation: 'student', sourceOfFunds: 'savings', monthlyVolume: 'under_1000', pep: false, taxResidence: 'DE' };
    expect((await request.put('/api/kyc/questionnaire', { data: { answers }, headers })).status()).toBe(200);
    await page.goto(at('/kyc/signature'));
    await screenReady(page);
    await sign(page);
    await page.getByRole('button', { name: m.kyc.signature.sign, exact: true }).click();
    await expect(page.getByRole('button', { name: m.kyc.signature.signAgain })).toBeVisible();
    await page.goto(at('/kyc'));
    await page.getByRole('button', { name: m.kyc.submit }).click();
    await expect(page.getByTestId('kyc-status')).toContainText(m.kyc.status.pending.title);

    const adminContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': someClientAddress() } });
    const adminPage = await adminContext.newPage();
    await signInAs(adminContext, ADMIN);
    await adminPage.goto('/simulate/admin');
    const review = adminPage.getByTestId('kyc-review').filter({ hasText: customer.email });
    // The legal name beside the document, and the document itself drawn in the page from a blob: URL.
    await expect(review).toContainText(`${PASSPORT.firstName} ${PASSPORT.lastName}`);
    await review.getByRole('button', { name: 'Open front' }).click();
    const preview = review.getByTestId('kyc-review-preview');
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(16);
    await review.getByRole('button', { name: 'Approve' }).click();
    await expect(review).toHaveCount(0);
    await expect(adminPage.getByRole('status').filter({ hasText: `The identity check of ${customer.email} is approved.` })).toBeVisible();
    // The audit log is read again, with the action's name in words.
    await expect(adminPage.getByTestId('audit-log')).toContainText('Identity check approved');
    await adminContext.close();

    await page.goto(at('/inject/fiat'));
    await expect(limit).toContainText(leftOf(locale, '4000', '5000'));
    await expect(limit).toContainText(leftOf(locale, '24000', '25000'));
    await expect(limit).toContainText(withValues(m.limits.now, { amount: formatAmount('4000', 'USD', locale) }));
    await limit.getByRole('link', { name: m.limits.raiseLimit }).click();
    const level = page.getByTestId('profile-level');
    await expect(level).toContainText(withValues(m.profile.level.current, { level: 2, name: m.levels.names['2'] }, locale));
    await expect(level).toContainText(withValues(m.profile.level.next, { level: 3, name: m.levels.names['3'] }, locale));
  });

  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ].filter((v) => pairRuns(locale, v.width))) {
    test(`top-up screens with the limit left: screenshots and axe (${locale} ${viewport.name})`, async ({ page, signIn }) => {
      await page.setViewportSize(viewport);
      await signIn(locale);
      for (const route of ['inject/fiat', 'inject/pay-by-code', 'inject/crypto/on-chain/usdt', 'profile']) {
        await page.goto(at(`/${route}`));
        await screenReady(page);
        const block = route === 'profile' ? page.getByTestId('profile-level') : page.getByTestId('limit-left');
        await expect(block).toContainText(route === 'profile' ? m.levels.names['1'] : leftOf(locale, '1000', '1000'));
        await saveScreenshot(page, {
          path: `reports/screenshots/${locale}-${viewport.name}-limits-${route.replaceAll('/', '-')}.png`,
          fullPage: true,
        });
        expect((await axeViolations(page)).map((violation) => `${route}: ${violation}`)).toEqual([]);
      }
    });
  }
}
