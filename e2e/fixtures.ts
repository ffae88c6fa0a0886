import { randomInt, randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import type { Locale } from '../contract/locales';

export { expect };

export const TEST_PASSWORD = 'Meridian-e2e-2026';
/** Tests that run in the full browser rather than the headless shell (playwright.config.ts says which and why). */
export const FULL_BROWSER_TAG = '@full-browser';
export const DEMO = { email: 'demo@meridian.test', password: 'MeridianDemo2026' };
export const ADMIN = { email: 'admin@meridian.test', password: 'MeridianAdmin2026' };

/** A client address of its own per created customer, so per-address rate limits see many customers. */
export const someClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * Registers a new customer through the API; the request context keeps its session cookies. The e-mail
 * is verified with the code sign-up sent (passkeys and a phone need that), unless `verified` is false.
 */
export async function registerCustomer(request: APIRequestContext, language: Locale = 'en', { verified = true } = {}) {
  const email = `e2e-${randomUUID()}@meridian.test`;
  const address = someClientAddress();
  const response = await request.post('/api/auth/register', {
    data: { email, password: TEST_PASSWORD, country: 'DE', acceptTerms: true, language },
    headers: { 'X-Forwarded-For': address },
  });
  expect(response.status(), await response.text()).toBe(201);
  const tokens = (await response.json()) as { accessToken: string };
  if (verified) {
    const code = await latestCode(request, email, 'verify_email');
    const verify = await request.post('/api/auth/verify-email', {
      data: { code },
      headers: { Authorization: `Bearer ${tokens.accessToken}`, 'X-Forwarded-For': address },
    });
    expect(verify.status(), await verify.text()).toBe(200);
  }
  return { email, password: TEST_PASSWORD, tokens };
}

export interface HeadlessShellOption {
  /**
   * Set on the projects that run in the headless shell. The shell reads every page's notification
   * permission as "denied" (it has no prompt to ask with), so the push page would say notifications are
   * blocked where a customer's browser asks. This reads it as the browser's own answer, "default" (not yet
   * asked); asking answers "default" too, a customer who closed the prompt. The push journey itself, which
   * needs a real answer, runs in the full browser (playwright.config.ts).
   */
  notificationsNotYetAsked: boolean;
}

export interface ClientAddressOption {
  /**
   * Set on the projects whose pages call a chain's node: there the address goes on the app's own /api/
   * calls only, since on a call to a node the header would fail the node's CORS preflight. That takes
   * Playwright's request interception, which also turns Chromium's HTTP cache off, so every page load of
   * such a test fetches every module again (docs/testing.md, "CI time").
   */
  clientAddressOnApiOnly: boolean;
}

export const test = base.extend<{ signIn: (language?: Locale) => Promise<{ email: string }> } & ClientAddressOption & HeadlessShellOption>({
  clientAddressOnApiOnly: [false, { option: true }],
  notificationsNotYetAsked: [false, { option: true }],
  /**
   * Each test's browser calls the API from an address of its own, as real customers do. Otherwise every
   * page of the run calls from 127.0.0.1, and per-address limits (codes sent, passkey options) add up
   * over the whole run until the later tests are refused. The context's API client (`context.request`)
   * calls from it too, unless a call names an address of its own.
   */
  context: async ({ context, baseURL, clientAddressOnApiOnly, notificationsNotYetAsked }, use) => {
    const address = someClientAddress();
    if (notificationsNotYetAsked) {
      await context.addInitScript(() => {
        if (typeof Notification === 'undefined' || Notification.permission !== 'denied') return;
        Object.defineProperty(Notification, 'permission', { get: () => 'default' });
        Notification.requestPermission = () => Promise.resolve('default');
      });
    }
    if (clientAddressOnApiOnly) {
      await context.route(`${baseURL}/api/**`, (route) =>
        route.fallback({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
      );
    } else {
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
    }
    await use(context);
  },
  /** A real, new customer signed in in this browser context (its saved language as given). */
  signIn: async ({ context }, use) => {
    await use((language) => registerCustomer(context.request, language));
  },
});

/** Signs this browser context in as a seeded account (the demo customer unless said); answers its access token. */
export async function signInAs(context: BrowserContext, who: { email: string; password: string } = DEMO): Promise<string> {
  const response = await context.request.post('/api/auth/login', {
    data: { email: who.email, password: who.password },
    headers: { 'X-Forwarded-For': someClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/**
 * The page is told `language` is the customer's saved one. A signed-in customer's saved language wins
 * over the path's, and the seeded accounts are shared by tests running side by side, so their own
 * setting (English) is never changed.
 */
export async function keepLanguage(page: Page, language: Locale) {
  await page.route('**/api/user-settings', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { language } }) : route.fallback(),
  );
}

/** The demo customer (KYC approved, funded accounts, no phone) signed in in this page's context, seeing `language`. */
export async function signInDemo(page: Page, language: Locale = 'en'): Promise<string> {
  if (language !== 'en') await keepLanguage(page, language);
  return signInAs(page.context());
}

/** Waits until the screen's heading is there, i.e. the guard decided and the screen rendered. */
export async function screenReady(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * The 6-digit code in the newest message of this template to `to` (an e-mail address or an E.164
 * number), from the development outbox; waits for it. `notBefore`: how many such messages were
 * there already, so a resent code is not mistaken for the old one.
 */
export async function latestCode(request: APIRequestContext, to: string, template: string, notBefore = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        // A read, so safe to repeat if the connection it reuses was reset on the way.
        const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { maxRetries: 2 });
        const { messages } = (await outbox.json()) as {
          messages: { template: string; body: string }[];
        };
        const sent = messages.filter((m) => m.template === template);
        code = sent.length > notBefore ? (/\b(\d{6})\b/.exec(sent[0]!.body)?.[1] ?? '') : '';
        return code;
      },
      { message: `${template} to ${to}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * A platform authenticator in Chromium through CDP (resident keys, user verification), as a phone's
 * or laptop's built-in one. The app runs at http://localhost:PORT, so the RP id `localhost` is valid.
 */
export async function addVirtualAuthenticator(page: Page): Promise<{
  cdp: CDPSession;
  authenticatorId: string;
  /** The passkeys it holds. */
  credentials: () => Promise<unknown[]>;
}> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { cdp, authenticatorId, credentials };
}

/** The step-up through the API, as the app's sheet does it without a passkey: a code for the action, sent to `to`. */
export async function stepUpByApi(request: APIRequestContext, headers: Record<string, string>, action: string, to: string) {
  expect((await request.post('/api/step-up/code', { data: { action }, headers })).status()).toBe(200);
  const code = await latestCode(request, to, 'step_up');
  expect((await request.post('/api/step-up/verify', { data: { action, code }, headers })).status()).toBe(200);
}

/**
 * Test money for a customer: a simulated bank transfer that names the customer's own payment reference,
 * so it is matched and credited to the account of `currency` (opened if missing).
 */
export async function receiveBankTransfer(
  request: APIRequestContext,
  headers: Record<string, string>,
  { currency, amount, senderName = 'E2E Bank' }: { currency: string; amount: string; senderName?: string },
) {
  const details = await request.get('/api/inject/fiat/details', { headers });
  expect(details.status(), await details.text()).toBe(200);
  const { reference } = (await details.json()) as { reference: string };
  const answer = await request.post('/api/simulate/bank-transfer', {
    data: { currency, amount, senderName, reference },
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(((await answer.json()) as { status: string }).status).toBe('credited');
}

/** The step-up sheet (en), answered with the newest step-up code sent to `to` after `codesBefore` codes. */
export async function confirmItsMe(page: Page, to: string, codesBefore = 0) {
  const sheet = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await sheet.getByLabel('Confirmation code').fill(await latestCode(page.request, to, 'step_up', codesBefore));
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet).toBeHidden();
}
