import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activitiesPageSchema, type Activity } from '../../contract/activities';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { accounts } from '../../server/db/schema';
import { credit, debit, post, systemAccountId } from '../../server/services/ledger';
import {
  TEST_EPOCH,
  TestClient,
  createTestDatabase,
  createTestServer,
  expectError,
  registerCustomer,
  type TestDatabase,
  type TestServer,
} from './helpers';

let db: TestDatabase;
let server: TestServer;
let client: TestClient;
let eur: string;
let btc: string;

const minutes = (n: number) => new Date(TEST_EPOCH.getTime() + n * 60_000);

/** 30 activities a minute apart: deposits into EUR, card payments from it, and BTC deposits. */
beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestServer(db);
  client = new TestClient(server);
  await registerCustomer(client);
  const userId = (await client.get('/users/me')).body.id as string;
  eur = randomUUID();
  btc = randomUUID();
  await db.database.db.insert(accounts).values([
    { id: eur, userId, kind: 'fiat', currency: 'EUR', name: 'Euros', createdAt: TEST_EPOCH },
    { id: btc, userId, kind: 'crypto', currency: 'BTC', name: 'Bitcoin', createdAt: TEST_EPOCH },
  ]);
  for (let i = 0; i < 30; i += 1) {
    const at = minutes(i);
    if (i % 3 === 0) {
      await credit(db.database.db, {
        kind: 'deposit',
        userId,
        accountId: eur,
        asset: 'EUR',
        amount: `${100 + i}.50`,
        at,
        activity: { type: 'deposit', counterparty: `Employer ${i}`, reference: `Salary 100%_${i}` },
      });
    } else if (i % 3 === 1) {
      await debit(db.database.db, {
        kind: 'card',
        userId,
        accountId: eur,
        asset: 'EUR',
        amount: '12.25',
        at,
        activity: { type: 'card_payment', counterparty: i === 4 ? 'Café Ünter den Linden' : `Shop ${i}`, reference: `Order ${i}` },
      });
    } else {
      await credit(db.database.db, {
        kind: 'deposit',
        userId,
        accountId: btc,
        asset: 'BTC',
        amount: '0.001',
        at,
        activity: { type: 'deposit', counterparty: 'bc1qexample', reference: null },
      });
    }
  }
});
afterAll(() => db.close());

