import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricEnableRequestSchema, securityActivitySchema, type SecurityEvent } from '../../contract';
import {
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

// Issue 10, item 12: the customer's own security log, and the e-mails for the changes that matter most.

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const newServer = (): TestServer =>
  createTestServer(db, { clock: new TestClock(new Date('2026-03-02T10:05:00.000Z')), config: { webauthnOrigins: ['http://localhost'] } });

async function activity(client: TestClient, query = ''): Promise<{ events: SecurityEvent[]; nextCursor: string | null }> {
  const answer = await client.get(`/auth/security-activity${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return securityActivitySchema.parse(answer.body);
}

async function addPasskey(client: TestClient, email: string, name: string) {
  await stepUp(client, 'passkey.add', email);
  const request = biometricEnableRequestSchema.parse((await client.post('/validation-code/biometric/enable/request', {})).body);
  const added = await client.post('/validation-code/biometric/enable/confirm', {
    code_token: request.code_token,
    name,
    response: new SoftAuthenticator().register(request.options),
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body.passkey.id as string;
}

describe('the security log', () => {
  it('records sign-ins, failed sign-ins, new devices, passkeys and ended sessions, newest first, with device and address', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email, password } = await registerVerifiedCustomer(owner);
    const id = await addPasskey(owner, email, 'Work laptop');
    await stepUp(owner, 'passkey.remove', email);
    expect((await owner.request('DELETE', `/passkeys/${id}`)).status).toBe(200);

    const stranger = new TestClient(server);
    expectError(await stranger.login(email, 'not the password 1'), 400, 'invalid_credentials');
    const elsewhere = new TestClient(server);
    expect((await elsewhere.post('/auth/login', { email, password }, { headers: { 'user-agent': FIREFOX } })).status).toBe(200);
    expect((await owner.post('/auth/sessions/revoke-others', {})).body).toEqual({ revoked: 1 });

    const { events } = await activity(owner);
    expect(events.map((e) => e.kind)).toEqual([
      'sessions_ended',
      'new_device',
      'sign_in',
      'sign_in_failed',
      'passkey_removed',
      'passkey_added',
      'email_verified',
      'sign_in',
    ]);
    expect(events[0]).toMatchObject({ detail: '1', ip: owner.ip });
    expect(events[1]).toMatchObject({ method: 'password', browser: 'Firefox', os: 'Windows', ip: elsewhere.ip });
    expect(events[3]).toMatchObject({ method: 'password', ip: stranger.ip });
    expect(events[4]).toMatchObject({ detail: 'Work laptop' });
    const ids = events.map((e) => BigInt(e.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
  });

  // Issue 24, item 8: a password change is a security event like a reset.
  it('records a password change, with device and address, and nothing for a refused one', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email, password } = await registerVerifiedCustomer(owner);
    await stepUp(owner, 'password.change', email);
    const refused = await owner.post('/users/change-password', {
      currentPassword: 'not the password 1',
      newPassword: 'violet anchor 93 drift',
    });
    expectError(refused, 400, 'current_password_invalid');
    expect((await activity(owner)).events.map((e) => e.kind)).not.toContain('password_changed');
    const changed = await owner.post(
      '/users/change-password',
      { currentPassword: password, newPassword: 'violet anchor 93 drift' },
      { headers: { 'user-agent': FIREFOX } },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [latest] = (await activity(owner)).events;
    expect(latest).toMatchObject({ kind: 'password_changed', browser: 'Firefox', os: 'Windows', ip: owner.ip });
  });

  it('pages by key: limit and cursor, no entry twice or missed', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email } = await registerVerifiedCustomer(owner);
    for (let i = 0; i < 3; i++) await new TestClient(server).login(email, `wrong ${i} password`);
    const all = (await activity(owner)).events.map((e) => e.id);
    expect(all).toHaveLength(5);
    const first = await activity(owner, '?limit=2');
    const second = await activity(owner, `?limit=2&cursor=${first.nextCursor}`);
    const third = await activity(owner, `?limit=2&cursor=${second.nextCursor}`);
    expect([...first.events, ...second.events, ...third.events].map((e) => e.id)).toEqual(all);
    expect(third.nextCursor).toBeNull();
  });

  it("shows only the caller's own entries, whatever cursor is sent; refuses strangers and bad queries", async () => {
    const server = newServer();
    const alice = new TestClient(server);
    const bob = new TestClient(server);
    await registerVerifiedCustomer(alice);
    await registerVerifiedCustomer(bob);
    const aliceIds = new Set((await activity(alice)).events.map((e) => e.id));
    const bobs = await activity(bob, `?cursor=${[...aliceIds][0]}999`);
    for (const event of bobs.events) expect(aliceIds.has(event.id)).toBe(false);
    expectError(await new TestClient(server).get('/auth/security-activity'), 401, 'unauthorized');
    expectError(await bob.get('/auth/security-activity?limit=51'), 422, 'validation_failed', ['limit']);
    expectError(await bob.get('/auth/security-activity?cursor=1%27%20OR%201=1'), 422, 'validation_failed', ['cursor']);
    expectError(await bob.get('/auth/security-activity?cursor=0'), 422, 'validation_failed', ['cursor']);
  });
});

describe('security e-mails, in the language the customer saved', () => {
  it('tells of a new passkey', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email } = await registerVerifiedCustomer(owner, { language: 'de' });
    await addPasskey(owner, email, 'Büro');
    const notice = server.sent.find((m) => m.to === email && m.template === 'passkey_added')!;
    expect(notice.subject).toBe('Ihrem Meridian-Konto wurde ein Passkey hinzugefügt');
    expect(notice.body).toContain('„Büro“');
  });

  it('tells of a phone change, with the new number masked', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email } = await registerVerifiedCustomer(owner, { language: 'fr' });
    await stepUp(owner, 'phone.set', email);
    expect((await owner.post('/users/set-phone', { phone: '+33612345001' })).status).toBe(200);
    expect((await owner.post('/users/confirm-phone', { code: await latestCode(owner, '+33612345001', 'set_phone') })).status).toBe(200);
    expect(server.sent.some((m) => m.template === 'phone_changed')).toBe(false);
    await stepUp(owner, 'phone.change', '+33612345001');
    expect((await owner.post('/users/update-phone', { phone: '+33612345002', channel: 'sms' })).status).toBe(200);
    const code = await latestCode(owner, '+33612345002', 'update_phone_sms');
    expect((await owner.post('/users/confirm-update-phone-sms', { code })).status).toBe(200);
    const notice = server.sent.find((m) => m.to === email && m.template === 'phone_changed')!;
    expect(notice.subject).toBe('Votre numéro de téléphone Meridian a été changé');
    expect(notice.body).not.toContain('+33612345002');
    const kinds = (await activity(owner)).events.map((e) => e.kind);
    expect(kinds.slice(0, 2)).toEqual(['phone_changed', 'phone_set']);
  });

  it('tells of a password reset, and logs it', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email } = await registerVerifiedCustomer(owner, { language: 'ar' });
    const visitor = new TestClient(server);
    expect((await visitor.post('/auth/forgot-password', { email })).status).toBe(200);
    const code = await latestCode(visitor, email, 'reset_password');
    const reset = await visitor.post('/auth/reset-password', { email, code, password: 'brand new words 9' });
    expect(reset.status).toBe(200);
    const notice = server.sent.find((m) => m.to === email && m.template === 'password_reset')!;
    expect(notice.subject).toBe('أُعيد تعيين كلمة مرورك في Meridian');
    // A reset signs no one in: the log is read after a normal sign-in with the new password.
    const signedIn = await visitor.login(email, 'brand new words 9');
    expect(signedIn.status).toBe(200);
    visitor.token = signedIn.body.accessToken;
    expect((await activity(visitor)).events.map((e) => e.kind)).toContain('password_reset');
  });
});
