import { describe, expect, it } from 'vitest';
import { meSchema, signedInSchema } from '../../contract/auth';
import { loginAnswerSchema } from '../../contract/phone';
import { DEMO_CUSTOMER, DEMO_PHONE_CUSTOMER } from '../../server/db/seed';
import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS } from '../../server/services/codes';
import { COOLDOWNS } from '../../server/services/rate-limit';
import {
  DEFAULT_PASSWORD,
  TestClient,
  createTestServer,
  expectError,
  latestCode,
  registerCustomer,
  uniqueEmail,
  useTestServer,
} from './helpers';

const { db, server } = useTestServer();

describe('registration', () => {
  it('creates an unverified account, signs it in, saves the language and e-mails a verification code', async () => {
    const client = new TestClient(server);
    const email = uniqueEmail();
    const answer = await client.post('/auth/register', {
      email: `  ${email.toUpperCase()} `,
      password: DEFAULT_PASSWORD,
      country: 'DE',
      acceptTerms: true,
      refCode: 'FRIEND-123',
      language: 'de',
    });

    expect(answer.status).toBe(201);
    const body = signedInSchema.parse(answer.body);
    expect(answer.body.resendAfterSeconds).toBe(COOLDOWNS.codeResend.seconds);
    expect(body.user).toMatchObject({ email, emailVerified: false, country: 'DE', language: 'de', firstName: null, refCode: 'FRIEND-123' });
    expect([...client.cookies.keys()].sort()).toEqual(['auth_token', 'refresh_token', 'session_info']);
    client.token = body.accessToken;
    expect((await client.get('/users/me')).body).toEqual(body.user);
    expect((await client.get('/user-settings')).body).toEqual({ language: 'de' });
    expect(await latestCode(client, email, 'verify_email')).toMatch(/^\d{6}$/);
    expect(server.sent.at(-1)).toMatchObject({ to: email, channel: 'email', template: 'verify_email' });
    // The very first message is already in the language the customer signed up in.
    expect(server.sent.at(-1)).toMatchObject({ subject: expect.stringContaining('Meridian-Bestätigungscode') });
    expect(server.sent.at(-1)!.body).toContain('Er läuft in 10 Minuten ab.');
  });

  it('writes the codes of an Arabic sign-up in Arabic, the code itself in digits any keyboard types', async () => {
    const client = new TestClient(server);
    const { email } = await registerCustomer(client, { language: 'ar' });
    const code = await latestCode(client, email, 'verify_email');
    expect(server.sent.at(-1)).toMatchObject({ subject: `${code} هو رمز التحقق الخاص بك في Meridian` });
    expect(server.sent.at(-1)!.body).toContain('تنتهي صلاحيته خلال ١٠ دقائق');
    expect((await new TestClient(server).post('/auth/forgot-password', { email })).status).toBe(200);
    expect(server.sent.at(-1)).toMatchObject({
      template: 'reset_password',
      subject: expect.stringContaining('رمز إعادة تعيين كلمة المرور'),
    });
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const client = new TestClient(server);
    const { email } = await registerCustomer(client);
    const again = await new TestClient(server).post('/auth/register', {
      email: email.toUpperCase(),
      password: DEFAULT_PASSWORD,
      country: 'FR',
      acceptTerms: true,
    });
    expectError(again, 409, 'email_taken');
  });
});

