import { randomInt } from 'node:crypto';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { localizePath } from '../contract/locales';
import { expect, latestCode, registerCustomer, someClientAddress, stepUpByApi, test } from './fixtures';
import { axeViolations } from './axe';

// Issue 10, item 1, in the browser: a reset with the e-mailed code signs no one in; a customer with a
// confirmed phone signs in afterwards with the new password AND the SMS code.

for (const [locale, m] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`after a reset, /login has the address and the sign-in still asks for the SMS code (${locale})`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    // The customer's own session, in another browser: the reset must end it.
    const api = await playwright.request.newContext({ baseURL });
    const customer = await registerCustomer(api, locale);
    const headers = { Authorization: `Bearer ${customer.tokens.accessToken}`, 'X-Forwarded-For': someClientAddress() };
    // registerCustomer verified the e-mail; setting a phone needs the step-up.
    await stepUpByApi(api, headers, 'phone.set', customer.email);
    const phone = `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    expect((await api.post('/api/users/set-phone', { data: { phone }, headers })).status()).toBe(200);
    const confirmed = await api.post('/api/users/confirm-phone', { data: { code: await latestCode(api, phone, 'set_phone') }, headers });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    await page.goto(localizePath('/forgot-password', locale));
    await page.getByLabel(m.forgotPassword.email).fill(customer.email);
    await page.getByRole('button', { name: m.forgotPassword.sendCode }).click();
    await page.getByLabel(m.forgotPassword.code).fill(await latestCode(page.request, customer.email, 'reset_password'));
    await page.getByRole('button', { name: m.forgotPassword.next }).click();
    const newPassword = 'winter harbour lights 2031';
    await page.getByLabel(m.forgotPassword.newPassword, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: m.forgotPassword.save }).click();

    await expect(page.getByRole('status').filter({ hasText: m.login.passwordChanged })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${localizePath('/login', locale)}$`));
    await expect(page.getByLabel(m.login.email)).toHaveValue(customer.email);
    const passwordField = page.getByLabel(m.login.password, { exact: true });
    await expect(passwordField).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('auth_token');
    // The other browser's session is over.
    expect((await api.get('/api/users/me', { headers })).status()).toBe(401);

    await passwordField.fill(newPassword);
    await page.getByRole('button', { name: m.login.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${localizePath('/2fa/phone', locale)}$`));
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('auth_token');
    await page.getByLabel(m.twoFactor.code).fill(await latestCode(page.request, phone, 'login_two_factor'));
    await page.getByRole('button', { name: m.twoFactor.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name: m.screens.home.title })).toBeVisible();
    await api.dispose();
  });
}
