import { eq } from 'drizzle-orm';
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { idempotencyKeys, outbox, rateLimitCounters, refreshTokens, users } from '../../server/db/schema';
import { IDEMPOTENCY_RETENTION_SECONDS } from '../../server/http/idempotency';
import { silentLogger } from '../../server/logger';
import { runMaintenance } from '../../server/maintenance';
import { createServices } from '../../server/services';
import type { Message } from '../../server/services/outbox';
import { createPasswordHasher } from '../../server/services/passwords';
import { DEFAULT_SESSION_LIFETIME } from '../../server/config';
import {
  TestClient,
  TEST_PASSWORD_COST,
  TestClock,
  createTestServer,
  registerCustomer,
  testConfig,
  uniqueEmail,
  useTestDatabase,
} from './helpers';

const db = useTestDatabase();

/** A hash as the server wrote them before argon2id: `scrypt$logN$r$p$salt$key`, NFKC, 32-byte key. */
function legacyScryptHash(password: string, logN = 10): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** logN, r: 8, p: 1 });
  return ['scrypt', logN, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('passwords', () => {
  it("are hashed with argon2id at OWASP's cost (19 MiB, 2 passes, 1 lane) and a random salt by default", async () => {
    const hasher = createPasswordHasher(loadConfig({ AUTH_SECRET: 'x'.repeat(32) }).passwordCost);
    const [first, second] = await Promise.all([hasher.hash('same password 1'), hasher.hash('same password 1')]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/);
    expect(first).not.toBe(second);
    expect(await hasher.verify('same password 1', first)).toEqual({ ok: true, needsRehash: false });
    expect(await hasher.verify('same password 1', 'bcrypt$whatever')).toEqual({ ok: false, needsRehash: false });
  }, 30_000);

  it('refuse a wrong password', async () => {
    const hasher = createPasswordHasher(TEST_PASSWORD_COST);
    expect(await hasher.verify('same password 2', await hasher.hash('same password 1'))).toEqual({ ok: false, needsRehash: false });
    expect(await hasher.verify('same password 2', legacyScryptHash('same password 1'))).toEqual({ ok: false, needsRehash: false });
  });

  it('treat Unicode forms of one password as the same password', async () => {
    const hasher = createPasswordHasher(TEST_PASSWORD_COST);
    const stored = await hasher.hash('caf\u00e9 au lait 1');
    expect((await hasher.verify('cafe\u0301 au lait 1', stored)).ok).toBe(true);
    expect((await hasher.verify('cafe\u0301 au lait 1', legacyScryptHash('caf\u00e9 au lait 1'))).ok).toBe(true);
  });

  it('stored with a weaker cost are upgraded at the next sign-in', async () => {
    const weak = createTestServer(db, { config: { passwordCost: { ...TEST_PASSWORD_COST, timeCost: 1 } } });
    const { email, password } = await registerCustomer(new TestClient(weak));
    const strong = createTestServer(db, { config: { passwordCost: { ...TEST_PASSWORD_COST, timeCost: 2 } } });
    expect((await new TestClient(strong).login(email, password)).status).toBe(200);
    const [row] = await db.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=256,t=2,p=1\$/);
    expect((await new TestClient(strong).login(email, password)).status).toBe(200);
  });

  it('stored with scrypt keep working and become argon2id at the next successful sign-in', async () => {
    const server = createTestServer(db);
    const { email, password } = await registerCustomer(new TestClient(server));
    const legacy = legacyScryptHash(password);
    await db.database.db.update(users).set({ passwordHash: legacy }).where(eq(users.email, email));
    const storedHash = async () =>
      (await db.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0]!.hash;

    // A wrong password changes nothing.
    expect((await new TestClient(server).login(email, 'not the password 1')).status).toBe(400);
    expect(await storedHash()).toBe(legacy);

    expect((await new TestClient(server).login(email, password)).status).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await createPasswordHasher(TEST_PASSWORD_COST).verify(password, upgraded!)).toEqual({ ok: true, needsRehash: false });
    expect((await new TestClient(server).login(email, password)).status).toBe(200);
  });
});

describe('outbox', () => {
  it('keeps a message whose delivery failed, answers the request anyway, and delivers it in the next round', async () => {
    const clock = new TestClock();
    const attempts: Message[] = [];
    let transportUp = false;
    const deps = { db: db.database.db, config: testConfig(), clock: clock.now, logger: silentLogger };
    const transport = async (message: Message) => {
      attempts.push(message);
      if (!transportUp) throw new Error('SMTP is down');
    };
    const services = createServices({ ...deps, transport });
    const email = uniqueEmail();

    await services.auth.register(
      { email, password: 'outbox test 12345', country: 'FR', acceptTerms: true },
      { ip: '192.0.2.1', userAgent: undefined },
    );
    expect(attempts).toHaveLength(1);
    const [pending] = await db.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(pending).toMatchObject({ sentAt: null, attempts: 1, lastError: 'Error: SMTP is down' });

    transportUp = true;
    await runMaintenance(services, db.database.db, clock.now, silentLogger);
    expect(attempts).toHaveLength(2);
    const [sent] = await db.database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(sent).toMatchObject({ sentAt: clock.now(), attempts: 2, lastError: null, claimedUntil: null });

    await runMaintenance(services, db.database.db, clock.now, silentLogger);
    expect(attempts).toHaveLength(2);
  });
});

describe('maintenance', () => {
  it('drops ended rate-limit windows, expired refresh tokens and idempotency keys past retention', async () => {
    const clock = new TestClock();
    const server = createTestServer(db, { clock });
    const client = new TestClient(server);
    const { email } = await registerCustomer(client);
    await client.login(email, 'a wrong password 1');
    const userId = (await client.get('/users/me')).body.id as string;
    await db.database.db
      .insert(idempotencyKeys)
      .values({ userId, key: 'old', requestHash: 'h', responseStatus: 201, responseBody: '{}', createdAt: clock.now() });

    const services = createServices({
      db: db.database.db,
      config: testConfig(),
      clock: clock.now,
      logger: silentLogger,
      transport: async () => {},
    });
    const counts = async () => ({
      windows: (await db.database.db.select().from(rateLimitCounters)).length,
      tokens: (await db.database.db.select().from(refreshTokens)).length,
      keys: (await db.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))).length,
    });
    const before = await counts();
    expect(before.keys).toBe(1);

    clock.advance(IDEMPOTENCY_RETENTION_SECONDS + 1);
    await runMaintenance(services, db.database.db, clock.now, silentLogger);
    const afterADay = await counts();
    expect(afterADay.keys).toBe(0);
    expect(afterADay.windows).toBeLessThan(before.windows);
    expect(afterADay.tokens).toBe(before.tokens);

    clock.advance(DEFAULT_SESSION_LIFETIME.absoluteSeconds);
    await runMaintenance(services, db.database.db, clock.now, silentLogger);
    expect((await counts()).tokens).toBeLessThan(before.tokens);
  });
});