describe('e-mail verification', () => {
  it('verifies with the e-mailed code; the code works once', async () => {
    const client = new TestClient(server);
    const { email } = await registerCustomer(client);
    const code = await latestCode(client, email, 'verify_email');

    const answer = await client.post('/auth/verify-email', { code });
    expect(answer.status).toBe(200);
    expect(meSchema.parse(answer.body).emailVerified).toBe(true);
    expect((await client.get('/users/me')).body.emailVerified).toBe(true);
    expectError(await client.post('/auth/verify-email', { code }), 409, 'email_already_verified');
    expectError(await client.post('/auth/verify-email/resend'), 409, 'email_already_verified');
  });

  it('refuses a wrong code, then uses the code up after five wrong tries', async () => {
    const local = createTestServer(db);
    const client = new TestClient(local);
    const { email } = await registerCustomer(client);
    const code = await latestCode(client, email, 'verify_email');
    const wrong = code === '000000' ? '111111' : '000000';

    for (let attempt = 1; attempt < CODE_MAX_ATTEMPTS; attempt++) {
      expectError(await client.post('/auth/verify-email', { code: wrong }), 400, 'code_invalid');
    }
    expectError(await client.post('/auth/verify-email', { code: wrong }), 400, 'code_attempts_exceeded');
    // Even the right code is refused now: a new one is needed.
    expectError(await client.post('/auth/verify-email', { code }), 400, 'code_attempts_exceeded');

    local.clock.advance(COOLDOWNS.codeResend.seconds);
    expect((await client.post('/auth/verify-email/resend')).body).toEqual({ ok: true, resendAfterSeconds: COOLDOWNS.codeResend.seconds });
    const fresh = await latestCode(client, email, 'verify_email');
    expect((await client.post('/auth/verify-email', { code: fresh })).status).toBe(200);
  });

  it('expires a code after ten minutes; a resent code replaces the previous one', async () => {
    const local = createTestServer(db);
    const client = new TestClient(local);
    const { email } = await registerCustomer(client);
    const first = await latestCode(client, email, 'verify_email');

    local.clock.advance(CODE_TTL_SECONDS + 1);
    expectError(await client.post('/auth/verify-email', { code: first }), 400, 'code_expired');

    expect((await client.post('/auth/verify-email/resend')).status).toBe(200);
    const second = await latestCode(client, email, 'verify_email');
    // A new code replaces the old one (unless the dice gave the same six digits, one time in a million).
    if (second !== first) expectError(await client.post('/auth/verify-email', { code: first }), 400, 'code_invalid');
    expect((await client.post('/auth/verify-email', { code: second })).status).toBe(200);
  });
});

describe('resending a code', () => {
  it('waits a minute after the last code, answering 429 with the seconds left meanwhile', async () => {
    const local = createTestServer(db);
    const client = new TestClient(local);
    const { email } = await registerCustomer(client);
    const { seconds } = COOLDOWNS.codeResend;

    local.clock.advance(seconds - 15);
    const early = await client.post('/auth/verify-email/resend');
    expectError(early, 429, 'rate_limited');
    expect(early.headers.get('retry-after')).toBe('15');
    // The refused request sent nothing and did not restart the wait.
    expect(local.sent.filter((m) => m.to === email)).toHaveLength(1);
    local.clock.advance(15);
    expect((await client.post('/auth/verify-email/resend')).body).toEqual({ ok: true, resendAfterSeconds: seconds });
    expect(local.sent.filter((m) => m.to === email)).toHaveLength(2);
  });

  it('keeps the reset-code cooldown per address, whether or not the account exists', async () => {
    const local = createTestServer(db);
    const known = (await registerCustomer(new TestClient(local))).email;
    for (const email of [known, uniqueEmail()]) {
      const client = new TestClient(local);
      expect((await client.post('/auth/forgot-password', { email })).body).toEqual({
        ok: true,
        resendAfterSeconds: COOLDOWNS.codeResend.seconds,
      });
      const again = await client.post('/auth/forgot-password', { email });
      expectError(again, 429, 'rate_limited');
      expect(again.headers.get('retry-after')).toBe(String(COOLDOWNS.codeResend.seconds));
    }
  });
});

describe('sign-in', () => {
  it('signs the demo customer in with cookies and tokens', async () => {
    const client = new TestClient(server);
    const answer = await client.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(answer.status).toBe(200);
    expect(signedInSchema.parse(answer.body).user).toMatchObject({
      email: DEMO_CUSTOMER.email,
      emailVerified: true,
      firstName: DEMO_CUSTOMER.firstName,
      language: 'en',
    });
    expect(client.cookies.get('auth_token')).toBe(answer.body.accessToken);
    // The refresh token is in its HttpOnly cookie only.
    expect(client.cookies.get('refresh_token')).toMatch(/^[\w-]{43}$/);
    expect(answer.body).not.toHaveProperty('refreshToken');
  });

  it('asks the phone demo customer for its SMS code, then it meets what a withdrawal needs (e-mail, phone, KYC)', async () => {
    const client = new TestClient(server);
    const answer = await client.login(DEMO_PHONE_CUSTOMER.email, DEMO_PHONE_CUSTOMER.password);
    const started = loginAnswerSchema.parse(answer.body);
    if (!started.twoFactorRequired) throw new Error('expected a two-factor challenge');
    const code = await latestCode(client, DEMO_PHONE_CUSTOMER.phone, 'login_two_factor');
    const done = await client.post('/auth/2fa/phone/verify', { challengeToken: started.challengeToken, code });
    expect(done.status).toBe(200);
    const me = meSchema.parse((await client.get('/users/me', { token: signedInSchema.parse(done.body).accessToken })).body);
    expect(me).toMatchObject({ emailVerified: true, phone: DEMO_PHONE_CUSTOMER.phone, phoneConfirmed: true, kycStatus: 'approved' });
  });

  it('lets an unverified account sign in and reports emailVerified=false', async () => {
    const { email, password } = await registerCustomer(new TestClient(server));
    const client = new TestClient(server);
    expect((await client.login(email, password)).status).toBe(200);
    expect((await client.get('/users/me')).body.emailVerified).toBe(false);
  });

  it('answers a wrong password and an unknown e-mail alike, with 400 (a 401 would sign the app out)', async () => {
    const { email } = await registerCustomer(new TestClient(server));
    const client = new TestClient(server);
    const wrongPassword = await client.login(email, 'not the password 1');
    const unknownEmail = await client.login(uniqueEmail(), DEFAULT_PASSWORD);
    expectError(wrongPassword, 400, 'invalid_credentials');
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(client.cookies.size).toBe(0);
  });
});

