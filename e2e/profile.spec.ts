import type { Page } from '@playwright/test';
import { localizePath } from '../contract/locales';
import { withValues } from '../tests/models/graph/page';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import th from '../locales/th.json' with { type: 'json' };
import { expect, screenReady, signInDemo, someClientAddress, test, TEST_PASSWORD } from './fixtures';
import { languageRuns, saveScreenshot } from './screenshots';

const MESSAGES = { en, ar } as const;

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveScreenshot(page, { path: `reports/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

for (const locale of ['en', 'ar'] as const) {
  const m = MESSAGES[locale];
  const at = (path: string) => localizePath(path, locale);

  if (languageRuns(locale, 'en')) {
    test(`the profile shows who the customer is and their level (${locale})`, async ({ page, signIn }) => {
      const { email } = await signIn(locale);
      // Log out is below what loads; it must not move once it is on screen, or a press aimed at it lands
      // elsewhere (a passkeys journey's Log out once did nothing). Both answers are held until it shows.
      let answer!: () => void;
      const held = new Promise<void>((resolve) => (answer = resolve));
      await page.route(/\/api\/(users\/me|users-deposit-levels\/by-user)$/, async (route) => {
        await held;
        await route.fallback();
      });
      // At phone width, where this customer's 54-character address is wider than its line.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(at('/profile'));
      const logOut = page.getByRole('button', { name: m.profile.logOut });
      await expect(logOut).toBeVisible();
      const logOutTop = async () => (await logOut.boundingBox())!.y;
      const before = await logOutTop();
      answer();
      const facts = page.getByTestId('profile-facts');
      await expect(facts).toContainText(email);
      await expect(facts).toContainText(m.profile.kycStatus.not_started);
      const level = page.getByTestId('profile-level');
      await expect(level).toContainText(m.profile.level.operation.top_up);
      await expect(level.getByRole('progressbar')).toBeVisible();
      await expect(level).toContainText(m.profile.level.kycRequired);
      expect(await logOutTop()).toBe(before);
      await expect(page.getByRole('link', { name: new RegExp(m.screens.profileInvite.title) })).toBeVisible();
      await shoot(page, `profile-${locale}`);
    });
  }

  if (languageRuns(locale, 'ar')) {
    test(`the name: refused characters keep what was typed, then it saves (${locale})`, async ({ page, signIn }) => {
      await signIn(locale);
      await page.goto(at('/profile/details'));
      const first = page.getByLabel(m.profile.details.firstName);
      await first.fill('Lay\u202Ela');
      await page.getByLabel(m.profile.details.lastName).fill('Haddad');
      await page.getByRole('button', { name: m.profile.details.save }).click();
      await expect(page.getByText(m.profile.details.errors.invalid)).toBeVisible();
      await expect(first).toHaveValue('Lay\u202Ela');
      await first.fill('Layla');
      await page.getByRole('button', { name: m.profile.details.save }).click();
      await expect(page.getByRole('status').filter({ hasText: m.profile.details.saved })).toBeVisible();
      await shoot(page, `profile-details-${locale}`);
      await page.goto(at('/profile'));
      await expect(page.getByTestId('profile-facts')).toContainText('Layla Haddad');
    });
  }

  if (languageRuns(locale, 'en')) {
    test(`the invite page copies the link with the code, and the dashboard lists who joined (${locale})`, async ({
      page,
      context,
      request,
      signIn,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signIn(locale);
      await page.goto(at('/profile/invite'));
      await expect(page.getByRole('img', { name: m.invite.qr })).toBeVisible();
      const code = (await page.locator('.invite-code').innerText()).trim();
      expect(code).toMatch(/^[0-9A-Z]{8}$/);
      // Headless Chromium has no share sheet: Share copies, as Copy does.
      await page.getByRole('button', { name: m.invite.share }).click();
      await expect(page.getByText(m.invite.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`?ref_code=${code}`);
      await shoot(page, `profile-invite-${locale}`);

      await page.getByRole('link', { name: m.invite.dashboardLink }).click();
      await expect(page.getByText(m.invite.dashboard.emptyTitle)).toBeVisible();
      // A friend signs up with the code, as the link's ref_code makes the app do.
      const friend = `friend-${Date.now()}@meridian.test`;
      const joined = await request.post('/api/auth/register', {
        data: { email: friend, password: TEST_PASSWORD, country: 'DE', acceptTerms: true, refCode: code.toLowerCase() },
        headers: { 'X-Forwarded-For': someClientAddress() },
      });
      expect(joined.status()).toBe(201);
      await page.reload();
      const row = page.getByTestId('invitee');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`f•••@meridian.test`);
      await expect(row).not.toContainText(friend);
      await expect(page.getByTestId('invite-totals')).toContainText(m.invite.dashboard.invited);
      await shoot(page, `profile-invite-dashboard-${locale}`);
    });
  }

  test(`the intro: keys, dots and Get started; not shown again (${locale})`, async ({ page, signIn }) => {
    await signIn(locale);
    await page.goto(at('/onboarding/intro'));
    const slide = (name: keyof typeof m.onboarding.slides) =>
      page.getByRole('heading', { level: 2, name: m.onboarding.slides[name].title });
    await expect(slide('accounts')).toBeVisible();
    await shoot(page, `onboarding-intro-${locale}`);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await carousel.focus();
    // The next slide lies in the reading direction: to the right in English, to the left in Arabic.
    await page.keyboard.press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect(slide('move')).toBeVisible();
    // Numbers inside a sentence are in the language's digits too: "الشريحة ٣ من ٣" in Arabic.
    const third = withValues(m.onboarding.slideOf, { number: 3, count: 3 }, locale);
    if (locale === 'ar') expect(third).toMatch(/٣.*٣/);
    await page.getByRole('tab', { name: third }).click();
    await expect(slide('secure')).toBeVisible();
    await page.getByRole('button', { name: m.onboarding.start }).click();
    // Then push notifications for this device, which the customer may leave for later.
    await expect(page.getByRole('heading', { level: 2, name: m.push.explainTitle })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${at('/onboarding/push-notifications')}$`));
    await page.getByRole('button', { name: m.push.notNow }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.screens.home.title })).toBeVisible();
    await page.goto(at('/onboarding/intro'));
    await expect(page.getByRole('heading', { level: 1, name: m.screens.home.title })).toBeVisible();
  });

  test(`help: search, deep link, and the 404's way there (${locale})`, async ({ page, signIn }) => {
    await signIn(locale);
    await page.goto(at('/help#q-lostPhone'));
    await screenReady(page);
    await expect(page.getByText(m.help.q.lostPhone.a)).toBeVisible();
    await expect(page.getByText(m.help.q.passkey.a)).toBeHidden();
    await shoot(page, `help-${locale}`);
    await page.getByLabel(m.help.search).fill(m.help.q.inviteSelf.q.slice(0, 12).toUpperCase());
    await expect(page.getByText(m.help.q.inviteSelf.a)).toBeVisible();
    await page.getByLabel(m.help.search).fill('zzzz-no-such-thing');
    await expect(page.getByText(m.help.noResults.replace('{{query}}', 'zzzz-no-such-thing'))).toBeVisible();
    await page.goto(at('/no/such/page'));
    await page.getByRole('link', { name: m.help.errorHelp }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.screens.help.title })).toBeVisible();
  });
}

test('help search finds Thai words without spaces', async ({ page, signIn }) => {
  await signIn('th');
  await page.goto('/th/help');
  await page.getByLabel(th.help.search).fill('ภาษา');
  await expect(page.getByText(th.help.q.language.a)).toBeVisible();
  await expect(page.getByText(th.help.q.passkey.a)).toBeHidden();
});

test('a KYC-approved customer sees the name read-only', async ({ page }) => {
  await signInDemo(page);
  await page.goto('/profile/details');
  await expect(page.getByTestId('name-locked')).toHaveText(en.profile.details.locked);
  await expect(page.getByLabel(en.profile.details.firstName)).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: en.profile.details.save })).toHaveCount(0);
});
