import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { meSchema, signedInSchema } from '../../contract/auth';
import { loginAnswerSchema, phoneCodeSentSchema, twoFactorChallengeSchema } from '../../contract/phone';
import { CODE_MAX_ATTEMPTS } from '../../server/services/codes';
import { channelTransport, httpSmsTransport, type Message } from '../../server/services/outbox';
import { CHALLENGE_TTL_SECONDS, SMS_RESEND_COOLDOWN_SECONDS } from '../../server/services/two-factor';
import {
  TestClient,
  createTestServer,
  expectError,
  latestCode,
  registerVerifiedCustomer,
  stepUp,
  type TestServer,
  useTestServer,
} from './helpers';

const { db, server } = useTestServer();

/** A valid German mobile number no other test uses. */
const uniquePhone = () => `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

/** Signs up and steps up for setting a first phone (a code to the e-mail), as the app does. */
async function registerForPhone(client: TestClient) {
  const registered = await registerVerifiedCustomer(client);
  await stepUp(client, 'phone.set', registered.email);
  return registered;
}

/** A signed-in customer whose phone is set and confirmed through the API, stepped up to change it. */
async function customerWithPhone(target: TestServer = server) {
  const client = new TestClient(target);
  const { email, password } = await registerForPhone(client);
  const phone = uniquePhone();
  expect((await client.post('/users/set-phone', { phone })).status).toBe(200);
  const confirmed = await client.post('/users/confirm-phone', { code: await latestCode(client, phone, 'set_phone') });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  await stepUp(client, 'phone.change', phone);
  return { client, email, password, phone };
}

describe('setting a phone', () => {
  it('sends an SMS code to the new number and confirms it; /users/me tells', async () => {
    const client = new TestClient(server);
    await registerForPhone(client);
    const phone = uniquePhone();
    expect((await client.get('/users/me')).body).toMatchObject({ phone: null, phoneConfirmed: false, pendingPhone: null });

    const sent = await client.post('/users/set-phone', { phone: ` ${phone}` });
    expect(sent.status).toBe(200);
    expect(phoneCodeSentSchema.parse(sent.body)).toMatchObject({
      pendingPhone: phone,
      channel: 'sms',
      resendAfterSeconds: SMS_RESEND_COOLDOWN_SECONDS,
    });
    expect(server.sent.at(-1)).toMatchObject({ to: phone, channel: 'sms', template: 'set_phone' });
    expect((await client.get('/users/me')).body).toMatchObject({ phone: null, phoneConfirmed: false, pendingPhone: phone });

    const code = await latestCode(client, phone, 'set_phone');
    expectError(await client.post('/users/confirm-phone', { code: wrongCode(code) }), 400, 'code_invalid');
    const confirmed = await client.post('/users/confirm-phone', { code });
    expect(meSchema.parse(confirmed.body)).toMatchObject({ phone, phoneConfirmed: true, pendingPhone: null });
    // Single use.
    expectError(await client.post('/users/confirm-phone', { code }), 409, 'no_pending_phone');
    // The confirmation spent the step-up: another try needs a new one (to the phone now).
    expectError(await client.post('/users/set-phone', { phone: uniquePhone() }), 403, 'step_up_required');
    await stepUp(client, 'phone.set', phone);
    expectError(await client.post('/users/set-phone', { phone: uniquePhone() }), 409, 'phone_already_set');
  });

  it('refuses numbers that are not in a numbering plan, and malformed ones', async () => {
    const client = new TestClient(server);
    await registerForPhone(client);
    expectError(await client.post('/users/set-phone', { phone: '+4900000' }), 422, 'phone_invalid');
    expectError(await client.post('/users/set-phone', { phone: '0151 2345678' }), 422, 'validation_failed', ['phone']);
  });

  it('never confirms a number another customer has confirmed, though sending answers alike', async () => {
    const { phone } = await customerWithPhone();
    const client = new TestClient(server);
    await registerForPhone(client);
    expect((await client.post('/users/set-phone', { phone })).status).toBe(200);
    expectError(await client.post('/users/confirm-phone', { code: '123456' }), 400, 'code_invalid');

    // Two customers waiting for codes for one number: the second to confirm is refused like a wrong code.
    const contested = uniquePhone();
    const first = new TestClient(server);
    await registerForPhone(first);
    expect((await first.post('/users/set-phone', { phone: contested })).status).toBe(200);
    const firstCode = await latestCode(first, contested, 'set_phone');
    expect((await client.post('/users/set-phone', { phone: contested })).status).toBe(200);
    const secondCode = await latestCode(client, contested, 'set_phone');
    expect((await first.post('/users/confirm-phone', { code: firstCode })).status).toBe(200);
    expectError(await client.post('/users/confirm-phone', { code: secondCode }), 400, 'code_invalid');
  });

  it('sends a new code for the same number only after the cooldown; another number at once', async () => {
    const local = createTestServer(db);
    const client = new TestClient(local);
    await registerForPhone(client);
    const phone = uniquePhone();
    expect((await client.post('/users/set-phone', { phone })).status).toBe(200);
    const again = await client.post('/users/set-phone', { phone });
    expectError(again, 429, 'rate_limited');
    expect(Number(again.headers.get('retry-after'))).toBe(SMS_RESEND_COOLDOWN_SECONDS);

    local.clock.advance(SMS_RESEND_COOLDOWN_SECONDS);
    const first = await latestCode(client, phone, 'set_phone');
    expect((await client.post('/users/set-phone', { phone })).status).toBe(200);
    const second = await latestCode(client, phone, 'set_phone');
    if (second !== first) expectError(await client.post('/users/confirm-phone', { code: first }), 400, 'code_invalid');

    // A corrected typo: the code for the first number must not confirm the second.
    const corrected = uniquePhone();
    expect((await client.post('/users/set-phone', { phone: corrected })).status).toBe(200);
    expectError(await client.post('/users/confirm-phone', { code: second }), 400, 'code_invalid');
    expect((await client.post('/users/confirm-phone', { code: await latestCode(client, corrected, 'set_phone') })).body.phone).toBe(
      corrected,
    );
  });
});

describe('changing the phone', () => {
  it('confirms the request with the code e-mailed to the account, then the new number with its SMS code', async () => {
    const { client, email, phone } = await customerWithPhone();
    const next = uniquePhone();
    const sent = await client.post('/users/update-phone', { phone: next, channel: 'email' });
    expect(phoneCodeSentSchema.parse(sent.body)).toMatchObject({ pendingPhone: next, channel: 'email' });
    expect(server.sent.at(-1)).toMatchObject({ to: email, channel: 'email', template: 'update_phone_email' });
    // Until confirmed, the old number is the one that counts.
    expect((await client.get('/users/me')).body).toMatchObject({ phone, pendingPhone: next, phoneConfirmed: true });

    const code = await latestCode(client, email, 'update_phone_email');
    // The SMS endpoint does not take the e-mailed code.
    expectError(await client.post('/users/confirm-update-phone-sms', { code }), 400, 'code_invalid');
    const emailed = await client.post('/users/confirm-update-phone', { code });
    expect(phoneCodeSentSchema.parse(emailed.body)).toMatchObject({ pendingPhone: next, channel: 'sms' });
    expect(server.sent.at(-1)).toMatchObject({ to: next, channel: 'sms', template: 'update_phone_sms' });
    expect((await client.get('/users/me')).body).toMatchObject({ phone, pendingPhone: next });
    const smsCode = await latestCode(client, next, 'update_phone_sms');
    const confirmed = await client.post('/users/confirm-update-phone-sms', { code: smsCode });
    expect(confirmed.body).toMatchObject({ phone: next, phoneConfirmed: true, pendingPhone: null });
  });

  it('confirms the new number with the code sent to it by SMS', async () => {
    const { client, phone } = await customerWithPhone();
    const next = uniquePhone();
    expect((await client.post('/users/update-phone', { phone: next, channel: 'sms' })).body.channel).toBe('sms');
    expect(server.sent.at(-1)).toMatchObject({ to: next, channel: 'sms', template: 'update_phone_sms' });
    const code = await latestCode(client, next, 'update_phone_sms');
    expectError(await client.post('/users/confirm-update-phone-sms', { code: wrongCode(code) }), 400, 'code_invalid');
    expect((await client.post('/users/confirm-update-phone-sms', { code })).body).toMatchObject({ phone: next, pendingPhone: null });
    // The old number is free again for someone else.
    const other = new TestClient(server);
    await registerForPhone(other);
    expect((await other.post('/users/set-phone', { phone })).status).toBe(200);
  });

  it('switching from e-mail to SMS voids the e-mailed code', async () => {
    const local = createTestServer(db);
    const { client, email } = await customerWithPhone(local);
    const next = uniquePhone();
    expect((await client.post('/users/update-phone', { phone: next, channel: 'email' })).status).toBe(200);
    const emailed = await latestCode(client, email, 'update_phone_email');
    expect((await client.post('/users/update-phone', { phone: next, channel: 'sms' })).status).toBe(200);
    expectError(await client.post('/users/confirm-update-phone', { code: emailed }), 400, 'code_invalid');
  });

  it('refuses a change without a phone or to the same number', async () => {
    const { client, phone } = await customerWithPhone();
    expectError(await client.post('/users/update-phone', { phone, channel: 'sms' }), 409, 'phone_unchanged');
    const without = new TestClient(server);
    const { email: withoutEmail } = await registerForPhone(without);
    await stepUp(without, 'phone.change', withoutEmail);
    expectError(await without.post('/users/update-phone', { phone: uniquePhone(), channel: 'sms' }), 409, 'phone_not_set');
    expectError(await without.post('/users/confirm-update-phone', { code: '123456' }), 409, 'no_pending_phone');
  });
});

describe('two-factor sign-in', () => {
  async function challenge(target: TestServer = server) {
    const { email, password, phone } = await customerWithPhone(target);
    const client = new TestClient(target);
    const answer = await client.login(email, password);
    expect(answer.status).toBe(200);
    const parsed = loginAnswerSchema.parse(answer.body);
    if (!parsed.twoFactorRequired) throw new Error('expected a two-factor challenge');
    return { client, email, phone, challenge: parsed };
  }

  it('issues no cookies and no tokens until the SMS code; then the same cookies as a login', async () => {
    const { client, phone, challenge: started } = await challenge();
    expect(client.cookies.size).toBe(0);
    expect(started).not.toHaveProperty('accessToken');
    expect(started.phoneHint).toBe(`+49 ${'•'.repeat(9)}${phone.slice(-2)}`);
    expect(started.resendAfterSeconds).toBe(SMS_RESEND_COOLDOWN_SECONDS);
    expect(server.sent.at(-1)).toMatchObject({ to: phone, channel: 'sms', template: 'login_two_factor' });

    const code = await latestCode(client, phone, 'login_two_factor');
    const done = await client.post('/auth/2fa/phone/verify', { challengeToken: started.challengeToken, code });
    expect(done.status).toBe(200);
    const session = signedInSchema.parse(done.body);
    expect([...client.cookies.keys()].sort()).toEqual(['auth_token', 'refresh_token', 'session_info']);
    expect(client.cookies.get('auth_token')).toBe(session.accessToken);
    expect((await client.get('/users/me', { token: session.accessToken })).body.phone).toBe(phone);
  });

  it('answers a customer without a confirmed phone with a session at once', async () => {
    const client = new TestClient(server);
    const { email, password } = await registerForPhone(client);
    await client.post('/users/set-phone', { phone: uniquePhone() });
    const answer = await new TestClient(server).login(email, password);
    expect(loginAnswerSchema.parse(answer.body)).toMatchObject({ twoFactorRequired: false });
  });

  it('refuses a wrong code, uses the code up after five tries, and a new code works', async () => {
    const local = createTestServer(db);
    const { client, phone, challenge: started } = await challenge(local);
    const token = started.challengeToken;
    const code = await latestCode(client, phone, 'login_two_factor');
    for (let attempt = 1; attempt < CODE_MAX_ATTEMPTS; attempt++) {
      expectError(await client.post('/auth/2fa/phone/verify', { challengeToken: token, code: wrongCode(code) }), 400, 'code_invalid');
    }
    expectError(
      await client.post('/auth/2fa/phone/verify', { challengeToken: token, code: wrongCode(code) }),
      400,
      'code_attempts_exceeded',
    );
    expectError(await client.post('/auth/2fa/phone/verify', { challengeToken: token, code }), 400, 'code_attempts_exceeded');
    expect(client.cookies.size).toBe(0);

    // A new code only after the cooldown.
    const early = await client.post('/auth/2fa/phone/resend', { challengeToken: token });
    expectError(early, 429, 'rate_limited');
    expect(Number(early.headers.get('retry-after'))).toBe(SMS_RESEND_COOLDOWN_SECONDS);
    local.clock.advance(SMS_RESEND_COOLDOWN_SECONDS);
    const resent = await client.post('/auth/2fa/phone/resend', { challengeToken: token });
    expect(twoFactorChallengeSchema.parse(resent.body)).toMatchObject({
      challengeToken: token,
      expiresAt: started.expiresAt,
      resendAfterSeconds: SMS_RESEND_COOLDOWN_SECONDS,
    });
    const fresh = await latestCode(client, phone, 'login_two_factor');
    expect((await client.post('/auth/2fa/phone/verify', { challengeToken: token, code: fresh })).status).toBe(200);
  });

  it('works once: the same challenge cannot open a second session', async () => {
    const { client, phone, challenge: started } = await challenge();
    const code = await latestCode(client, phone, 'login_two_factor');
    expect((await client.post('/auth/2fa/phone/verify', { challengeToken: started.challengeToken, code })).status).toBe(200);
    const again = new TestClient(server);
    expectError(await again.post('/auth/2fa/phone/verify', { challengeToken: started.challengeToken, code }), 400, 'challenge_invalid');
    expectError(await again.post('/auth/2fa/phone/resend', { challengeToken: started.challengeToken }), 400, 'challenge_invalid');
    expectError(await again.post('/auth/2fa/phone/verify', { challengeToken: 'made-up', code }), 400, 'challenge_invalid');
    expect(again.cookies.size).toBe(0);
  });

  it('expires after ten minutes, code and all', async () => {
    const local = createTestServer(db);
    const { client, phone, challenge: started } = await challenge(local);
    const code = await latestCode(client, phone, 'login_two_factor');
    local.clock.advance(CHALLENGE_TTL_SECONDS);
    expectError(await client.post('/auth/2fa/phone/verify', { challengeToken: started.challengeToken, code }), 400, 'challenge_expired');
    expectError(await client.post('/auth/2fa/phone/resend', { challengeToken: started.challengeToken }), 400, 'challenge_expired');
    expect(client.cookies.size).toBe(0);
  });
});

describe('SMS delivery', () => {
  const sms: Message = { to: '+4915123456789', channel: 'sms', template: 'login_two_factor', subject: 's', body: '123456 is your code' };

  it('posts each SMS as JSON to the configured gateway; a refusal keeps it for the next round', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    let status = 202;
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(null, { status });
    }) as typeof fetch;
    const transport = httpSmsTransport('https://sms.example/send', 10_000, fakeFetch);
    await transport(sms);
    expect(calls).toEqual([{ url: 'https://sms.example/send', body: { to: sms.to, body: sms.body, template: sms.template } }]);
    status = 503;
    await expect(transport(sms)).rejects.toThrow('503');
  });

  it('routes e-mail and SMS to their own transports', async () => {
    const seen: string[] = [];
    const transport = channelTransport({
      email: async (m) => void seen.push(`email:${m.to}`),
      sms: async (m) => void seen.push(`sms:${m.to}`),
    });
    await transport(sms);
    await transport({ ...sms, channel: 'email', to: 'ann@example.test' });
    expect(seen).toEqual([`sms:${sms.to}`, 'email:ann@example.test']);
  });
});