describe('logout', () => {
  it('revokes the session: the access token and the refresh token stop working, cookies are cleared', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const accessToken = client.token!;
    const refreshToken = client.cookies.get('refresh_token')!;

    expect((await client.post('/auth/logout', {})).body).toEqual({ ok: true });
    expect(client.cookies.size).toBe(0);
    expectError(await client.get('/users/me', { token: accessToken }), 401, 'unauthorized');
    client.cookies.set('refresh_token', refreshToken);
    expectError(await client.post('/auth/refresh', {}), 401, 'refresh_token_invalid');
  });

  it('revokes by refresh token when the access token is gone, and always succeeds', async () => {
    const client = new TestClient(server);
    const { answer } = await registerCustomer(client);
    client.token = undefined;
    expect((await client.post('/auth/logout', {})).status).toBe(200);
    expectError(await client.get('/users/me', { token: answer.body.accessToken }), 401, 'unauthorized');
    // Logging out twice, or with nothing at all, is not an error.
    expect((await new TestClient(server).post('/auth/logout', {})).body).toEqual({ ok: true });
  });

  it('leaves the other sessions of the customer alone', async () => {
    const phone = new TestClient(server);
    const { email, password } = await registerCustomer(phone);
    const laptop = new TestClient(server);
    await laptop.login(email, password);
    await laptop.post('/auth/logout', {});
    expect((await phone.get('/users/me')).status).toBe(200);
  });
});

describe('password reset', () => {
  it('resets with the e-mailed code, revokes every session, verifies the e-mail and signs no one in', async () => {
    const client = new TestClient(server);
    const { email, password } = await registerCustomer(client);
    const oldAccessToken = client.token!;

    expect((await client.post('/auth/forgot-password', { email })).body).toEqual({
      ok: true,
      resendAfterSeconds: COOLDOWNS.codeResend.seconds,
    });
    const code = await latestCode(client, email, 'reset_password');
    const newPassword = 'a brand new secret 7';
    const reset = await client.post('/auth/reset-password', { email, code, password: newPassword });
    expect(reset).toMatchObject({ status: 200, body: { ok: true } });

    expectError(await client.get('/users/me', { token: oldAccessToken }), 401, 'unauthorized');
    expectError(await client.login(email, password), 400, 'invalid_credentials');
    expect((await client.login(email, newPassword)).body.user.emailVerified).toBe(true);
    expectError(await client.post('/auth/reset-password', { email, code, password: 'yet another one 8' }), 400, 'code_invalid');
  });

  it('answers an unknown address exactly like a known one and e-mails it a notice without a code', async () => {
    const client = new TestClient(server);
    const before = server.sent.length;
    const email = uniqueEmail();
    const answer = await client.post('/auth/forgot-password', { email });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, resendAfterSeconds: COOLDOWNS.codeResend.seconds } });
    expect(server.sent.slice(before).map(({ to, template }) => ({ to, template }))).toEqual([
      { to: email, template: 'reset_password_no_account' },
    ]);
    expectError(await client.post('/auth/reset-password', { email, code: '123456', password: 'whatever it is 9' }), 400, 'code_invalid');
  });

  it('does not let a verification code reset the password', async () => {
    const client = new TestClient(server);
    const { email } = await registerCustomer(client);
    const code = await latestCode(client, email, 'verify_email');
    expectError(await client.post('/auth/reset-password', { email, code, password: 'sneaky change 10' }), 400, 'code_invalid');
  });
});
