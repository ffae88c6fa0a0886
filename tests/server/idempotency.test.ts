import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EndpointSpec } from '../../contract/endpoints';
import { ApiError, errorResponse } from '../../server/errors';
import { mount, type AppEnv } from '../../server/http/route';
import { utmVisits } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { createServices } from '../../server/services';
import {
  POSTGRES_URL,
  TestClient,
  TestClock,
  createTestDatabase,
  createTestServer,
  expectError,
  registerCustomer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from './helpers';

/**
 * No money endpoint exists yet, so a stand-in is mounted the way they will be: `idempotent: true`
 * in its spec. Its write (a utm_visits row) stands for a ledger posting.
 */
const transferSpec = {
  method: 'POST',
  path: '/test/transfers',
  body: z.strictObject({
    amount: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .max(20),
  }),
  answer: z.object({ id: z.uuid(), amount: z.string() }),
  summary: 'Test-only money endpoint',
  auth: 'bearer',
  status: 201,
  idempotent: true,
} satisfies EndpointSpec<z.ZodType, z.ZodType, 'bearer', undefined>;

let db: TestDatabase;
let server: TestServer;
let moneyApp: Hono<AppEnv>;
let runs = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestServer(db);
  const clock = new TestClock();
  const services = createServices({
    db: db.database.db,
    config: testConfig(),
    clock: clock.now,
    logger: silentLogger,
    transport: async () => {},
  });
  moneyApp = new Hono<AppEnv>();
  mount(
    moneyApp,
    {
      db: db.database.db,
      clock: clock.now,
      tokens: services.tokens,
      trustProxy: true,
      publicOrigin: 'http://localhost',
      demoTools: true,
      demoMode: true,
      roleOf: services.users.roleOf,
      unmetRule: services.users.unmetRule,
    },
    transferSpec,
    async ({ body, db: tx }) => {
      runs += 1;
      // Written before the failure, to show that a failure rolls it back with the key.
      await tx.insert(utmVisits).values({ id: randomUUID(), utmSource: `transfer ${body.amount}`, createdAt: clock.now() });
      if (body.amount === '0.00')
        throw new ApiError('validation_failed', 'Amount must be positive', { fields: { amount: 'Must be positive' } });
      // Long enough for a concurrent duplicate to arrive while this one is still running.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { id: randomUUID(), amount: body.amount };
    },
  );
  moneyApp.onError((error, c) => errorResponse(c, error instanceof ApiError ? error : new ApiError('internal_error')));
});
afterAll(() => db.close());

async function customer(): Promise<string> {
  const client = new TestClient(server);
  await registerCustomer(client);
  return client.token!;
}

function transfer(token: string, body: unknown, key?: string) {
  return moneyApp.request('http://localhost/test/transfers', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
}

async function answer(response: Response) {
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('Idempotency-Key', () => {
  it.each([
    ['missing', undefined],
    ['empty after trimming', ' '],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'two words'],
  ])('is required on money endpoints: %s → 422, nothing written', async (_case, key) => {
    const token = await customer();
    const before = await db.counts();
    expectError(await answer(await transfer(token, { amount: '10.00' }, key)), 422, 'idempotency_key_required');
    expect(await db.counts()).toEqual(before);
  });

  it('replays the first answer to a repeat instead of running again', async () => {
    const token = await customer();
    const key = randomUUID();
    const runsBefore = runs;
    const first = await answer(await transfer(token, { amount: '10.00' }, key));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    const countsAfterFirst = await db.counts();

    const repeat = await answer(await transfer(token, { amount: '10.00' }, key));
    expect(repeat).toMatchObject({ status: 201, body: first.body });
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(runs - runsBefore).toBe(1);
    expect(await db.counts()).toEqual(countsAfterFirst);
  });

  it('refuses the same key for a different request', async () => {
    const token = await customer();
    const key = randomUUID();
    await transfer(token, { amount: '10.00' }, key);
    expectError(await answer(await transfer(token, { amount: '99.00' }, key)), 422, 'idempotency_key_reused');
  });

  it('is per customer', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([customer(), customer()]);
    const first = await answer(await transfer(a, { amount: '10.00' }, key));
    const second = await answer(await transfer(b, { amount: '10.00' }, key));
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it('keeps nothing of a failed request, so its retry runs afresh', async () => {
    const token = await customer();
    const key = randomUUID();
    const before = await db.counts();
    expectError(await answer(await transfer(token, { amount: '0.00' }, key)), 422, 'validation_failed');
    expect(await db.counts()).toEqual(before);
    const runsBefore = runs;
    expectError(await answer(await transfer(token, { amount: '0.00' }, key)), 422, 'validation_failed');
    expect(runs - runsBefore).toBe(1);
  });

  it('writes nothing for a body that fails validation', async () => {
    const token = await customer();
    const before = await db.counts();
    expectError(await answer(await transfer(token, { amount: 'ten' }, randomUUID())), 422, 'validation_failed', ['amount']);
    expect(await db.counts()).toEqual(before);
  });

  it('cannot be declared on an endpoint without a customer', () => {
    expect(() =>
      mount(new Hono<AppEnv>(), {} as never, { ...transferSpec, auth: 'none' }, async () => ({ id: randomUUID(), amount: '1.00' })),
    ).toThrow(/needs auth 'bearer'/);
  });
});

describe.skipIf(!POSTGRES_URL)('Idempotency-Key under concurrency (PostgreSQL)', () => {
  it('runs concurrent duplicates once; the others wait and replay', async () => {
    const token = await customer();
    const key = randomUUID();
    const runsBefore = runs;
    const answers = await Promise.all(Array.from({ length: 5 }, async () => answer(await transfer(token, { amount: '25.00' }, key))));
    expect(runs - runsBefore).toBe(1);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
  });
});
