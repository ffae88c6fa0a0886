import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okSchema } from '../../contract/common';
import { twoFactorChallengeSchema } from '../../contract/phone';
import {
  TestClient,
  createTestDatabase,
  createTestServer,
  expectError,
  latestCode,
  registerCustomer,
  stepUp,
  type TestDatabase,
  type TestServer,
} from '../server/helpers';

// Issue 10, item 1: a password reset proves the mailbox only. It ends every session and refresh token
// of the customer and signs no one in; the sign-in afterwards goes the normal way, SMS code included.

let db: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestServer(db);
});
afterAll(() => db.close());

const NEW_PASSWORD = 'reset and renewed 2031';
const uniquePhone = () => `+49152${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** Asks for a reset code and uses it from a browser of its own; returns that browser and its answer. */
async function resetPassword(email: string) {
  const resetter = new TestClient(server);
  expect((await resetter.post('/auth/forgot-password', { email })).status).toBe(200);
  const code = await latestCode(resetter, email, 'reset_password');
  const answer = await resetter.post('/auth/reset-password', { email, code, password: NEW_PASSWORD });
  return { resetter, answer };
}

/** A customer with a verified e-mail and a confirmed phone: sign-in asks for an SMS code. */
async function customerWithConfirmedPhone() {
  const client = new TestClient(server);
  const customer = await registerCustomer(client);
  expect((await client.post('/auth/verify-email', { code: await latestCode(client, customer.email, 'verify_email') })).status).toBe(200);
  const phone = uniquePhone();
  await stepUp(client, 'phone.set', customer.email);
  expect((await client.post('/users/set-phone', { phone })).status).toBe(200);
  expect((await client.post('/users/confirm-phone', { code: await latestCode(client, phone, 'set_phone') })).status).toBe(200);
  return { ...customer, phone };
}

describe('a completed password reset', () => {
  it('answers without tokens and sets no session cookie', async () => {
    const { email } = await registerCustomer(new TestClient(server));
    const { resetter, answer } = await resetPassword(email);
    expect(answer.status).toBe(200);
    expect(okSchema.strict().parse(answer.body)).toEqual({ ok: true });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(resetter.cookies.size).toBe(0);
    // The reset's browser holds nothing that opens the account.
    expectError(await resetter.get('/users/me'), 401, 'unauthorized');
  });

  it('ends every session and refresh token of the customer', async () => {
    const first = new TestClient(server);
    const { email, password } = await registerCustomer(first);
    const second = new TestClient(server);
    expect((await second.login(email, password)).status).toBe(200);
    expect(second.cookies.get('refresh_token')).toBeTruthy();
    for (const client of [first, second]) expect((await client.get('/users/me')).status).toBe(200);

    expect((await resetPassword(email)).answer.status).toBe(200);

    for (const client of [first, second]) {
      expectError(await client.get('/users/me'), 401, 'unauthorized');
      const renewal = await client.post('/auth/refresh', {});
      expect(renewal.status).toBe(401);
    }
    // The new password signs in; the old one no longer does.
    expectError(await new TestClient(server).login(email, password), 400, 'invalid_credentials');
    expect((await new TestClient(server).login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('leaves the SMS code in the way: a confirmed-phone customer still needs it, and keeps the phone', async () => {
    const { email, phone } = await customerWithConfirmedPhone();
    expect((await resetPassword(email)).answer.status).toBe(200);

    const browser = new TestClient(server);
    const login = await browser.login(email, NEW_PASSWORD);
    expect(login.status).toBe(200);
    const challenge = twoFactorChallengeSchema.parse(login.body);
    expect(login.body).not.toHaveProperty('accessToken');
    expect(browser.cookies.size).toBe(0);
    expectError(await browser.get('/users/me'), 401, 'unauthorized');

    const code = await latestCode(browser, phone, 'login_two_factor');
    const signedIn = await browser.post('/auth/2fa/phone/verify', { challengeToken: challenge.challengeToken, code });
    expect(signedIn.status).toBe(200);
    // No factor was removed by the reset.
    expect(signedIn.body.user).toMatchObject({ phone, phoneConfirmed: true, emailVerified: true });
  });
});
