import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometricEnableRequestSchema } from '../../contract';
import { accounts, passkeys, securityEvents, sessions, socialIdentities, users } from '../../server/db/schema';
import {
  TestClient,
  TestClock,
  createTestDatabase,
  createTestServer,
  expectError,
  latestCode,
  registerCustomer,
  registerVerifiedCustomer,
  stepUp,
  verifyEmail,
  type TestDatabase,
  type TestServer,
} from '../server/helpers';
import { SoftAuthenticator } from '../server/softAuthenticator';

// Issue 10, item 2: someone registers the victim's address before the victim does. Nothing they
// attach may survive the owner's proof of the mailbox, and until that proof they cannot attach much.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const newServer = (): TestServer =>
  createTestServer(db, { clock: new TestClock(new Date('2026-03-02T10:05:00.000Z')), config: { webauthnOrigins: ['http://localhost'] } });

const userIdOf = async (email: string) => (await db.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;

/** What an attacker could have attached before these rules, written straight into the tables. */
async function attachFactors(userId: string, now: Date) {
  const phone = `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await db.database.db.update(users).set({ phone, phoneConfirmedAt: now }).where(eq(users.id, userId));
  await db.database.db.insert(passkeys).values({
    id: randomUUID(),
    userId,
    publicKey: 'AQID',
    deviceType: 'multiDevice',
    backedUp: true,
    aaguid: '00000000-0000-0000-0000-000000000000',
    name: 'Attacker key',
    createdAt: now,
  });
  await db.database.db
    .insert(socialIdentities)
    .values({ provider: 'google', subject: randomUUID(), userId, email: null, createdAt: now, lastUsedAt: now });
}

async function factorsOf(userId: string) {
  const [user] = await db.database.db.select().from(users).where(eq(users.id, userId));
  return {
    phone: user!.phone,
    pendingPhone: user!.pendingPhone,
    passkeys: (await db.database.db.select().from(passkeys).where(eq(passkeys.userId, userId))).length,
    links: (await db.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId))).length,
    liveSessions: (
      await db.database.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    ).length,
  };
}

describe('an account whose e-mail is not verified', () => {
  it('cannot add a passkey: 403 email_unverified with a message, at the request and at the confirmation', async () => {
    const server = newServer();
    const client = new TestClient(server);
    await registerCustomer(client);
    expectError(await client.post('/validation-code/biometric/enable/request', {}), 403, 'email_unverified');
    const confirm = await client.post('/validation-code/biometric/enable/confirm', { code_token: 'x'.repeat(43), code: '123456' });
    expectError(confirm, 403, 'email_unverified');
  });

  it('cannot set a phone, so no SMS goes out; nor confirm or change one', async () => {
    const server = newServer();
    const client = new TestClient(server);
    await registerCustomer(client);
    const sentBefore = server.sent.length;
    expectError(await client.post('/users/set-phone', { phone: '+33612345678' }), 403, 'email_unverified');
    expectError(await client.post('/users/confirm-phone', { code: '123456' }), 403, 'email_unverified');
    expectError(await client.post('/users/update-phone', { phone: '+33612345679', channel: 'sms' }), 403, 'email_unverified');
    expect(server.sent.slice(sentBefore).filter((message) => message.channel === 'sms')).toEqual([]);
  });

  it('cannot open a card account, and nothing is written', async () => {
    const server = newServer();
    const client = new TestClient(server);
    const { email } = await registerCustomer(client);
    const answer = await client.post('/accounts-management/create-accounts-card', {}, { headers: { 'idempotency-key': randomUUID() } });
    expectError(answer, 403, 'email_unverified');
    const cards = await db.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, await userIdOf(email)), eq(accounts.kind, 'card')));
    expect(cards).toEqual([]);
  });

  it('can do all of it once the e-mail is verified', async () => {
    const client = new TestClient(newServer());
    const { email } = await registerVerifiedCustomer(client);
    await stepUp(client, 'passkey.add', email);
    expect((await client.post('/validation-code/biometric/enable/request', {})).status).toBe(200);
    await stepUp(client, 'phone.set', email);
    expect((await client.post('/users/set-phone', { phone: '+33612340001' })).status).toBe(200);
    const card = await client.post('/accounts-management/create-accounts-card', {}, { headers: { 'idempotency-key': randomUUID() } });
    expect(card.status, JSON.stringify(card.body)).toBeLessThan(300);
  });
});

describe('the first verification of the e-mail', () => {
  it('removes every factor attached before it and signs out every other session; the verifying one stays', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email, password } = await registerCustomer(owner);
    const userId = await userIdOf(email);
    const other = new TestClient(server);
    expect((await other.login(email, password)).status).toBe(200);
    await attachFactors(userId, server.clock.now());
    expect(await factorsOf(userId)).toMatchObject({ passkeys: 1, links: 1, liveSessions: 2 });

    await verifyEmail(owner, email);

    expect(await factorsOf(userId)).toEqual({ phone: null, pendingPhone: null, passkeys: 0, links: 0, liveSessions: 1 });
    expect((await owner.get('/users/me')).status).toBe(200);
    expectError(await other.get('/users/me'), 401, 'unauthorized');
    const kinds = (await db.database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId))).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['email_verified', 'sessions_ended']));
  });

  it('keeps the provider link that opened the verifying session (it has just shown the mailbox too)', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email } = await registerCustomer(owner);
    const userId = await userIdOf(email);
    await db.database.db.update(sessions).set({ method: 'google' }).where(eq(sessions.userId, userId));
    await attachFactors(userId, server.clock.now());
    const now = server.clock.now();
    await db.database.db
      .insert(socialIdentities)
      .values({ provider: 'apple', subject: randomUUID(), userId, email: null, createdAt: now, lastUsedAt: now });

    await verifyEmail(owner, email);

    const links = await db.database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId));
    expect(links.map((link) => link.provider)).toEqual(['google']);
    expect(await factorsOf(userId)).toMatchObject({ phone: null, passkeys: 0 });
  });

  it('removes nothing on a wrong code', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email } = await registerCustomer(owner);
    const userId = await userIdOf(email);
    await attachFactors(userId, server.clock.now());
    const right = await latestCode(owner, email, 'verify_email');
    const wrong = right === '000000' ? '111111' : '000000';
    expectError(await owner.post('/auth/verify-email', { code: wrong }), 400, 'code_invalid');
    expect(await factorsOf(userId)).toMatchObject({ passkeys: 1, links: 1, liveSessions: 1 });
  });

  it('through a password reset (the code proves the mailbox too) removes them as well', async () => {
    const server = newServer();
    const stranger = new TestClient(server);
    const { email } = await registerCustomer(stranger);
    const userId = await userIdOf(email);
    await attachFactors(userId, server.clock.now());
    const victim = new TestClient(server);
    expect((await victim.post('/auth/forgot-password', { email })).status).toBe(200);
    const code = await latestCode(victim, email, 'reset_password');
    expect((await victim.post('/auth/reset-password', { email, code, password: 'mine now, 7 words' })).status).toBe(200);
    expect(await factorsOf(userId)).toMatchObject({ phone: null, passkeys: 0, links: 0 });
    expectError(await stranger.get('/users/me'), 401, 'unauthorized');
  });
});

describe('resetting the password of a verified account', () => {
  it('removes no factor', async () => {
    const server = newServer();
    const owner = new TestClient(server);
    const { email } = await registerVerifiedCustomer(owner);
    await stepUp(owner, 'passkey.add', email);
    const request = biometricEnableRequestSchema.parse((await owner.post('/validation-code/biometric/enable/request', {})).body);
    const added = await owner.post('/validation-code/biometric/enable/confirm', {
      code_token: request.code_token,
      response: new SoftAuthenticator().register(request.options),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const userId = await userIdOf(email);
    await db.database.db.update(users).set({ phone: '+33612349876', phoneConfirmedAt: server.clock.now() }).where(eq(users.id, userId));

    const visitor = new TestClient(server);
    expect((await visitor.post('/auth/forgot-password', { email })).status).toBe(200);
    const code = await latestCode(visitor, email, 'reset_password');
    expect((await visitor.post('/auth/reset-password', { email, code, password: 'a fresh password 8' })).status).toBe(200);
    expect(await factorsOf(userId)).toMatchObject({ phone: '+33612349876', passkeys: 1 });
  });
});
