import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { TERMS_VERSION } from '../contract/terms';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { addVirtualAuthenticator, expect, latestCode, registerCustomer, test, TEST_PASSWORD } from './fixtures';
import { languageRuns, saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

const MESSAGES = { en, ar } as const;
type JourneyLocale = keyof typeof MESSAGES;
const prefix = (locale: JourneyLocale) => (locale === 'en' ? '' : `/${locale}`);

const newEmail = () => `e2e-${randomUUID()}@meridian.test`;

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveScreenshot(page, { path: `reports/screenshots/${name}-${width}.png`, fullPage: true });
  }
}

async function fillDetails(page: Page, m: typeof en, email: string, password = TEST_PASSWORD) {
  await page.getByLabel(m.register.details.email).fill(email);
  await page.getByLabel(m.register.details.password, { exact: true }).fill(password);
  await page.getByLabel(m.register.details.country).selectOption('DE');
  await page.getByLabel(m.register.details.terms).check();
}

/** From /register to the promo code step, signed in. */
async function signUp(page: Page, locale: JourneyLocale, email: string, { screenshots = false } = {}) {
  const m = MESSAGES[locale];
  await page.goto(`${prefix(locale)}/register`);
  await expect(page.getByRole('heading', { level: 1, name: m.screens.register.title })).toBeVisible();
  await expect(page.getByRole('link', { name: m.register.method.apple })).toHaveAttribute('href', `${prefix(locale)}/auth/apple`);
  await expect(page.getByRole('link', { name: m.register.method.google })).toHaveAttribute('href', `${prefix(locale)}/auth/google`);
  if (screenshots) await shoot(page, `register-1-method-${locale}`);
  await page.getByRole('button', { name: m.register.method.email }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/register/email$`));
  // A password built on the address fails its requirement as it is typed (the server refuses it too).
  await fillDetails(page, m, email, `${email.split('@')[0]}!`);
  await expect(page.getByTestId('password-rule-personal')).toHaveAttribute('data-met', 'false');
  await page.getByLabel(m.register.details.password, { exact: true }).fill(TEST_PASSWORD);
  await expect(page.getByTestId('password-rule-personal')).toHaveAttribute('data-met', 'true');
  await expect(page.getByTestId('password-rule-digit')).toHaveAttribute('data-met', 'true');
  if (screenshots) await shoot(page, `register-2-email-${locale}`);
  await page.getByRole('button', { name: m.register.details.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/register/promo-code$`));
}

for (const locale of ['en', 'ar'] as const) {
  test(`registration journey in ${locale}: e-mail, promo code, e-mailed code, passkey, success`, async ({ page, context }) => {
    const m = MESSAGES[locale];
    const email = newEmail();
    const authenticator = await addVirtualAuthenticator(page);
    await signUp(page, locale, email, { screenshots: true });
    if (locale === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

    await page.getByLabel(m.register.promo.label).fill('welcome10');
    await shoot(page, `register-3-promo-${locale}`);
    await page.getByRole('button', { name: m.register.promo.apply }).click();

    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/register/verify-email$`));
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'WELCOME10' })).toBeVisible();
    const code = await latestCode(page.request, email, 'verify_email');
    await page.getByLabel(m.register.verify.code).fill(code);
    await shoot(page, `register-4-verify-${locale}`);
    await page.getByRole('button', { name: m.register.verify.submit }).click();

    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/register/biometric$`));
    await shoot(page, `register-5-biometric-${locale}`);
    await page.getByRole('button', { name: m.register.passkey.create }).click();
    // Signing up is not a step-up: a code for adding the passkey goes to the e-mail first.
    const stepUp = page.getByRole('dialog', { name: m.stepUp.title });
    await stepUp.getByLabel(m.stepUp.code).fill(await latestCode(page.request, email, 'step_up'));
    await stepUp.getByRole('button', { name: m.stepUp.confirm }).click();

    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/register/success$`));
    await expect(page.getByRole('heading', { level: 1, name: m.screens.registerSuccess.title })).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);

    const me = await (await page.request.get('/api/users/me', { headers: await bearer(context) })).json();
    expect(me).toMatchObject({ email, emailVerified: true, country: 'DE', language: locale });
    // The wizard is over: nothing of it stays in the tab.
    expect(await page.evaluate(() => sessionStorage.getItem('registration_progress'))).toBeNull();

    // The end of sign-up leads through the intro carousel and the push page, both skippable, to home.
    await page.getByRole('link', { name: m.register.success.home }).click();
    await expect(page.getByRole('heading', { level: 2, name: m.onboarding.slides.accounts.title })).toBeVisible();
    await page.getByRole('button', { name: m.onboarding.skip }).click();
    await page.getByRole('button', { name: m.push.notNow }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.screens.home.title })).toBeVisible();
  });
}

async function bearer(context: BrowserContext) {
  const token = (await context.cookies()).find((c) => c.name === 'auth_token')?.value;
  return { Authorization: `Bearer ${token}` };
}

for (const locale of ['en', 'ar'] as const) {
  if (languageRuns(locale, 'ar')) {
    test(`skipping the promo code and the passkey still ends on the success page (${locale})`, async ({ page, context }) => {
      const m = MESSAGES[locale];
      const email = newEmail();
      await signUp(page, locale, email);
      await page.getByRole('button', { name: m.register.promo.skip }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/register/verify-email$`));
      await page.getByLabel(m.register.verify.code).fill(await latestCode(page.request, email, 'verify_email'));
      await page.getByRole('button', { name: m.register.verify.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/register/biometric$`));
      await page.getByRole('button', { name: m.register.passkey.skip }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/register/success$`));
      await expect(page.getByRole('heading', { level: 1, name: m.screens.registerSuccess.title })).toBeVisible();
      await shoot(page, `register-6-success-${locale}`);
      const me = await (await page.request.get('/api/users/me', { headers: await bearer(context) })).json();
      expect(me.emailVerified).toBe(true);
    });
  }
}