async function page(query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const answer = await client.get(`/activities?${search}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return activitiesPageSchema.parse(answer.body);
}

/** Every page, following the cursors. */
async function all(query: Record<string, string | number> = {}): Promise<Activity[]> {
  const items: Activity[] = [];
  let cursor: string | null = null;
  do {
    const next = await page({ ...query, ...(cursor ? { cursor } : {}) });
    items.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return items;
}

describe('GET /activities', () => {
  it('pages newest first with keyset cursors, without gaps or repeats', async () => {
    const first = await page({ limit: 7 });
    expect(first.items).toHaveLength(7);
    expect(first.items[0]).toMatchObject({ createdAt: minutes(29).toISOString(), type: 'deposit', amount: '0.001', currency: 'BTC' });
    const items = await all({ limit: 7 });
    expect(items).toHaveLength(30);
    expect(new Set(items.map((item) => item.id)).size).toBe(30);
    expect(items.map((item) => item.createdAt)).toEqual(Array.from({ length: 30 }, (_, i) => minutes(29 - i).toISOString()));
    expect((await page({ limit: 100 })).nextCursor).toBeNull();
  });

  it('does not shift a page when a new activity arrives while scrolling', async () => {
    const first = await page({ limit: 5 });
    const userId = (await client.get('/users/me')).body.id as string;
    await credit(db.database.db, {
      kind: 'deposit',
      userId,
      accountId: btc,
      asset: 'BTC',
      amount: '0.0001',
      at: minutes(60),
      activity: { type: 'deposit', counterparty: 'late', reference: null },
    });
    const second = await page({ limit: 5, cursor: first.nextCursor! });
    expect(second.items[0]!.createdAt).toBe(minutes(24).toISOString());
  });

  it('filters by account, type, status and date range', async () => {
    expect((await all({ accountId: btc })).every((item) => item.currency === 'BTC')).toBe(true);
    const payments = await all({ type: 'card_payment' });
    expect(payments).toHaveLength(10);
    expect(payments.every((item) => item.type === 'card_payment' && item.amount === '-12.25')).toBe(true);
    expect(await all({ status: 'pending' })).toEqual([]);
    const range = await all({ from: minutes(10).toISOString(), to: minutes(15).toISOString() });
    expect(range.map((item) => item.createdAt)).toEqual([14, 13, 12, 11, 10].map((n) => minutes(n).toISOString()));
  });

  it('searches counterparty and reference (case-insensitively, % and _ as themselves) and amounts', async () => {
    expect((await all({ q: 'café ünter' })).map((item) => item.counterparty)).toEqual(['Café Ünter den Linden']);
    expect((await all({ q: '100%_3' })).map((item) => item.reference)).toEqual(['Salary 100%_3']);
    expect(await all({ q: '%' })).toHaveLength(10);
    expect(await all({ q: '_' })).toHaveLength(10);
    // 12.25 finds the payments of that amount (taken from the account, so negative).
    expect(await all({ q: '12.25' })).toHaveLength(10);
    expect((await all({ q: '103.5' })).map((item) => item.amount)).toEqual(['103.50']);
    expect(await all({ q: 'nothing like this' })).toEqual([]);
  });

  it('answers only the customer’s own activities', async () => {
    const other = new TestClient(server);
    await other.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const theirs = (await other.get('/activities?limit=100')).body.items as Activity[];
    expect(theirs.map((item) => item.reference)).toEqual(Array(5).fill('Opening deposit'));
    expect((await other.get(`/activities?accountId=${eur}`)).body.items).toEqual([]);
    expectError(await new TestClient(server).get('/activities'), 401, 'unauthorized');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['type=gift', 'type'],
    ['accountId=not-a-uuid', 'accountId'],
    ['from=yesterday', 'from'],
    ['from=0000-01-01T00:00:00Z', 'from'],
    ['to=9999-12-31T23:59:59Z', 'to'],
    ['cursor=%2Fetc%2Fpasswd', 'cursor'],
    ['sort=amount', 'sort'],
  ])('refuses %s', async (query, field) => {
    expectError(await client.get(`/activities?${query}`), 422, 'validation_failed', [field]);
  });

  it('refuses a cursor it did not hand out', async () => {
    expectError(await client.get(`/activities?cursor=${Buffer.from('2026-01-01|x').toString('base64url')}`), 422, 'cursor_invalid');
    expectError(await client.get('/activities?cursor=AAAA'), 422, 'cursor_invalid');
  });
});

describe('GET /activities/:id', () => {
  it('lists a move between the customer’s own accounts once, as the account it left, with the other inside', async () => {
    const mover = new TestClient(server);
    await registerCustomer(mover);
    const userId = (await mover.get('/users/me')).body.id as string;
    const [from, to] = [randomUUID(), randomUUID()];
    await db.database.db.insert(accounts).values([
      { id: from, userId, kind: 'fiat', currency: 'EUR', name: 'Euros', createdAt: TEST_EPOCH },
      { id: to, userId, kind: 'crypto', currency: 'BTC', name: 'Bitcoin', createdAt: TEST_EPOCH },
    ]);
    await credit(db.database.db, {
      kind: 'deposit',
      userId,
      accountId: from,
      asset: 'EUR',
      amount: '500',
      at: minutes(1),
      activity: { type: 'deposit' },
    });
    await db.database.db.transaction(async (tx) =>
      post(tx, {
        kind: 'transfer',
        userId,
        at: minutes(2),
        entries: [
          { accountId: from, amount: '-100' },
          { accountId: await systemAccountId(tx, 'EUR', 'treasury'), amount: '100' },
          { accountId: await systemAccountId(tx, 'BTC', 'treasury'), amount: '-0.001' },
          { accountId: to, amount: '0.001' },
        ],
        activities: [
          { accountId: from, type: 'exchange', amount: '-100', counterAmount: '0.001', counterCurrency: 'BTC' },
          { accountId: to, type: 'exchange', amount: '0.001', counterAmount: '-100', counterCurrency: 'EUR' },
        ],
      }),
    );
    const list = async (query: string) => activitiesPageSchema.parse((await mover.get(`/activities?${query}`)).body);
    // One row per action, so a page of one holds the exchange and the next the deposit.
    const first = await list('limit=1');
    expect(first.items.map(({ type, amount, legs }) => ({ type, amount, legs }))).toEqual([
      { type: 'exchange', amount: '-100.00', legs: [{ id: expect.any(String), accountId: to, amount: '0.001', currency: 'BTC' }] },
    ]);
    const second = await list(`limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map(({ type, legs }) => ({ type, legs }))).toEqual([{ type: 'deposit', legs: [] }]);
    expect(second.nextCursor).toBeNull();
    // An account's own list shows its own side, the other inside it; the arriving side opens as itself.
    const arriving = (await list(`accountId=${to}`)).items;
    expect(arriving.map(({ amount, legs }) => ({ amount, legs: legs.map((leg) => leg.accountId) }))).toEqual([
      { amount: '0.001', legs: [from] },
    ]);
    expect((await mover.get(`/activities/${arriving[0]!.id}`)).body).toEqual(arriving[0]);
  });

  it('answers one of the customer’s activities as the list does, and any other id alike as unknown', async () => {
    const [newest] = (await client.get('/activities?limit=1')).body.items as Activity[];
    const one = await client.get(`/activities/${newest!.id}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body).toEqual(newest);

    const other = new TestClient(server);
    await other.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expectError(await other.get(`/activities/${newest!.id}`), 404, 'activity_not_found');
    expectError(await client.get(`/activities/${randomUUID()}`), 404, 'activity_not_found');
    expectError(await client.get('/activities/not-an-id'), 404, 'activity_not_found');
    expectError(await new TestClient(server).get(`/activities/${newest!.id}`), 401, 'unauthorized');
    // The statement is still the statement, not an activity called "statement".
    expect((await client.get('/activities/statement')).body?.error?.code).not.toBe('activity_not_found');
  });
});
