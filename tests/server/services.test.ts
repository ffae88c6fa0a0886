import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  TestClock,
  createTestDatabase,
  createTestServer,
  registerCustomer,
  testConfig,
  uniqueEmail,
  type TestDatabase,
} from './helpers';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe('passwords', () => {
  it('are hashed with scrypt N=2^15, r=8, p=1 and a random salt by default', async () => {
    const hasher = createPasswordHasher(loadConfig({ AUTH_SECRET: 'x'.repeat(32) }).scryptLogN);
    const [first, second] = await Promise.all([hasher.hash('same password 1'), hasher.hash('same password 1')]);
    expect(first).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await hasher.verify('same password 1', first)).toEqual({ ok: true, needsRehash: false });
    expect(await hasher.verify('same password 1', 'bcrypt$whatever')).toEqual({ ok: false, needsRehash: false });
  }, 30_000);

  it('refuse a wrong password', async () => {
    const hasher = createPasswordHasher(10);
    expect(await hasher.verify('same password 2', await hasher.hash('same password 1'))).toEqual({ ok: false, needsRehash: false });
  });

  it('treat Unicode forms of one password as the same password', async () => {
    const hasher = createPasswordHasher(10);
    const stored = await hasher.hash('caf\u00e9 au lait 1');
    expect((await hasher.verify('cafe\u0301 au lait 1', stored)).ok).toBe(true);
  });

  it('stored with a weaker cost are upgraded at the next sign-in', async () => {
    const weak = createTestServer(db, { config: { scryptLogN: 8 } });
    const { email, password } = await registerCustomer(new TestClient(weak));
    const strong = createTestServer(db, { config: { scryptLogN: 10 } });
    expect((await new TestClient(strong).login(email, password)).status).toBe(200);
    const [row] = await db.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(row!.hash).toMatch(/^scrypt\$10\$/);
    expect((await new TestClient(strong).login(email, password)).status).toBe(200);
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