test('an unknown promo code is explained and stays typed; a reload on the promo step resumes it', async ({ page }) => {
  await signUp(page, 'en', newEmail());
  const field = page.getByLabel(en.register.promo.label);
  await field.fill('NOPE2000');
  await page.getByRole('button', { name: en.register.promo.apply }).click();
  await expect(page.getByRole('alert').filter({ hasText: en.register.promo.errors.promo_unknown })).toBeVisible();
  await expect(field).toHaveValue('NOPE2000');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await page.reload();
  await expect(page).toHaveURL(/\/register\/promo-code$/);
  await expect(page.getByLabel(en.register.promo.label)).toHaveValue('NOPE2000');
  await page.getByLabel(en.register.promo.label).fill('FRIENDS');
  await page.getByRole('button', { name: en.register.promo.apply }).click();
  await expect(page).toHaveURL(/\/register\/verify-email$/);
});

test('a wrong code is explained and kept; a reload on the verify step resumes it with the countdown', async ({ page }) => {
  const email = newEmail();
  await signUp(page, 'en', email);
  await page.getByRole('button', { name: en.register.promo.skip }).click();
  await expect(page).toHaveURL(/\/register\/verify-email$/);
  // The first code went out at sign-up: a new one waits for the countdown.
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

  const code = await latestCode(page.request, email, 'verify_email');
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel(en.register.verify.code).fill(wrong);
  await page.getByRole('button', { name: en.register.verify.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: en.register.codeErrors.code_invalid })).toBeVisible();
  await expect(page.getByLabel(en.register.verify.code)).toHaveValue(wrong);

  await page.reload();
  await expect(page).toHaveURL(/\/register\/verify-email$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  // Opening an earlier step of a created account shows the current one again.
  await page.goto('/register/promo-code');
  await expect(page).toHaveURL(/\/register\/verify-email$/);
  await page.getByLabel(en.register.verify.code).fill(code);
  await page.getByRole('button', { name: en.register.verify.submit }).click();
  await expect(page).toHaveURL(/\/register\/biometric$/);
});

