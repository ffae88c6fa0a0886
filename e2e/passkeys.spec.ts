import type { Page } from '@playwright/test';
import ar from '../locales/ar.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { addVirtualAuthenticator, expect, latestCode, registerCustomer, test } from './fixtures';
import { saveScreenshot } from './screenshots';

/*
 * Passkeys in Chromium with a CDP virtual authenticator (platform, resident keys, user verification):
 * the app runs at http://localhost:PORT, so the RP id `localhost` is valid.
 */

async function passwordSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function logOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/(login|welcome)$/);
}

/** The sessionStorage flag under which this page's customer ignores the passkeys autofill suggests. */
const IGNORED_AUTOFILL = 'e2e:ignored-autofill';

/**
 * While the flag is set, the e-mail field's passkey suggestions are ignored: the conditional request
 * stays pending until it is aborted (the button's modal ceremony aborts it), as when nobody picks one.
 */
async function ignoreAutofillWhenAsked(page: Page) {
  await page.addInitScript((flag) => {
    if (sessionStorage.getItem(flag) !== '1') return;
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options) =>
      options?.mediation === 'conditional'
        ? new Promise((_, reject) => {
            options.signal?.addEventListener('abort', () => reject(new DOMException('The request was aborted.', 'AbortError')));
          })
        : get(options);
  }, IGNORED_AUTOFILL);
}

const passkeyList = (page: Page) => page.getByRole('list', { name: 'Your passkeys' });

/** The step-up sheet without a passkey: the code e-mailed for the action, typed and confirmed. */
async function stepUpWithCode(page: Page, code: Promise<string>) {
  const sheet = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(sheet.getByText('Enter the code we sent to your e-mail address.')).toBeVisible();
  await sheet.getByLabel('Confirmation code').fill(await code);
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet).toBeHidden();
}

