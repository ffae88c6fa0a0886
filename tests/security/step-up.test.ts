import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricEnableRequestSchema } from '../../contract/passkeys';
import { STEP_UP_SECONDS, stepUpGrantSchema, stepUpOptionsSchema } from '../../contract/stepUp';
import { maskPhone } from '../../contract/phoneNumbers';
import { passwordChangedEmail, phoneChangedEmail, phoneChangedSms } from '../../server/services/stepUpNotices';
import {
  DEFAULT_PASSWORD,
  TestClient,
  TestClock,
  createTestDatabase,
  createTestServer,
  expectError,
  latestCode,
  registerVerifiedCustomer,
  stepUp,
  type TestDatabase,
  type TestServer,
} from '../server/helpers';
import { SoftAuthenticator } from '../server/softAuthenticator';

// Issue 10, the one step-up rule and item 3 (the 2FA phone replaced with the session alone), and the
// change of password of item 18.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

/** Each test gets its own server and standing clock, so moving time never touches another test. */
const newServer = () => createTestServer(db, { config: { webauthnOrigins: ['http://localhost'] }, clock: new TestClock() });
const uniquePhone = () => `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const other = (code: string) => (code === '000000' ? '111111' : '000000');

async function customer(server: TestServer, overrides: Record<string, unknown> = {}) {
  const client = new TestClient(server);
  const { email, password } = await registerVerifiedCustomer(client, overrides);
  return { client, email, password };
}

/** A customer with a confirmed phone (set through the API, with its step-up). */
async function customerWithPhone(server: TestServer, overrides: Record<string, unknown> = {}) {
  const found = await customer(server, overrides);
  const phone = uniquePhone();
  await stepUp(found.client, 'phone.set', found.email);
  expect((await found.client.post('/users/set-phone', { phone })).status).toBe(200);
  const confirmed = await found.client.post('/users/confirm-phone', { code: await latestCode(found.client, phone, 'set_phone') });
  expect(confirmed.status).toBe(200);
  return { ...found, phone };
}

/** `to`: where the customer's step-up codes go (the confirmed phone, else the e-mail). */
async function addPasskey(client: TestClient, to: string, authenticator: SoftAuthenticator) {
  await stepUp(client, 'passkey.add', to);
  const request = biometricEnableRequestSchema.parse((await client.post('/validation-code/biometric/enable/request', {})).body);
  expect(request.code_required).toBe(false);
  const added = await client.post('/validation-code/biometric/enable/confirm', {
    code_token: request.code_token,
    response: authenticator.register(request.options),
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body.passkey.id as string;
}

/** Delivery order between SMS and e-mail is not fixed: compare e-mail first. */
const sortedByChannel = (messages: { channel: string }[]) => [...messages].sort((a, b) => a.channel.localeCompare(b.channel));

/** After the clock passed the access token's 15 minutes: renew it with the refresh cookie, as the app does. */
async function renew(client: TestClient) {
  const answer = await client.post('/auth/refresh', {}, { token: null });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  client.token = answer.body.accessToken;
}

/** Another signed-in session of the same customer: password, then the SMS code when there is a phone. */
async function secondSession(server: TestServer, email: string, password: string, phone?: string) {
  const client = new TestClient(server);
  const started = await client.login(email, password);
  expect(started.status).toBe(200);
  if (phone) {
    const verified = await client.post('/auth/2fa/phone/verify', {
      challengeToken: started.body.challengeToken,
      code: await latestCode(client, phone, 'login_two_factor'),
    });
    expect(verified.status).toBe(200);
    client.token = verified.body.accessToken;
  }
  return client;
}

describe('the step-up rule', () => {
  it('refuses every guarded action without a step-up, naming the action', async () => {
    const server = newServer();
    const { client, phone } = await customerWithPhone(server);
    const passkeyId = await addPasskey(client, phone, new SoftAuthenticator());
    const refusals: [Promise<{ status: number; body: { error?: { fields?: Record<string, string> } } }>, string][] = [
      [client.request('DELETE', `/passkeys/${encodeURIComponent(passkeyId)}`), 'passkey.remove'],
      [client.post('/users/update-phone', { phone: uniquePhone(), channel: 'sms' }), 'phone.change'],
      [client.post('/users/remove-phone', {}), 'phone.remove'],
      [client.post('/users/change-password', { currentPassword: DEFAULT_PASSWORD, newPassword: 'a new password 77' }), 'password.change'],
    ];
    for (const [pending, action] of refusals) {
      const answer = await pending;
      expectError(answer as never, 403, 'step_up_required', ['action']);
      expect(answer.body.error?.fields?.action).toBe(action);
    }
    const fresh = await customer(server);
    const set = await fresh.client.post('/users/set-phone', { phone: uniquePhone() });
    expectError(set, 403, 'step_up_required', ['action']);
    expect(set.body.error.fields.action).toBe('phone.set');
    // Nothing changed.
    expect((await client.get('/passkeys')).body.passkeys).toHaveLength(1);
    expect((await client.get('/users/me')).body.phoneConfirmed).toBe(true);
  });

  it('does not count a sign-in, however recent, as a step-up', async () => {
    const server = newServer();
    const { client, email, password, phone } = await customerWithPhone(server);
    const passkeyId = await addPasskey(client, phone, new SoftAuthenticator());
    // Password plus the SMS code, this very second.
    const fresh = await secondSession(server, email, password, phone);
    expectError(await fresh.request('DELETE', `/passkeys/${encodeURIComponent(passkeyId)}`), 403, 'step_up_required');
    expectError(await fresh.post('/users/update-phone', { phone: uniquePhone(), channel: 'sms' }), 403, 'step_up_required');
    // Adding a passkey right after signing in needs the code this request sends.
    const request = biometricEnableRequestSchema.parse((await fresh.post('/validation-code/biometric/enable/request', {})).body);
    expect(request).toMatchObject({ code_required: true, code_channel: 'sms' });
    // Nor does the sign-up session count.
    const newcomer = await customer(server);
    const own = biometricEnableRequestSchema.parse((await newcomer.client.post('/validation-code/biometric/enable/request', {})).body);
    expect(own.code_required).toBe(true);
  });

  it('binds a grant to its action and to its session', async () => {
    const server = newServer();
    const { client, email, password, phone } = await customerWithPhone(server);
    const passkeyId = await addPasskey(client, phone, new SoftAuthenticator());
    // A grant for another action does not serve.
    await stepUp(client, 'phone.remove', phone);
    expectError(await client.request('DELETE', `/passkeys/${encodeURIComponent(passkeyId)}`), 403, 'step_up_required');
    // A grant of another session of the same customer does not serve.
    const twin = await secondSession(server, email, password, phone);
    await stepUp(client, 'passkey.remove', phone);
    expectError(await twin.request('DELETE', `/passkeys/${encodeURIComponent(passkeyId)}`), 403, 'step_up_required');
    // A code sent for one action does not grant another.
    expect((await client.post('/step-up/code', { action: 'password.change' })).status).toBe(200);
    const code = await latestCode(client, phone, 'step_up');
    expectError(await client.post('/step-up/verify', { action: 'withdrawal', code }), 400, 'step_up_not_started');
    // Nor does a code sent to one session grant another.
    expectError(await twin.post('/step-up/verify', { action: 'password.change', code }), 400, 'step_up_not_started');
    // The right session and action: it works, and the passkey grant still does too.
    expect(stepUpGrantSchema.parse((await client.post('/step-up/verify', { action: 'password.change', code })).body).action).toBe(
      'password.change',
    );
    expect((await client.request('DELETE', `/passkeys/${encodeURIComponent(passkeyId)}`)).status).toBe(200);
  });

  it('expires grants and pending codes after 5 minutes of the server clock', async () => {
    const server = newServer();
    const { client, phone } = await customerWithPhone(server);
    await stepUp(client, 'phone.remove', phone);
    server.clock.advance(STEP_UP_SECONDS);
    expectError(await client.post('/users/remove-phone', {}), 403, 'step_up_required');

    expect((await client.post('/step-up/code', { action: 'phone.remove' })).status).toBe(200);
    const code = await latestCode(client, phone, 'step_up');
    server.clock.advance(STEP_UP_SECONDS);
    expectError(await client.post('/step-up/verify', { action: 'phone.remove', code }), 400, 'step_up_not_started');

    // Within the 5 minutes it works.
    expect((await client.post('/step-up/code', { action: 'phone.remove' })).status).toBe(200);
    const fresh = await latestCode(client, phone, 'step_up');
    server.clock.advance(STEP_UP_SECONDS - 1);
    await renew(client);
    expect((await client.post('/step-up/verify', { action: 'phone.remove', code: fresh })).status).toBe(200);
    server.clock.advance(STEP_UP_SECONDS - 1);
    expect((await client.post('/users/remove-phone', {})).status).toBe(200);
  });

  it('refuses a used code, a wrong one after five tries, and spends a grant with its action', async () => {
    const server = newServer();
    const { client, email } = await customer(server);
    expect((await client.post('/step-up/code', { action: 'passkey.remove' })).status).toBe(200);
    const code = await latestCode(client, email, 'step_up');
    expectError(await client.post('/step-up/verify', { action: 'passkey.remove', code: other(code) }), 400, 'code_invalid');
    expect((await client.post('/step-up/verify', { action: 'passkey.remove', code })).status).toBe(200);
    expectError(await client.post('/step-up/verify', { action: 'passkey.remove', code }), 400, 'step_up_not_started');

    // A resend for the same action waits a minute; the five tries are the code's.
    expect((await client.post('/step-up/code', { action: 'password.change' })).status).toBe(200);
    expectError(await client.post('/step-up/code', { action: 'password.change' }), 429, 'rate_limited');
    const guessed = await latestCode(client, email, 'step_up');
    for (let i = 1; i < 5; i++)
      expectError(await client.post('/step-up/verify', { action: 'password.change', code: other(guessed) }), 400, 'code_invalid');
    expectError(await client.post('/step-up/verify', { action: 'password.change', code: other(guessed) }), 400, 'code_attempts_exceeded');
    expectError(await client.post('/step-up/verify', { action: 'password.change', code: guessed }), 400, 'code_attempts_exceeded');

    // One grant, one action: the second removal needs a new step-up.
    const authenticator = new SoftAuthenticator();
    const first = await addPasskey(client, email, authenticator);
    const second = await addPasskey(client, email, authenticator);
    await stepUp(client, 'passkey.remove', email);
    expect((await client.request('DELETE', `/passkeys/${encodeURIComponent(first)}`)).status).toBe(200);
    expectError(await client.request('DELETE', `/passkeys/${encodeURIComponent(second)}`), 403, 'step_up_required');
  });

  it("steps up with one of the customer's own passkeys; a challenge serves once", async () => {
    const server = newServer();
    const { client, email } = await customer(server);
    const authenticator = new SoftAuthenticator();
    const passkeyId = await addPasskey(client, email, authenticator);

    const options = stepUpOptionsSchema.parse((await client.post('/step-up/options', { action: 'passkey.remove' })).body);
    expect(options.codeChannel).toBe('email');
    expect(options.passkey?.allowCredentials?.map((c) => c.id)).toEqual([passkeyId]);
    const response = authenticator.authenticate(options.passkey);
    // Not for another action, and another customer's passkey does not verify.
    expectError(await client.post('/step-up/verify', { action: 'password.change', response }), 400, 'step_up_not_started');
    const stranger = await customer(server);
    const strangerKey = new SoftAuthenticator();
    await addPasskey(stranger.client, stranger.email, strangerKey);
    const foreign = stepUpOptionsSchema.parse((await client.post('/step-up/options', { action: 'passkey.remove' })).body);
    expectError(
      await client.post('/step-up/verify', { action: 'passkey.remove', response: strangerKey.authenticate(foreign.passkey) }),
      400,
      'passkey_verification_failed',
    );
    // The right one (for fresh options: the refused answer spent the last challenge).
    const again = stepUpOptionsSchema.parse((await client.post('/step-up/options', { action: 'passkey.remove' })).body);
    const answer = authenticator.authenticate(again.passkey);
    expect((await client.post('/step-up/verify', { action: 'passkey.remove', response: answer })).status).toBe(200);
    expectError(await client.post('/step-up/verify', { action: 'passkey.remove', response: answer }), 400, 'step_up_not_started');
    expect((await client.request('DELETE', `/passkeys/${encodeURIComponent(passkeyId)}`)).body).toEqual({ biometric: { enabled: false } });
    // Without a passkey there is nothing to offer but the code.
    expect(stepUpOptionsSchema.parse((await client.post('/step-up/options', { action: 'passkey.add' })).body).passkey).toBeNull();
  });
});

describe('changing or removing the confirmed phone (item 3)', () => {
  it('tells the old number and the e-mail, in the saved language', async () => {
    const server = newServer();
    const { client, email, phone } = await customerWithPhone(server, { language: 'de' });
    const next = uniquePhone();
    await stepUp(client, 'phone.change', phone);
    expect((await client.post('/users/update-phone', { phone: next, channel: 'sms' })).status).toBe(200);
    const before = server.sent.length;
    const confirmed = await client.post('/users/confirm-update-phone-sms', { code: await latestCode(client, next, 'update_phone_sms') });
    expect(confirmed.body).toMatchObject({ phone: next, phoneConfirmed: true });
    expect(sortedByChannel(server.sent.slice(before))).toEqual(
      [phoneChangedSms(phone, 'changed', 'de'), phoneChangedEmail(email, maskPhone(next), 'de')].reverse(),
    );
    // The step-up was spent with the change.
    expectError(await client.post('/users/update-phone', { phone: uniquePhone(), channel: 'sms' }), 403, 'step_up_required');

    await stepUp(client, 'phone.remove', next);
    const removing = server.sent.length;
    expect((await client.post('/users/remove-phone', {})).body).toMatchObject({ phone: null, phoneConfirmed: false });
    expect(sortedByChannel(server.sent.slice(removing))).toEqual(
      [phoneChangedSms(next, 'removed', 'de'), phoneChangedEmail(email, null, 'de')].reverse(),
    );
    expect(server.sent.slice(removing).every((m) => !/\d{6}/.test(m.body))).toBe(true);
  });

  it('sends the step-up code to the confirmed phone, in the saved language', async () => {
    const server = newServer();
    const { client, phone } = await customerWithPhone(server, { language: 'ar' });
    const sent = await client.post('/step-up/code', { action: 'phone.change' });
    expect(sent.body).toMatchObject({ action: 'phone.change', channel: 'sms' });
    const message = server.sent.at(-1)!;
    expect(message).toMatchObject({ to: phone, channel: 'sms', template: 'step_up' });
    expect(message.body).toContain('تغيير رقم هاتفك');
  });
});

describe('changing the password (item 18)', () => {
  it('needs the current password and a step-up; ends every other session, not this one; e-mails a notice', async () => {
    const server = newServer();
    const { client, email, password } = await customer(server, { language: 'fr' });
    const elsewhere = await secondSession(server, email, password);
    await stepUp(client, 'password.change', email);
    const newPassword = 'another good one 88';
    expectError(
      await client.post('/users/change-password', { currentPassword: 'not it at all 1', newPassword }),
      400,
      'current_password_invalid',
    );
    // The sign-up rule applies to the new one.
    expectError(
      await client.post('/users/change-password', { currentPassword: password, newPassword: 'short1' }),
      422,
      'validation_failed',
      ['newPassword'],
    );
    const before = server.sent.length;
    const changed = await client.post('/users/change-password', { currentPassword: password, newPassword });
    expect(changed.body).toEqual({ otherSessionsEnded: 1 });
    expect(server.sent.slice(before)).toEqual([passwordChangedEmail(email, 'fr')]);
    expect((await client.get('/users/me')).status).toBe(200);
    expectError(await elsewhere.get('/users/me'), 401, 'unauthorized');
    expectError(await new TestClient(server).login(email, password), 400, 'invalid_credentials');
    expect((await new TestClient(server).login(email, newPassword)).status).toBe(200);
    // The grant was spent.
    expectError(
      await client.post('/users/change-password', { currentPassword: newPassword, newPassword: password }),
      403,
      'step_up_required',
    );
  });
});