test('Back and Forward keep what the e-mail form holds; a later step opened directly shows the first', async ({ page }) => {
  await page.goto('/register/verify-email');
  // Signed out: the guard keeps private steps away.
  await expect(page).toHaveURL(/\/welcome\?redirect=%2Fregister%2Fverify-email$/);
  await page.goto('/register/email');
  await expect(page).toHaveURL(/\/register$/);

  await page.getByRole('button', { name: en.register.method.email }).click();
  const email = newEmail();
  await fillDetails(page, en, email);
  await page.goBack();
  await expect(page).toHaveURL(/\/register$/);
  // The app has drawn the step it went back to before the browser goes forward again.
  await expect(page.getByRole('button', { name: en.register.method.email })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/register\/email$/);
  await expect(page.getByLabel(en.register.details.email)).toHaveValue(email);
  await expect(page.getByLabel(en.register.details.password, { exact: true })).toHaveValue(TEST_PASSWORD);
  await expect(page.getByLabel(en.register.details.country)).toHaveValue('DE');
  await expect(page.getByLabel(en.register.details.terms)).toBeChecked();

  // The terms the box accepts are a link away, versioned and marked a sample; back, nothing typed is lost.
  // Clicked again until it leads there: just after Forward the restored form may still draw its link anew,
  // and a click on the one it replaces goes nowhere (seen once in CI on the busy machine).
  await expect(async () => {
    await page.getByRole('link', { name: en.screens.terms.title }).click();
    await expect(page).toHaveURL(/\/terms$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: en.screens.terms.title })).toBeVisible();
  await expect(page.getByText(en.legal.sample)).toBeVisible();
  await expect(page.getByTestId('legal-version')).toContainText(TERMS_VERSION);
  await page.goBack();
  await expect(page.getByLabel(en.register.details.email)).toHaveValue(email);
  await expect(page.getByLabel(en.register.details.terms)).toBeChecked();

  // A reload keeps everything but the password, which is never stored.
  await page.reload();
  await expect(page.getByLabel(en.register.details.email)).toHaveValue(email);
  await expect(page.getByLabel(en.register.details.country)).toHaveValue('DE');
  await expect(page.getByLabel(en.register.details.password, { exact: true })).toHaveValue('');
  expect(await page.evaluate(() => sessionStorage.getItem('registration_progress'))).not.toContain(TEST_PASSWORD);

  // Submitting without the password says so next to the field and keeps the rest.
  await page.getByRole('button', { name: en.register.details.submit }).click();
  await expect(page.getByText(en.fieldErrors.password.missing)).toBeVisible();
  await expect(page.getByLabel(en.register.details.password, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(en.register.details.email)).toHaveValue(email);
});

test('a signed-in customer without a wizard in this tab may open the verification step directly and get a new code', async ({
  page,
  context,
}) => {
  const { email } = await registerCustomer(context.request, 'en', { verified: false });
  await page.goto('/register/verify-email');
  await expect(page.getByRole('heading', { level: 1, name: en.screens.registerVerifyEmail.title })).toBeVisible();
  // Arriving from a refusal's link (FailureMessage), with no countdown of a wizard: a new code may be asked
  // for at once. The server answers the wait before the next one (its sign-up cooldown still runs here;
  // tests/server cover the sending), which the button counts down.
  const resend = page.waitForResponse((response) => response.url().endsWith('/api/auth/verify-email/resend'));
  await page.getByRole('button', { name: en.resend.action }).click();
  expect((await resend).request().method()).toBe('POST');
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  await page.getByLabel(en.register.verify.code).fill(await latestCode(page.request, email, 'verify_email'));
  await page.getByRole('button', { name: en.register.verify.submit }).click();
  await expect(page).toHaveURL(/\/register\/biometric$/);
});

test('signing out mid-wizard ends it: the next visitor of the tab starts afresh', async ({ page, context }) => {
  await signUp(page, 'en', newEmail());
  await page.getByRole('button', { name: en.register.promo.skip }).click();
  await expect(page).toHaveURL(/\/register\/verify-email$/);
  await context.clearCookies();
  await page.goto('/register');
  await expect(page.getByRole('button', { name: en.register.method.email })).toBeVisible();
  await page.getByRole('button', { name: en.register.method.email }).click();
  await expect(page.getByLabel(en.register.details.email)).toHaveValue('');
});

test('an e-mail that is taken is explained next to the field and nothing typed is lost', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const existing = await registerCustomer(api);
  await api.dispose();
  await page.goto('/register');
  await page.getByRole('button', { name: en.register.method.email }).click();
  await fillDetails(page, en, existing.email);
  await page.getByRole('button', { name: en.register.details.submit }).click();
  await expect(page.getByText(en.fieldErrors.email.taken)).toBeVisible();
  await expect(page.getByLabel(en.register.details.email)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(en.register.details.password, { exact: true })).toHaveValue(TEST_PASSWORD);
  await expect(page.getByLabel(en.register.details.terms)).toBeChecked();
  await expect(page).toHaveURL(/\/register\/email$/);
});

test('the ref_code of an invitation link reaches the server with the registration', async ({ page, context }) => {
  await page.goto('/?ref_code=FRIEND-42');
  await expect(page).toHaveURL(/\/welcome\?redirect=%2F%3Fref_code%3DFRIEND-42$/);
  await signUp(page, 'en', newEmail());
  const me = await (await page.request.get('/api/users/me', { headers: await bearer(context) })).json();
  expect(me.refCode).toBe('FRIEND-42');
  expect(me.language).toBe('en');
});

