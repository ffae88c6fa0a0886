import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricEnableRequestSchema } from '../../contract/passkeys';
import { maskPhone } from '../../contract/phoneNumbers';
import { PHONE_RECOVERY_DELAY_HOURS, phoneRecoveryCodeSentSchema, phoneRecoveryScheduledSchema } from '../../contract/phoneRecovery';
import { recoveryCancelledEmail, recoveryCompletedEmail, recoveryRequestedSms } from '../../server/services/phoneRecoveryNotices';
import { silentLogger } from '../../server/logger';
import { runMaintenance } from '../../server/maintenance';
import { createServices } from '../../server/services';
import {
  TestClient,
  TestClock,
  createTestDatabase,
  createTestServer,
  expectError,
  latestCode,
  registerVerifiedCustomer,
  stepUp,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../server/helpers';
import { SoftAuthenticator } from '../server/softAuthenticator';

// Issue 10, "One step-up rule": a customer who lost the phone and has no passkey recovers with an
// e-mailed code plus the password; the change takes effect after 24 hours, with notices to the e-mail
// and the old phone, and can be cancelled from either.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const DELAY_SECONDS = PHONE_RECOVERY_DELAY_HOURS * 3600;
const newServer = () => createTestServer(db, { config: { webauthnOrigins: ['http://localhost'] }, clock: new TestClock() });
const uniquePhone = () => `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const other = (code: string) => (code === '000000' ? '111111' : '000000');

/** A verified customer with a confirmed phone, and a fresh browser at the sign-in's SMS step. */
async function stuckAtSmsStep(server: TestServer, overrides: Record<string, unknown> = {}) {
  const owner = new TestClient(server);
  const { email, password } = await registerVerifiedCustomer(owner, overrides);
  const phone = uniquePhone();
  await stepUp(owner, 'phone.set', email);
  expect((await owner.post('/users/set-phone', { phone })).status).toBe(200);
  expect((await owner.post('/users/confirm-phone', { code: await latestCode(owner, phone, 'set_phone') })).status).toBe(200);
  const browser = new TestClient(server);
  const started = await browser.login(email, password);
  expect(started.body.twoFactorRequired).toBe(true);
  return { owner, browser, email, password, phone, challengeToken: started.body.challengeToken as string };
}

/** The cancel token of the link in the newest message of this template to `to`. */
function cancelTokenSentTo(server: TestServer, to: string): string {
  const message = server.sent.findLast((m) => m.to === to && m.template === 'phone_recovery_requested');
  expect(message, `no recovery notice to ${to}`).toBeDefined();
  return /\/recovery\/cancel#([A-Za-z0-9_-]{43})/.exec(message!.body)![1]!;
}

async function requestRecovery(server: TestServer, at: Awaited<ReturnType<typeof stuckAtSmsStep>>) {
  const sent = await at.browser.post('/auth/phone-recovery/start', { challengeToken: at.challengeToken });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  phoneRecoveryCodeSentSchema.parse(sent.body);
  const code = await latestCode(at.browser, at.email, 'phone_recovery_code');
  const confirmed = await at.browser.post('/auth/phone-recovery/confirm', {
    challengeToken: at.challengeToken,
    code,
    password: at.password,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { code, scheduled: phoneRecoveryScheduledSchema.parse(confirmed.body) };
}

const signInWithPasswordOnly = async (server: TestServer, email: string, password: string) => {
  const client = new TestClient(server);
  return client.login(email, password);
};

describe('lost-phone recovery', () => {
  it('removes the phone after 24 hours on the server’s clock, not a second earlier, with notices', async () => {
    const server = newServer();
    const at = await stuckAtSmsStep(server, { language: 'de' });
    const { scheduled } = await requestRecovery(server, at);
    expect(new Date(scheduled.effectiveAt).getTime() - new Date(scheduled.requestedAt).getTime()).toBe(DELAY_SECONDS * 1000);

    // Both notices went out, in the customer's language, each with its own cancel link.
    const emailToken = cancelTokenSentTo(server, at.email);
    const smsToken = cancelTokenSentTo(server, at.phone);
    expect(emailToken).not.toBe(smsToken);
    const sms = server.sent.findLast((m) => m.to === at.phone && m.template === 'phone_recovery_requested')!;
    expect(sms.channel).toBe('sms');
    expect(sms.body).toBe(
      recoveryRequestedSms(at.phone, 'de', new Date(scheduled.effectiveAt), `http://localhost/de/recovery/cancel#${smsToken}`).body,
    );

    // The owner's other session sees it, and so does the security log.
    expect((await at.owner.get('/users/phone-recovery')).body.pending).toEqual(scheduled);
    const log = await at.owner.get('/auth/security-activity');
    expect(log.body.events[0]).toMatchObject({ kind: 'phone_recovery_requested', detail: maskPhone(at.phone) });

    // One second before the end, sign-in still asks for the SMS code.
    server.clock.advance(DELAY_SECONDS - 1);
    expect((await signInWithPasswordOnly(server, at.email, at.password)).body.twoFactorRequired).toBe(true);

    // At the end the password alone signs in: the phone is gone, the customer told.
    server.clock.advance(1);
    const signedIn = await signInWithPasswordOnly(server, at.email, at.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.twoFactorRequired).toBe(false);
    expect(signedIn.body.user).toMatchObject({ phone: null, phoneConfirmed: false });
    const done = server.sent.findLast((m) => m.to === at.email && m.template === 'phone_recovery_completed');
    expect(done?.body).toBe(recoveryCompletedEmail(at.email, 'de').body);
    const after = new TestClient(server);
    after.token = signedIn.body.accessToken;
    expect((await after.get('/auth/security-activity')).body.events.map((e: { kind: string }) => e.kind)).toContain(
      'phone_recovery_completed',
    );
    expect((await after.get('/users/phone-recovery')).body.pending).toBeNull();
    // The cancel links are dead now.
    expectError(await new TestClient(server).post('/auth/phone-recovery/cancel', { token: emailToken }), 404, 'recovery_not_found');
  });

  it('the maintenance round also completes a due recovery', async () => {
    const server = newServer();
    const at = await stuckAtSmsStep(server);
    await requestRecovery(server, at);
    server.clock.advance(DELAY_SECONDS);
    const services = createServices({
      db: db.database.db,
      config: testConfig(),
      clock: server.clock.now,
      transport: async (message) => void server.sent.push(message),
      logger: silentLogger,
    });
    await runMaintenance(services, db.database.db, server.clock.now, silentLogger);
    expect(server.sent.findLast((m) => m.to === at.email)?.template).toBe('phone_recovery_completed');
    // Already removed: the sign-in finds nothing left to complete and asks no SMS code.
    const sentBefore = server.sent.length;
    expect((await signInWithPasswordOnly(server, at.email, at.password)).body.user).toMatchObject({ phone: null, phoneConfirmed: false });
    expect(server.sent.slice(sentBefore).map((m) => m.template)).not.toContain('phone_recovery_completed');
  });

  it('can be cancelled by the old phone’s link, once, without signing in', async () => {
    const server = newServer();
    const at = await stuckAtSmsStep(server, { language: 'fr' });
    await requestRecovery(server, at);
    const smsToken = cancelTokenSentTo(server, at.phone);
    const stranger = new TestClient(server);
    const cancelled = await stranger.post('/auth/phone-recovery/cancel', { token: smsToken }, { token: null });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(server.sent.findLast((m) => m.to === at.email)?.body).toBe(recoveryCancelledEmail(at.email, 'fr').body);
    // Single use, and the e-mail's link went with it.
    expectError(await stranger.post('/auth/phone-recovery/cancel', { token: smsToken }), 404, 'recovery_not_found');
    expectError(
      await stranger.post('/auth/phone-recovery/cancel', { token: cancelTokenSentTo(server, at.email) }),
      404,
      'recovery_not_found',
    );
    const log = (await at.owner.get('/auth/security-activity')).body.events;
    expect(log[0]).toMatchObject({ kind: 'phone_recovery_cancelled', detail: 'sms' });
    // The phone stays, after the 24 hours too.
    server.clock.advance(DELAY_SECONDS + 60);
    expect((await signInWithPasswordOnly(server, at.email, at.password)).body.twoFactorRequired).toBe(true);
  });

  it('can be cancelled by the e-mail’s link', async () => {
    const server = newServer();
    const at = await stuckAtSmsStep(server);
    await requestRecovery(server, at);
    expect((await new TestClient(server).post('/auth/phone-recovery/cancel', { token: cancelTokenSentTo(server, at.email) })).status).toBe(
      200,
    );
    expect((await at.owner.get('/auth/security-activity')).body.events[0]).toMatchObject({
      kind: 'phone_recovery_cancelled',
      detail: 'email',
    });
    expect((await at.owner.get('/users/phone-recovery')).body.pending).toBeNull();
  });

  it('a stranger’s guessed token cancels nothing, and guessing is rate-limited', async () => {
    const server = newServer();
    const at = await stuckAtSmsStep(server);
    await requestRecovery(server, at);
    const stranger = new TestClient(server);
    let limited = false;
    for (let i = 0; i < 25 && !limited; i++) {
      const answer = await stranger.post('/auth/phone-recovery/cancel', { token: randomBytes(32).toString('base64url') });
      if (answer.status === 429) limited = true;
      else expectError(answer, 404, 'recovery_not_found');
    }
    expect(limited).toBe(true);
    // A malformed token is refused by the schema.
    expectError(await new TestClient(server).post('/auth/phone-recovery/cancel', { token: 'short' }), 422, 'validation_failed', ['token']);
    expect((await at.owner.get('/users/phone-recovery')).body.pending).not.toBeNull();
  });

  it('refuses a wrong password and a wrong code, and a code works only once', async () => {
    const server = newServer();
    const at = await stuckAtSmsStep(server);
    await at.browser.post('/auth/phone-recovery/start', { challengeToken: at.challengeToken });
    const code = await latestCode(at.browser, at.email, 'phone_recovery_code');
    const confirm = (body: Record<string, string>) =>
      at.browser.post('/auth/phone-recovery/confirm', { challengeToken: at.challengeToken, code, password: at.password, ...body });
    expectError(await confirm({ password: `${at.password}x` }), 400, 'invalid_credentials');
    expectError(await confirm({ code: other(code) }), 400, 'code_invalid');
    expect((await at.owner.get('/users/phone-recovery')).body.pending).toBeNull();
    expect((await confirm({})).status).toBe(200);
    // The code is spent: replayed, it is no longer good (the recovery in progress is not restarted).
    expectError(await confirm({}), 400, 'code_invalid');
    const log = (await at.owner.get('/auth/security-activity')).body.events.map((e: { kind: string }) => e.kind);
    expect(log).toContain('sign_in_failed');
    expect(log.filter((k: string) => k === 'phone_recovery_requested')).toHaveLength(1);
  });

  it('limits tries per account and refuses a challenge that is not a live one', async () => {
    const server = newServer();
    const at = await stuckAtSmsStep(server);
    await at.browser.post('/auth/phone-recovery/start', { challengeToken: at.challengeToken });
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const answer = await at.browser.post('/auth/phone-recovery/confirm', {
        challengeToken: at.challengeToken,
        code: '000000',
        password: 'wrong password 1',
      });
      if (answer.status === 429) limited = true;
      else expectError(answer, 400, 'invalid_credentials');
    }
    expect(limited).toBe(true);
    expectError(await at.browser.post('/auth/phone-recovery/start', { challengeToken: 'x'.repeat(43) }), 400, 'challenge_invalid');
    server.clock.advance(11 * 60);
    expectError(await at.browser.post('/auth/phone-recovery/start', { challengeToken: at.challengeToken }), 400, 'challenge_expired');
  });

  it('is refused when the account has a passkey: that is the way back', async () => {
    const server = newServer();
    const at = await stuckAtSmsStep(server);
    await stepUp(at.owner, 'passkey.add', at.phone);
    const request = biometricEnableRequestSchema.parse((await at.owner.post('/validation-code/biometric/enable/request', {})).body);
    const added = await at.owner.post('/validation-code/biometric/enable/confirm', {
      code_token: request.code_token,
      response: new SoftAuthenticator().register(request.options),
    });
    expect(added.status).toBe(200);
    expectError(await at.browser.post('/auth/phone-recovery/start', { challengeToken: at.challengeToken }), 409, 'recovery_has_passkey');
  });

  it('a phone changed meanwhile is not removed by the old recovery', async () => {
    const server = newServer();
    const at = await stuckAtSmsStep(server);
    await requestRecovery(server, at);
    // The owner, still signed in elsewhere, found the phone and removes it with the step-up, then sets a new one.
    await stepUp(at.owner, 'phone.remove', at.phone);
    expect((await at.owner.post('/users/remove-phone', {})).status).toBe(200);
    const next = uniquePhone();
    await stepUp(at.owner, 'phone.set', at.email);
    await at.owner.post('/users/set-phone', { phone: next });
    expect((await at.owner.post('/users/confirm-phone', { code: await latestCode(at.owner, next, 'set_phone') })).status).toBe(200);
    server.clock.advance(DELAY_SECONDS);
    expect((await signInWithPasswordOnly(server, at.email, at.password)).body.twoFactorRequired).toBe(true);
  });
});
