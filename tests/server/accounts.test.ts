import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesSummarySchema, bankAccountsSchema, cardAccountSchema } from '../../contract/accounts';
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_CUSTOMER } from '../../server/db/seed';
import type { SqlSession } from '../../server/db/database';
import { add, formatDecimal } from '../../contract/decimal';
import type { Rate } from '../../contract/rates';
import {
  POSTGRES_URL,
  TEST_EPOCH,
  TestClient,
  TestClock,
  createTestServer,
  expectError,
  registerCustomer,
  registerVerifiedCustomer,
  recordingLogger,
  setRates,
  useTestServer,
  withKey,
} from './helpers';

const { db, server } = useTestServer();
let demo: TestClient;
let demoUserId: string;

beforeAll(async () => {
  demo = new TestClient(server);
  expect((await demo.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
  demoUserId = (await demo.get('/users/me')).body.id;
});

const sqlRows = <Row>(text: string, params?: unknown[]) => db.database.transaction((session) => session.query<Row>(text, params));

/**
 * Runs `fn` in a transaction that must fail; nothing of it stays. As the schema owner: the rules hold
 * for whoever writes, even a role the privileges of tests/security/database-roles.test.ts do not stop.
 */
async function expectRefused(fn: (session: SqlSession) => Promise<unknown>, message: RegExp): Promise<void> {
  const before = await db.counts();
  await expect(db.owner.transaction(fn)).rejects.toThrow(message);
  expect(await db.counts()).toEqual(before);
}

describe('decimal strings on the wire', () => {
  it.each([
    ['2450.750000000000000000', '2450.75'],
    ['310.000000000000000000', '310.00'],
    ['0.042500000000000000', '0.0425'],
    ['0.000000000000000001', '0.000000000000000001'],
    ['0', '0.00'],
    ['-0.000', '0.00'],
    ['007.5', '7.50'],
    ['123456789012345678901234567890.5', '123456789012345678901234567890.50'],
  ])('%s is written %s', (text, wire) => {
    expect(formatDecimal(text)).toBe(wire);
  });

  it('refuses what is not a decimal', () => {
    expect(() => formatDecimal('1e5')).toThrow();
    expect(() => formatDecimal('NaN')).toThrow();
  });
});

describe('the demo seed', () => {
  it('funds the demo customer’s fiat and crypto accounts through the ledger', async () => {
    const rows = await sqlRows<{ kind: string; currency: string; balance: string; entries: string }>(
      `SELECT a.kind, a.currency, a.balance::text AS balance, (SELECT sum(e.amount) FROM ledger_entries e WHERE e.account_id = a.id)::text AS entries
       FROM accounts a WHERE a.user_id = $1 ORDER BY a.currency`,
      [demoUserId],
    );
    expect(rows.map((row) => [row.kind, row.currency, Number(row.balance) > 0])).toEqual(
      [...DEMO_ACCOUNTS].sort((a, b) => a.currency.localeCompare(b.currency)).map((a) => [a.kind, a.currency, true]),
    );
    // The maintained balance is exactly the sum of the entries, and equal to the seeded amount.
    for (const row of rows) {
      expect(row.balance).toBe(row.entries);
      const seeded = DEMO_ACCOUNTS.find((account) => account.currency === row.currency)!.balance;
      expect((await sqlRows<{ same: boolean }>('SELECT $1::numeric = $2::numeric AS same', [row.balance, seeded]))[0]!.same).toBe(true);
    }
  });

  it('balances every ledger transaction to zero per currency', async () => {
    const unbalanced = await sqlRows(
      `SELECT e.transaction_id, a.currency FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
       GROUP BY e.transaction_id, a.currency HAVING sum(e.amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const [counts] = await sqlRows<{ transactions: number; entries: number }>(
      'SELECT (SELECT count(*)::int FROM ledger_transactions) AS transactions, (SELECT count(*)::int FROM ledger_entries) AS entries',
    );
    expect(counts!.transactions).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
    expect(counts!.entries).toBe(counts!.transactions * 2);
  });
});

describe('the ledger in the database', () => {
  async function demoAccount(session: SqlSession, currency: string) {
    const [row] = await session.query<{ id: string }>('SELECT id FROM accounts WHERE user_id = $1 AND currency = $2', [
      demoUserId,
      currency,
    ]);
    const [system] = await session.query<{ id: string }>(
      `SELECT id FROM accounts WHERE user_id IS NULL AND system_role = 'external' AND shard = 0 AND currency = $1`,
      [currency],
    );
    return { account: row!.id, system: system!.id };
  }

  async function postTransfer(session: SqlSession, entries: [string, string][]) {
    const id = randomUUID();
    await session.query(`INSERT INTO ledger_transactions (id, user_id, kind, created_at) VALUES ($1, $2, 'withdrawal', $3)`, [
      id,
      demoUserId,
      TEST_EPOCH,
    ]);
    for (const [account, amount] of entries) {
      await session.query('INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES ($1, $2, $3)', [id, account, amount]);
    }
  }

  it('refuses a posting that would take a customer balance below zero', async () => {
    await expectRefused(async (session) => {
      const { account, system } = await demoAccount(session, 'EUR');
      await postTransfer(session, [
        [account, '-2450.750000000000000001'],
        [system, '2450.750000000000000001'],
      ]);
    }, /accounts_customer_balance_not_negative/);
  });

  it('refuses a direct change of a balance, even to a valid amount', async () => {
    await expectRefused(async (session) => {
      await session.query(`UPDATE accounts SET balance = -1 WHERE user_id = $1 AND currency = 'EUR'`, [demoUserId]);
    }, /only through ledger entries/);
    await expectRefused(async (session) => {
      await session.query(`UPDATE accounts SET balance = balance + 1 WHERE user_id = $1 AND currency = 'EUR'`, [demoUserId]);
    }, /only through ledger entries/);
  });

  it('refuses entries that do not sum to zero, and any change to an entry', async () => {
    await expectRefused(async (session) => {
      const { account, system } = await demoAccount(session, 'USD');
      await postTransfer(session, [
        [account, '-10'],
        [system, '9.99'],
      ]);
    }, /does not balance in USD/);
    await expectRefused(async (session) => {
      await session.query('UPDATE ledger_entries SET amount = amount * 2');
    }, /append-only/);
    await expectRefused(async (session) => {
      await session.query('DELETE FROM ledger_entries');
    }, /append-only/);
  });

  it('accepts a balanced posting that leaves exactly zero', async () => {
    const before = (await demo.get('/bank-accounts/accounts')).body;
    const usd = before.find((account: { currency: string }) => account.currency === 'USD');
    expect(usd.balance).toBe('310.00');
    // A separate customer, so the demo balances the other tests read stay as seeded.
    const client = new TestClient(server);
    await registerCustomer(client);
    const userId = (await client.get('/users/me')).body.id;
    await db.database.transaction(async (session) => {
      const accountId = randomUUID();
      await session.query(
        `INSERT INTO accounts (id, user_id, kind, currency, name, created_at) VALUES ($1, $2, 'fiat', 'USD', 'Dollars', $3)`,
        [accountId, userId, TEST_EPOCH],
      );
      const [system] = await session.query<{ id: string }>(
        `SELECT id FROM accounts WHERE user_id IS NULL AND system_role = 'external' AND shard = 0 AND currency = 'USD'`,
      );
      const postAs = async (amount: string) => {
        const id = randomUUID();
        await session.query(`INSERT INTO ledger_transactions (id, user_id, kind, created_at) VALUES ($1, $2, 'deposit', $3)`, [
          id,
          userId,
          TEST_EPOCH,
        ]);
        await session.query(
          'INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES ($1, $2, $3), ($1, $4, -($3::numeric))',
          [id, accountId, amount, system!.id],
        );
      };
      await postAs('0.1');
      await postAs('0.2');
      await postAs('-0.3');
    });
    expect((await client.get('/bank-accounts/accounts')).body).toEqual([
      { id: expect.any(String), type: 'fiat', currency: 'USD', name: 'Dollars', iban: null, balance: '0.00' },
    ]);
  });
});

describe('GET /bank-accounts/accounts', () => {
  it('lists the customer’s fiat accounts with decimal-string balances', async () => {
    const answer = await demo.get('/bank-accounts/accounts');
    expect(answer.status).toBe(200);
    expect(bankAccountsSchema.parse(answer.body)).toEqual(answer.body);
    expect(answer.body).toEqual([
      { id: expect.any(String), type: 'fiat', currency: 'EUR', name: 'Euro account', iban: 'DE89370400440532013000', balance: '2450.75' },
      { id: expect.any(String), type: 'fiat', currency: 'USD', name: 'US dollar account', iban: 'LT121000011101001000', balance: '310.00' },
    ]);
  });
});

describe('GET /accounts-management/summary-balance', () => {
  it('fires the price alerts that prices an admin sets cross at once, not at the job’s next round', async () => {
    const customer = new TestClient(server);
    await registerVerifiedCustomer(customer);
    const created = await customer.post('/price-alerts', { kind: 'above', asset: 'BTC', price: '90000' }, withKey());
    expect(created.status).toBe(201);
    await setRates(server, [{ asset: 'BTC', usd: '89999.99' }]);
    expect((await customer.get('/price-alerts')).body.alerts[0]).toMatchObject({ armed: true });
    await setRates(server, [{ asset: 'BTC', usd: '90000' }]);
    expect((await customer.get('/price-alerts')).body.alerts[0]).toMatchObject({ armed: false });
  });

  it('sets the prices when the alerts cannot be evaluated, and logs why', async () => {
    const logger = recordingLogger();
    const admin = new TestClient(createTestServer(db, { logger }));
    expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    // The alerts' table out of reach for a moment, as a database fault would put it.
    await db.owner.transaction((session) => session.exec('ALTER TABLE price_alerts RENAME TO price_alerts_away'));
    const answer = await admin.post('/admin/rates', { rates: [{ asset: 'ETH', usd: '3300' }] });
    await db.owner.transaction((session) => session.exec('ALTER TABLE price_alerts_away RENAME TO price_alerts'));
    expect(answer.status).toBe(200);
    expect((answer.body as Rate[]).find((rate) => rate.asset === 'ETH')?.usd).toBe('3300.00');
    expect(logger.events).toContainEqual(expect.objectContaining({ event: 'price_alerts.evaluate_failed' }));
  });

  it('answers every account with its value, rate and change, and exact totals', async () => {
    await setRates(server, [
      { asset: 'EUR', usd: '1.08' },
      { asset: 'USD', usd: '1' },
      { asset: 'BTC', usd: '65000' },
      { asset: 'ETH', usd: '3200' },
      { asset: 'USDT', usd: '1' },
    ]);
    const answer = await demo.get('/accounts-management/summary-balance');
    expect(answer.status).toBe(200);
    const summary = balancesSummarySchema.parse(answer.body);
    const at = TEST_EPOCH.toISOString();
    const valued = { id: expect.any(String), rateAt: at, stale: false, change24h: null };
    const coins = [
      { ...valued, currency: 'BTC', name: 'Bitcoin', balance: '0.0425', usdtValue: '2762.50', usdValue: '2762.50', rate: '65000.00' },
      { ...valued, currency: 'ETH', name: 'Ether', balance: '1.20', usdtValue: '3840.00', usdValue: '3840.00', rate: '3200.00' },
      { ...valued, currency: 'USDT', name: 'Tether USD', balance: '1250.50', usdtValue: '1250.50', usdValue: '1250.50', rate: '1.00' },
    ];
    // The demo customer is KYC-approved and deposited 10 809.81 USD this month (the seed): level 3, whose
    // monthly top-up limit is 100 000 USD.
    const topUpLimit = { limitUsd: '100000.00', usedUsd: '10809.81', leftUsd: '89190.19' };
    expect(summary).toEqual({
      // 2450.75 EUR × 1.08 + 310.00 USD + 7853.00 in crypto
      total: '10809.81',
      crypto: {
        coin_balances: coins,
        // 0.0425 × 65000 + 1.2 × 3200 + 1250.5 × 1
        total: '7853.00',
        full_accounts_total: '10809.81',
        utgl: { coin_balances: coins, total: '7853.00' },
      },
      fiat: {
        accounts_limit_balances: [
          {
            ...valued,
            currency: 'EUR',
            name: 'Euro account',
            iban: 'DE89370400440532013000',
            balance: '2450.75',
            usdValue: '2646.81',
            usdtValue: '2646.81',
            rate: '1.08',
            // 89 190.19 / 1.08 = 82 583.509…, rounded down
            topUpLimit: { ...topUpLimit, left: '82583.50' },
          },
          {
            ...valued,
            currency: 'USD',
            name: 'US dollar account',
            iban: 'LT121000011101001000',
            balance: '310.00',
            usdValue: '310.00',
            usdtValue: '310.00',
            rate: '1.00',
            topUpLimit: { ...topUpLimit, left: '89190.19' },
          },
        ],
      },
      stale: false,
    });
  });

  it('rounds the lines and the total together, so the lines add up to the total to the cent', async () => {
    await setRates(server, [
      { asset: 'EUR', usd: '1.08' },
      { asset: 'USD', usd: '1' },
      { asset: 'BTC', usd: '65000.12' },
      { asset: 'ETH', usd: '3200.0042' },
      { asset: 'USDT', usd: '1.000004' },
    ]);
    const summary = balancesSummarySchema.parse((await demo.get('/accounts-management/summary-balance')).body);
    // Exactly 2646.81 + 310 + 2762.5051 + 3840.00504 + 1250.505002 = 10809.825042: 10809.83. Each line rounded
    // alone would show 2762.51 + 3840.01 + 1250.51 and add up to 10809.84.
    expect(summary.total).toBe('10809.83');
    const lines = [...summary.fiat.accounts_limit_balances, ...summary.crypto.coin_balances];
    expect(lines.map((line) => [line.currency, line.usdValue])).toEqual([
      ['EUR', '2646.81'],
      ['USD', '310.00'],
      ['BTC', '2762.51'],
      ['ETH', '3840.01'],
      ['USDT', '1250.50'],
    ]);
    expect(lines.map((line) => line.usdValue).reduce(add)).toBe('10809.83');
  });

  it('values in USDT at USDT’s own price, shows the 24-hour change, and flags rates older than 5 minutes', async () => {
    // An hour later, on a server of its own so the other tests keep their clock.
    const later = createTestServer(db, { clock: new TestClock(new Date(TEST_EPOCH.getTime() + 60 * 60_000)) });
    const customer = new TestClient(later);
    expect((await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
    await setRates(later, [
      { asset: 'BTC', usd: '66300' },
      { asset: 'USDT', usd: '0.998' },
      { asset: 'ETH', usd: '3200' },
      { asset: 'EUR', usd: '1.08' },
      { asset: 'USD', usd: '1' },
    ]);
    const summary = balancesSummarySchema.parse((await customer.get('/accounts-management/summary-balance')).body);
    const btc = summary.crypto.coin_balances.find((coin) => coin.currency === 'BTC')!;
    // 0.0425 × 66300 = 2817.75 USD; / 0.998 = 2823.396793… USDT; +2 % since the first rate of the day.
    expect(btc).toMatchObject({ usdValue: '2817.75', usdtValue: '2823.396794', rate: '66300.00', change24h: '2.00', stale: false });
    expect(summary.stale).toBe(false);

    later.clock.advance(5 * 60 + 1);
    const stale = balancesSummarySchema.parse((await customer.get('/accounts-management/summary-balance')).body);
    expect(stale.stale).toBe(true);
    expect(stale.crypto.coin_balances.every((coin) => coin.stale)).toBe(true);
    // Still valued for display, at the last known rate.
    expect(stale.crypto.coin_balances.find((coin) => coin.currency === 'BTC')!.usdValue).toBe('2817.75');
  });
});

describe('a newly registered customer', () => {
  it('has no accounts and zero totals', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    expect((await client.get('/bank-accounts/accounts')).body).toEqual([]);
    expect((await client.get('/accounts-management/summary-balance')).body).toEqual({
      total: '0.00',
      crypto: { coin_balances: [], total: '0.00', full_accounts_total: '0.00', utgl: { coin_balances: [], total: '0.00' } },
      fiat: { accounts_limit_balances: [] },
      stale: false,
    });
  });
});

describe('POST /accounts-management/create-accounts-card', () => {
  it('takes no body and opens the card account once; a second call (another key) answers the same account', async () => {
    const client = new TestClient(server);
    await registerVerifiedCustomer(client);
    const first = await client.post('/accounts-management/create-accounts-card', undefined, withKey());
    expect(first.status).toBe(200);
    expect(cardAccountSchema.parse(first.body)).toEqual({
      id: expect.any(String),
      type: 'card',
      currency: 'EUR',
      name: 'Meridian card',
      balance: '0.00',
      createdAt: TEST_EPOCH.toISOString(),
    });
    const counts = await db.counts();

    expect(await client.post('/accounts-management/create-accounts-card', {}, withKey())).toMatchObject({ status: 200, body: first.body });
    expect(await client.post('/accounts-management/create-accounts-card', undefined, withKey())).toMatchObject({
      status: 200,
      body: first.body,
    });
    // Nothing but the two keys is written.
    expect(await db.counts()).toEqual({ ...counts, idempotency_keys: counts.idempotency_keys! + 2 });
    // A card account is not a bank account, and holds nothing yet.
    expect((await client.get('/bank-accounts/accounts')).body).toEqual([]);
    expect((await client.get('/accounts-management/summary-balance')).body.total).toBe('0.00');
  });

  it('refuses a body with fields, and writes nothing', async () => {
    const client = new TestClient(server);
    await registerVerifiedCustomer(client);
    const before = await db.counts();
    expectError(await client.post('/accounts-management/create-accounts-card', { currency: 'USD' }), 422, 'validation_failed', [
      'currency',
    ]);
    expect(await db.counts()).toEqual(before);
  });
});

describe('without a bearer token', () => {
  it.each([
    ['GET', '/bank-accounts/accounts'],
    ['GET', '/accounts-management/summary-balance'],
    ['POST', '/accounts-management/create-accounts-card'],
  ])('%s %s answers 401', async (method, path) => {
    expectError(await new TestClient(server).request(method, path), 401, 'unauthorized');
  });
});

// PGlite runs one query at a time, so only a real PostgreSQL shows what concurrent postings do.
describe.skipIf(!POSTGRES_URL)('under concurrent requests (PostgreSQL)', () => {
  it('lets concurrent debits through only while the balance covers them', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    const userId = (await client.get('/users/me')).body.id;
    const accountId = randomUUID();
    const post = (session: SqlSession, amount: string) =>
      session.query(
        `WITH t AS (INSERT INTO ledger_transactions (id, user_id, kind, created_at) VALUES (gen_random_uuid(), $1, 'withdrawal', $2) RETURNING id)
         INSERT INTO ledger_entries (transaction_id, account_id, amount)
         SELECT t.id, x.account, x.amount FROM t, (VALUES ($3::uuid, $4::numeric), ((SELECT id FROM accounts WHERE user_id IS NULL AND system_role = 'external' AND shard = 0 AND currency = 'EUR'), -($4::numeric))) AS x (account, amount)`,
        [userId, TEST_EPOCH, accountId, amount],
      );
    await db.database.transaction(async (session) => {
      await session.query(
        `INSERT INTO accounts (id, user_id, kind, currency, name, created_at) VALUES ($1, $2, 'fiat', 'EUR', 'Euros', $3)`,
        [accountId, userId, TEST_EPOCH],
      );
      await post(session, '2450.75');
    });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        db.database.transaction(async (session) => {
          await post(session, '-1000');
          // Holds the lock a moment, so the others really queue behind it.
          await session.query('SELECT pg_sleep(0.05)');
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    for (const result of results) {
      if (result.status === 'rejected') expect(String(result.reason)).toMatch(/accounts_customer_balance_not_negative/);
    }
    expect((await client.get('/bank-accounts/accounts')).body[0].balance).toBe('450.75');
  });

  it('opens one card account for concurrent requests', async () => {
    const client = new TestClient(server);
    await registerVerifiedCustomer(client);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.post('/accounts-management/create-accounts-card', {}, withKey())),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
  });
});