for (const locale of ['en', 'ar'] as const) {
  if (languageRuns(locale, 'en')) {
    test(`forgot password in ${locale}: e-mail, code (a wrong one first), new password, then /login with the notice`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      const m = MESSAGES[locale];
      const api = await playwright.request.newContext({ baseURL });
      const customer = await registerCustomer(api, locale);

      await page.goto(`${prefix(locale)}/login`);
      await page.getByRole('link', { name: locale === 'en' ? en.login.forgot : ar.login.forgot }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/forgot-password$`));
      await shoot(page, `forgot-1-email-${locale}`);
      await page.getByLabel(m.forgotPassword.email).fill('not an address');
      await page.getByRole('button', { name: m.forgotPassword.sendCode }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.fieldErrors.email.invalid })).toBeVisible();
      await page.getByLabel(m.forgotPassword.email).fill(customer.email);
      await page.getByRole('button', { name: m.forgotPassword.sendCode }).click();

      const codeField = page.getByLabel(m.forgotPassword.code);
      await expect(codeField).toBeVisible();
      const code = await latestCode(api, customer.email, 'reset_password');
      const wrong = code === '000000' ? '111111' : '000000';
      await codeField.fill(wrong);
      await shoot(page, `forgot-2-code-${locale}`);
      await page.getByRole('button', { name: m.forgotPassword.next }).click();

      const passwordField = page.getByLabel(m.forgotPassword.newPassword, { exact: true });
      await passwordField.fill('short');
      await page.getByRole('button', { name: m.forgotPassword.save }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.fieldErrors.password.weak })).toBeVisible();
      // Meets the length, letter and digit rule, but is a common password: the meter says so, and so does the server.
      await passwordField.fill('password1234');
      const strength = page.getByTestId('password-strength');
      await expect(strength.getByRole('meter', { name: m.passwordStrength.title })).toHaveAttribute('aria-valuenow', '1');
      await expect(strength).toContainText(m.passwordStrength.tooWeak);
      await shoot(page, `forgot-3-weak-password-${locale}`);
      await page.getByRole('button', { name: m.forgotPassword.save }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.fieldErrors.password.too_weak })).toBeVisible();
      const newPassword = 'a fresh secret 2026';
      await passwordField.fill(newPassword);
      await expect(page.getByTestId('password-rule-length')).toHaveAttribute('data-met', 'true');
      await expect(strength.getByRole('meter')).toHaveAttribute('aria-valuenow', '4');
      await expect(strength).not.toContainText(m.passwordStrength.tooWeak);
      await shoot(page, `forgot-3-password-${locale}`);
      await page.getByRole('button', { name: m.forgotPassword.save }).click();

      // The wrong code sends the customer back to it; the new password stays typed.
      await expect(page.getByRole('alert').filter({ hasText: m.register.codeErrors.code_invalid })).toBeVisible();
      await expect(codeField).toHaveValue(wrong);
      await codeField.fill(code);
      await page.getByRole('button', { name: m.forgotPassword.next }).click();
      await expect(passwordField).toHaveValue(newPassword);
      await page.getByRole('button', { name: m.forgotPassword.save }).click();

      // Nobody is signed in: /login says the password changed, with the address filled in (not in the URL).
      await expect(page.getByRole('status').filter({ hasText: m.login.passwordChanged })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`localhost:\\d+${prefix(locale)}/login$`));
      expect(new URL(page.url()).search).toBe('');
      expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('auth_token');
      await expect(page.getByLabel(m.login.email)).toHaveValue(customer.email);
      await shoot(page, `forgot-4-login-${locale}`);
      // The old password is gone; the new one signs in the normal way.
      expect((await api.post('/api/auth/login', { data: { email: customer.email, password: customer.password } })).status()).toBe(400);
      await page.getByLabel(m.login.password, { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: m.login.submit }).click();
      await expect(page.getByRole('heading', { level: 1, name: m.screens.home.title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`localhost:\\d+${prefix(locale)}/?$`));
      await api.dispose();
    });
  }
}

for (const locale of ['en', 'ar'] as const) {
  test(`no axe violations on the sign-up form with its errors, and on the reset form (${locale})`, async ({ page }) => {
    const m = MESSAGES[locale];
    const axe = () => axeViolations(page);
    await page.goto(`${prefix(locale)}/register`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axe()).toEqual([]);
    await page.getByRole('button', { name: m.register.method.email }).click();
    await page.getByRole('button', { name: m.register.details.submit }).click();
    await expect(page.getByText(m.fieldErrors.acceptTerms.missing)).toBeVisible();
    expect(await axe()).toEqual([]);
    // The strength meter, weak (with its advice) and strong.
    const password = page.getByLabel(m.register.details.password, { exact: true });
    for (const [typed, score] of [
      ['password1234', '1'],
      [TEST_PASSWORD, '4'],
    ] as const) {
      await password.fill(typed);
      await expect(page.getByRole('meter', { name: m.passwordStrength.title })).toHaveAttribute('aria-valuenow', score);
      expect(await axe()).toEqual([]);
    }
    await page.goto(`${prefix(locale)}/forgot-password`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axe()).toEqual([]);
  });
}