test('add a passkey with the e-mailed code, sign in with it from /login and /welcome, rename, remove, remove all', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const customer = await registerCustomer(api);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await ignoreAutofillWhenAsked(page);

  // A sign-in is not a step-up: adding a passkey asks to confirm it's you, with a code for that action.
  await passwordSignIn(page, customer.email, customer.password);
  await page.goto('/profile/security');
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(sheet).toHaveAccessibleDescription('Before you add a passkey, confirm it’s you.');
  await expect(sheet.getByText('Enter the code we sent to your e-mail address.')).toBeVisible();
  await sheet.getByLabel('Confirmation code').fill('12');
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet.getByText('Enter the 6 digits of the code.')).toBeVisible();
  await sheet.getByLabel('Confirmation code').fill(await latestCode(api, customer.email, 'step_up'));
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
  await expect(passkeyList(page)).toContainText('Not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Sign out, then back in with the passkey from /login's button, by a customer who ignores the
  // passkey the e-mail field suggests (the virtual authenticator would otherwise answer the autofill's
  // request at once)…
  await logOut(page);
  await page.evaluate((flag) => sessionStorage.setItem(flag, '1'), IGNORED_AUTOFILL);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate((flag) => sessionStorage.removeItem(flag), IGNORED_AUTOFILL);

  // …from /login's autofill: the conditional request starts as the page opens, and the virtual
  // authenticator answers it at once, as picking the passkey in the e-mail suggestions would…
  await logOut(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  // …and from /welcome.
  await logOut(page);
  await page.goto('/welcome');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Signed in with a passkey moments ago, still not a step-up: the sheet asks for the passkey (the
  // virtual authenticator answers), then the same authenticator is refused as a second passkey.
  await page.goto('/profile/security');
  await expect(passkeyList(page)).toContainText('Last used');
  const stepUps = page.waitForResponse((response) => response.url().endsWith('/api/step-up/verify') && response.ok());
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await stepUps;
  await expect(page.getByRole('alert').filter({ hasText: 'This device already has a passkey for your account.' })).toBeVisible();

  // Rename given up: the focus is back on Rename.
  const rename = passkeyList(page).getByRole('button', { name: 'Rename' });
  await rename.click();
  await passkeyList(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(rename).toBeFocused();

  // Rename: validated inline, then saved.
  await rename.click();
  await page.getByLabel('Name of the passkey').fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a name.')).toBeVisible();
  await page.getByLabel('Name of the passkey').fill('Work phone');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(passkeyList(page)).toContainText('Work phone');

  // Remove asks first, its answer taking the focus; kept, the focus is back on Remove.
  const remove = passkeyList(page).getByRole('button', { name: 'Remove “Work phone”' });
  await remove.click();
  await expect(page.getByRole('group', { name: 'Remove “Work phone”? You will no longer be able to sign in with it.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes, remove' })).toBeFocused();
  await passkeyList(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeFocused();

  // Remove, with confirmation and the step-up by the passkey itself (the virtual authenticator answers).
  await remove.click();
  const removal = page.waitForRequest((request) => request.url().includes('/api/passkeys/') && request.method() === 'DELETE');
  const byPasskey = page.waitForRequest(
    (request) => request.url().endsWith('/api/step-up/verify') && 'response' in (request.postDataJSON() as object),
  );
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await byPasskey;
  await removal;
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove all passkeys' })).toBeHidden();

  // Add again (the server forgot the credential, the authenticator still has it: a new one is made), then remove all with the code.
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // No passkey left: the step-up is a code (the second one e-mailed to this customer).
  await stepUpWithCode(page, latestCode(api, customer.email, 'step_up', 1));
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Remove all passkeys' }).click();
  await expect(page.getByText('To remove all passkeys, enter the code we sent you.')).toBeVisible();
  await page.getByLabel('Confirmation code').fill(await latestCode(api, customer.email, 'biometric_disable'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await api.dispose();
});

test('a cancelled passkey ceremony shows the translated message and keeps the form', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const customer = await registerCustomer(api);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await passwordSignIn(page, customer.email, customer.password);
  await page.goto('/profile/security');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await stepUpWithCode(page, latestCode(api, customer.email, 'step_up'));
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
  await logOut(page);

  // The customer's fingerprint is not recognised: the ceremony fails like a cancel.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  for (const [path, message] of [
    ['/login', 'Authentication was not completed'],
    ['/ar/login', 'لم تكتمل المصادقة'],
  ] as const) {
    await page.goto(path);
    const email = page.locator('input[name="email"]');
    await email.fill('someone@example.test');
    await page.locator('button', { hasText: path === '/login' ? 'Sign in with a passkey' : 'استخدام مفتاح مرور' }).click();
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(email).toHaveValue('someone@example.test');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await api.dispose();
});

test('screenshots: the security page and the Biometric Authentication sheet, en and ar, 390 and 1280 wide', async ({
  page,
  signIn,
  context,
}) => {
  for (const locale of ['en', 'ar'] as const) {
    // A new customer whose saved language is this one; the first passkey comes after a step-up by code.
    const { email } = await signIn(locale);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    const security = locale === 'en' ? '/profile/security' : '/ar/profile/security';
    // By its name: the page now holds other primary buttons, some in closed sheets.
    const addPasskey = page.getByRole('button', { name: (locale === 'en' ? en : ar).passkeys.section.add, exact: true });
    await page.goto(security);
    await addPasskey.click();
    const stepUp = page.getByRole('dialog');
    await stepUp.locator('input[name="code"]').fill(await latestCode(context.request, email, 'step_up'));
    await stepUp.locator('button[type="submit"]').click();
    await expect(page.locator('.passkey-list > li')).toHaveCount(1);
    // No authenticator answers now: the ceremony waits and the sheet stays up.
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(security);
      await expect(page.locator('.passkey-list > li')).toHaveCount(1);
      await saveScreenshot(page, { path: `reports/screenshots/passkeys-security-${locale}-${width}.png`, fullPage: true });
      await addPasskey.click();
      // The step-up by the passkey waits for an authenticator too: its sheet is the one that shows.
      const sheet = page.getByRole('dialog');
      await expect(sheet).toBeVisible();
      await expect(sheet).toHaveAccessibleName(locale === 'en' ? 'Biometric Authentication' : 'المصادقة البيومترية');
      await expect(sheet).toHaveAccessibleDescription(
        locale === 'en' ? 'Use your biometric to authenticate' : 'استخدم بصمتك الحيوية للمصادقة',
      );
      // Escape does not close it: the browser's own prompt is where a ceremony is cancelled.
      await page.keyboard.press('Escape');
      await expect(sheet).toBeVisible();
      await saveScreenshot(page, { path: `reports/screenshots/passkeys-sheet-${locale}-${width}.png` });
    }
    await cdp.detach();
  }
});
