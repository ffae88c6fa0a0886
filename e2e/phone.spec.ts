import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { localizePath, type Locale } from '../contract/locales';
import { pageTexts } from '../tests/models/graph/page';
import { axeViolations } from './axe';
import { expect, latestCode, registerCustomer, screenReady, someClientAddress, stepUpByApi, test } from './fixtures';
import { saveScreenshot } from './screenshots';

/** A German mobile number no other run uses, as typed at home and as stored. */
function newMobile() {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return { national: `0151 ${digits}`, e164: `+49151${digits}` };
}

/** The step-up sheet in the page: the code sent for the action (to the e-mail, or by SMS to the confirmed phone). */
async function stepUpInSheet(page: Page, to: string, channel: 'email' | 'sms') {
  const sheet = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(
    sheet.getByText(channel === 'sms' ? 'Enter the code we sent by SMS to your phone.' : 'Enter the code we sent to your e-mail address.'),
  ).toBeVisible();
  await sheet.getByLabel('Confirmation code').fill(await latestCode(page.request, to, 'step_up'));
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet).toBeHidden();
}

/** A customer signed in in this page's context whose phone is already set and confirmed (through the API). */
async function customerWithPhone(page: Page, language: Locale = 'en') {
  const customer = await registerCustomer(page.context().request, language);
  const headers = { Authorization: `Bearer ${customer.tokens.accessToken}`, 'X-Forwarded-For': someClientAddress() };
  await stepUpByApi(page.request, headers, 'phone.set', customer.email);
  const phone = newMobile();
  const sent = await page.request.post('/api/users/set-phone', { data: { phone: phone.e164 }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await latestCode(page.request, phone.e164, 'set_phone');
  const confirmed = await page.request.post('/api/users/confirm-phone', { data: { code }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { ...customer, phone };
}

async function logInWithPassword(page: Page, email: string, password: string, locale: Locale = 'en') {
  await page.goto(localizePath('/login', locale));
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

test('set a phone with its SMS code, then log in with password and the SMS code', async ({ page, signIn }) => {
  const { email } = await signIn('en');
  // A withdrawal needs a confirmed phone: the guard sends the customer here and the page says why.
  await page.goto('/accounts/crypto/withdraw/ETH');
  await expect(page).toHaveURL(/\/profile\/security\?needs=phone&next=/);
  const notice = page.getByRole('status').filter({ hasText: 'need a confirmed phone number' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link')).toHaveCount(0);
  const section = page.getByTestId('phone-section');
  await expect(section.getByRole('heading', { name: 'Phone number' })).toBeVisible();
  await section.getByRole('button', { name: 'Add a phone number' }).click();

  // The country of residence (DE at sign-up) is preselected; a wrong number is refused and kept.
  await expect(section.getByLabel('Country')).toHaveValue('DE');
  const number = section.getByLabel('Phone number');
  await number.fill('0151');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText('This is not a valid phone number for the chosen country.')).toBeVisible();
  await expect(number).toHaveValue('0151');
  await expect(number).toHaveAttribute('aria-invalid', 'true');

  const phone = newMobile();
  await number.fill(phone.national);
  await section.getByRole('button', { name: 'Continue' }).click();
  // A sign-in is not a step-up: a code to the e-mail confirms it is the customer first.
  await stepUpInSheet(page, email, 'email');
  await expect(section.getByText('Enter the code we sent by SMS to')).toBeVisible();
  await section.getByLabel('Code').fill(await latestCode(page.request, phone.e164, 'set_phone'));
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByText('Your phone number is confirmed.')).toBeVisible();
  await expect(section.getByTestId('phone-current')).toHaveText(`+49 ${phone.e164.slice(3, 7)} ${phone.e164.slice(7)}`);
  // Confirmed: the notice offers the way back to the withdrawal (whose next condition, the identity check, then applies).
  await expect(page.getByRole('status').filter({ hasText: 'you can go back to where you were' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Withdraw crypto' }).click();
  await expect(page).toHaveURL(/\/kyc$/);

  // Log out, then in again with the password: no session before the SMS code.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/(login|welcome)$/);
  await logInWithPassword(page, email, 'Meridian-e2e-2026');
  await expect(page).toHaveURL(/\/2fa\/phone$/);
  await screenReady(page);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('auth_token');
  await expect(page.getByText(`•${phone.e164.slice(-2)}`)).toBeVisible();
  // The password is nowhere in the browser's storage.
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain('Meridian-e2e-2026');

  const code = await latestCode(page.request, phone.e164, 'login_two_factor');
  const field = page.getByLabel('SMS code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  // The countdown is in the button's name, as on every code step.
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

  const wrong = code === '000000' ? '111111' : '000000';
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Confirm and log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right. Check it and try again.' })).toBeVisible();
  await expect(field).toHaveValue(wrong);
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code);
  await page.getByRole('button', { name: 'Confirm and log in' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await screenReady(page);
  expect((await page.context().cookies()).map((c) => c.name)).toContain('auth_token');
  // The challenge is spent and forgotten: /2fa/phone now belongs to nobody.
  await page.goto('/2fa/phone');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('/2fa/phone without a pending sign-in opens /login', async ({ page }) => {
  await page.goto('/de/2fa/phone');
  await expect(page).toHaveURL(/\/de\/login$/);
  await screenReady(page);
});

test('change the phone with a code by e-mail (then one by SMS to the new number), then with a code by SMS alone', async ({ page }) => {
  const customer = await customerWithPhone(page);
  await page.goto('/profile/security');
  const section = page.getByTestId('phone-section');

  // By e-mail.
  await section.getByRole('button', { name: 'Change phone number' }).click();
  const byEmail = newMobile();
  await section.getByLabel('New phone number').fill(byEmail.national);
  // Shown in international form as soon as it is a valid number.
  await expect(section.getByTestId('phone-preview')).toHaveText(`+49 ${byEmail.e164.slice(3, 7)} ${byEmail.e164.slice(7)}`);
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText('How do you want to confirm the change?')).toBeVisible();
  await section.getByRole('button', { name: /Code by e-mail/ }).click();
  // The step-up: a code by SMS to the confirmed phone, the one being replaced.
  await stepUpInSheet(page, customer.phone.e164, 'sms');
  await expect(section.getByText('Enter the code we sent by e-mail to')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Get the code by SMS instead' })).toBeVisible();
  await section.getByLabel('Code').fill(await latestCode(page.request, customer.email, 'update_phone_email'));
  await section.getByRole('button', { name: 'Confirm', exact: true }).click();
  // The e-mail proved the request, not the number: an SMS code to it is the last step, with no way around it.
  await expect(section.getByRole('status').filter({ hasText: 'The e-mailed code is right.' })).toBeVisible();
  await expect(section.getByText('Enter the code we sent by SMS to')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Get the code by e-mail instead' })).toHaveCount(0);
  await expect(section.getByRole('textbox', { name: 'Code' })).toHaveValue('');
  await section.getByLabel('Code').fill(await latestCode(page.request, byEmail.e164, 'update_phone_sms'));
  await section.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(section.getByText('Your phone number is confirmed.')).toBeVisible();
  await expect(section.getByTestId('phone-current')).toContainText(byEmail.e164.slice(-4));

  // By SMS to the new number.
  await section.getByRole('button', { name: 'Change phone number' }).click();
  const bySms = newMobile();
  await section.getByLabel('New phone number').fill(bySms.national);
  await section.getByRole('button', { name: 'Continue' }).click();
  await section.getByRole('button', { name: /Code by SMS to the new number/ }).click();
  // The last change spent its step-up: a new one, by SMS to the number confirmed a moment ago.
  await stepUpInSheet(page, byEmail.e164, 'sms');
  await expect(section.getByText('Enter the code we sent by SMS to')).toBeVisible();
  await section.getByLabel('Code').fill(await latestCode(page.request, bySms.e164, 'update_phone_sms'));
  await section.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(section.getByText('Your phone number is confirmed.')).toBeVisible();
  await expect(section.getByTestId('phone-current')).toContainText(bySms.e164.slice(-4));
});

test('a number another customer confirmed looks like any other: the code step opens, no code goes out, a code is just wrong, its owner is told by e-mail', async ({
  page,
  browser,
}) => {
  const other = await browser.newPage();
  const owner = await customerWithPhone(other);
  const taken = owner.phone;
  await other.close();
  const own = await customerWithPhone(page);
  await page.goto('/profile/security');
  const section = page.getByTestId('phone-section');
  await section.getByRole('button', { name: 'Change phone number' }).click();
  await section.getByLabel('New phone number').fill(taken.national);
  await section.getByRole('button', { name: 'Continue' }).click();
  await section.getByRole('button', { name: /Code by SMS to the new number/ }).click();
  await stepUpInSheet(page, own.phone.e164, 'sms');
  await expect(section.getByText('Enter the code we sent by SMS to')).toBeVisible();
  const templatesTo = async (to: string) => {
    const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    return ((await outbox.json()) as { messages: Array<{ template: string }> }).messages.map((m) => m.template);
  };
  expect(await templatesTo(taken.e164)).toEqual(['set_phone']);
  await expect.poll(() => templatesTo(owner.email)).toContain('phone_claimed');
  await section.getByLabel('Code').fill('123456');
  await section.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(section.getByText('That code is not right. Check it and try again.')).toBeVisible();
  await expect(section.getByRole('textbox', { name: 'Code' })).toBeVisible();
});

test('remove the phone after the step-up; the old number and the e-mail are told; closing the step-up keeps it', async ({ page }) => {
  const customer = await customerWithPhone(page);
  await page.goto('/profile/security');
  const section = page.getByTestId('phone-section');
  await section.getByRole('button', { name: 'Remove phone number' }).click();
  await section.getByRole('button', { name: 'Remove', exact: true }).click();
  // Closing the sheet cancels: the number stays.
  const sheet = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(sheet.getByText('Enter the code we sent by SMS to your phone.')).toBeVisible();
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();
  await expect(section.getByTestId('phone-current')).toBeVisible();

  await section.getByRole('button', { name: 'Remove phone number' }).click();
  await section.getByRole('button', { name: 'Remove', exact: true }).click();
  // The code already sent for this action is the one to type (a new one waits a minute).
  await stepUpInSheet(page, customer.phone.e164, 'sms');
  await expect(section.getByText('Your phone number was removed.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add a phone number' })).toBeVisible();
  const told = async (to: string) =>
    (
      (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { messages: { template: string }[] }
    ).messages.map((m) => m.template);
  await expect.poll(() => told(customer.phone.e164)).toContain('phone_removed');
  await expect.poll(() => told(customer.email)).toContain('phone_removed');
});

const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const locale of ['en', 'ar'] as const) {
  test(`screenshots of the phone section and /2fa/phone in ${locale}`, async ({ page }) => {
    const customer = await customerWithPhone(page, locale);
    const shoot = async (name: string) => {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const file = `reports/screenshots/${locale}-${viewport.name}-${name}.png`;
        await saveScreenshot(page, { path: file, fullPage: true, attach: true });
      }
    };
    await page.goto(localizePath('/profile/security', locale));
    const section = page.getByTestId('phone-section');
    await expect(section.getByTestId('phone-current')).toBeVisible();
    // In Arabic too the number reads left to right: its “+” is left of its last digit.
    const readsLeftToRight = await section.getByTestId('phone-current').evaluate((element) => {
      const text = element.firstChild as Text;
      const x = (index: number) => {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect().x;
      };
      return x(0) < x(text.length - 1);
    });
    expect(readsLeftToRight).toBe(true);
    await shoot('security-phone');

    await section.locator('button.button--secondary').first().click();
    await section.locator('input[name="phone"]').fill(newMobile().national);
    await section.locator('button[type="submit"]').click();
    await expect(section.locator('fieldset')).toBeVisible();
    await shoot('security-phone-change');

    await page.context().clearCookies();
    await logInWithPassword(page, customer.email, customer.password, locale);
    await expect(page).toHaveURL(new RegExp(`${localizePath('/2fa/phone', locale).replace(/\//g, '\\/')}$`));
    await screenReady(page);
    if (locale === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('input[name="code"]').fill('000000');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.field-error')).toBeVisible();
    await shoot('2fa-phone');
  });
}

for (const locale of ['en', 'ar'] as const) {
  test(`the SMS step after the e-mailed code in ${locale}: photographed narrow and wide, no axe violation`, async ({ page }) => {
    const texts = pageTexts(locale);
    const customer = await customerWithPhone(page, locale);
    await page.goto(localizePath('/profile/security', locale));
    const section = page.getByTestId('phone-section');
    await section.getByRole('button', { name: texts.phone.change }).click();
    await section.getByRole('textbox', { name: texts.phone.newNumber }).fill(newMobile().national);
    await section.getByRole('button', { name: texts.phone.continue }).click();
    await section.getByRole('button', { name: texts.phone.byEmail, exact: false }).click();
    const sheet = page.getByRole('dialog', { name: texts.stepUp.title });
    await sheet.getByLabel(texts.stepUp.code).fill(await latestCode(page.request, customer.phone.e164, 'step_up'));
    await sheet.getByRole('button', { name: texts.stepUp.confirm }).click();
    await expect(sheet).toBeHidden();
    await section.getByLabel(texts.phone.code).fill(await latestCode(page.request, customer.email, 'update_phone_email'));
    await section.getByRole('button', { name: texts.phone.confirm, exact: true }).click();
    await expect(section.getByText(texts.phone.emailConfirmed)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    for (const viewport of [
      { name: 'mobile', width: 390, height: 844 },
      { name: 'desktop', width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      const file = `reports/screenshots/${locale}-${viewport.name}-phone-change-sms-step.png`;
      await saveScreenshot(page, { path: file, fullPage: true, attach: true });
    }
  });
}
