import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSETS, NETWORKS, fitsAssetDecimals } from '../../contract/assets';
import { accounts, activities, assetNetworks, assets, networks } from '../../server/db/schema';
import { ApiError } from '../../server/errors';
import { auditLedger } from '../../server/services/audit';
import { SYSTEM_ROLES } from '../../contract/transfers';
import { SYSTEM_SHARDS, credit, debit, post } from '../../server/services/ledger';
import {
  TEST_EPOCH,
  TestClient,
  createTestDatabase,
  createTestServer,
  registerCustomer,
  type TestDatabase,
  type TestServer,
} from './helpers';

let db: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestServer(db);
});
afterAll(() => db.close());

const sqlRows = <Row>(text: string, params?: unknown[]) => db.database.transaction((session) => session.query<Row>(text, params));

/** A fresh customer with one account in `asset`, funded with `funds` when given. */
async function accountOf(kind: 'fiat' | 'crypto', asset: string, funds?: string) {
  const client = new TestClient(server);
  await registerCustomer(client);
  const userId = (await client.get('/users/me')).body.id as string;
  const accountId = randomUUID();
  await db.database.db.insert(accounts).values({ id: accountId, userId, kind, currency: asset, name: asset, createdAt: TEST_EPOCH });
  if (funds) await credit(db.database.db, { kind: 'deposit', userId, accountId, asset: asset as 'EUR', amount: funds, at: TEST_EPOCH });
  return { client, userId, accountId };
}

async function expectApiError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe(code);
}

describe('assets', () => {
  it('the database lists exactly the contract’s assets, decimals and networks', async () => {
    const rows = await db.database.db.select().from(assets).orderBy(assets.sortOrder);
    expect(rows.map(({ code, name, kind, decimals }) => ({ code, name, kind, decimals }))).toEqual(
      ASSETS.map(({ code, name, kind, decimals }) => ({ code, name, kind, decimals })),
    );
    const pairs = await db.database.db.select().from(assetNetworks);
    expect(pairs.map((pair) => `${pair.asset}@${pair.network}`).sort()).toEqual(
      ASSETS.flatMap((asset) => asset.networks.map((network) => `${asset.code}@${network}`)).sort(),
    );
    const chains = await db.database.db.select().from(networks);
    expect(Object.fromEntries(chains.map((row) => [row.code, { name: row.name, chainId: row.chainId }]))).toEqual(NETWORKS);
  });

  it('has each system account of every asset, in its shards', async () => {
    const rows = await sqlRows<{ currency: string; role: string; shards: number }>(
      `SELECT currency, system_role AS role, count(*)::int AS shards FROM accounts WHERE user_id IS NULL
       GROUP BY currency, system_role ORDER BY currency, system_role`,
    );
    const roles = [...SYSTEM_ROLES].sort();
    const expected = ASSETS.map((asset) => asset.code)
      .sort()
      .flatMap((currency) => roles.map((role) => ({ currency, role, shards: SYSTEM_SHARDS })));
    expect(rows).toEqual(expected);
  });

  it('refuses an account in an unknown asset, and a crypto account in a fiat currency or the reverse', async () => {
    const { userId } = await accountOf('fiat', 'GBP');
    const open = (kind: string, currency: string) =>
      sqlRows(`INSERT INTO accounts (id, user_id, kind, currency, name, created_at) VALUES ($1, $2, $3, $4, 'x', $5)`, [
        randomUUID(),
        userId,
        kind,
        currency,
        TEST_EPOCH,
      ]);
    await expect(open('fiat', 'XYZ')).rejects.toThrow(/accounts_currency_fkey/);
    await expect(open('crypto', 'USD')).rejects.toThrow(/accounts_asset_kind_fkey/);
    await expect(open('fiat', 'BTC')).rejects.toThrow(/accounts_asset_kind_fkey/);
    await expect(open('card', 'ETH')).rejects.toThrow(/accounts_asset_kind_fkey/);
    await open('crypto', 'AVAX');
  });

  it.each([
    ['12.34', 'EUR', true],
    ['12.345', 'EUR', false],
    ['12.3400', 'EUR', true],
    ['0.00000001', 'BTC', true],
    ['0.000000001', 'BTC', false],
    ['1.123456', 'USDT', true],
    ['1.1234567', 'USDC', false],
    ['0.000000000000000001', 'ETH', true],
  ] as const)('%s %s fits its decimals: %s', (amount, asset, fits) => {
    expect(fitsAssetDecimals(amount, asset)).toBe(fits);
  });
});

describe('posting', () => {
  it('writes the activity in the same transaction as the entries, valued in US dollars', async () => {
    const { userId, accountId } = await accountOf('crypto', 'BTC');
    const transactionId = await credit(db.database.db, {
      kind: 'deposit',
      userId,
      accountId,
      asset: 'BTC',
      amount: '0.5',
      at: TEST_EPOCH,
      activity: { type: 'deposit', counterparty: 'bc1q…wallet', reference: 'From my wallet' },
    });
    const [activity] = await db.database.db.select().from(activities).where(eq(activities.transactionId, transactionId));
    expect(activity).toMatchObject({
      userId,
      accountId,
      type: 'deposit',
      status: 'completed',
      currency: 'BTC',
      reference: 'From my wallet',
    });
    expect(Number(activity!.amount)).toBe(0.5);
    // 0.5 BTC at the seeded 65 000 USD.
    expect(Number(activity!.usdValue)).toBe(32500);
    expect(await auditLedger(db.database.db)).toEqual([]);
  });

  it('refuses more decimals than the asset keeps, before writing anything (amount_too_precise)', async () => {
    const { userId, accountId } = await accountOf('fiat', 'EUR', '100');
    const before = await db.counts();
    await expectApiError(
      credit(db.database.db, { kind: 'deposit', userId, accountId, asset: 'EUR', amount: '1.001', at: TEST_EPOCH }),
      'amount_too_precise',
    );
    await expectApiError(
      debit(db.database.db, { kind: 'withdrawal', userId, accountId, asset: 'EUR', amount: '0', at: TEST_EPOCH }),
      'amount_invalid',
    );
    await expectApiError(
      debit(db.database.db, { kind: 'withdrawal', userId, accountId, asset: 'EUR', amount: '1e3', at: TEST_EPOCH }),
      'amount_invalid',
    );
    expect(await db.counts()).toEqual(before);
  });

  it('is refused by the database too when an entry has more decimals than its asset', async () => {
    const { accountId } = await accountOf('crypto', 'USDT', '5');
    const before = await db.counts();
    await expect(
      db.database.transaction(async (session) => {
        const id = randomUUID();
        await session.query(`INSERT INTO ledger_transactions (id, kind, created_at) VALUES ($1, 'deposit', $2)`, [id, TEST_EPOCH]);
        await session.query(
          `INSERT INTO ledger_entries (transaction_id, account_id, amount)
           VALUES ($1, $2, 0.0000001), ($1, (SELECT id FROM accounts WHERE user_id IS NULL AND system_role = 'external' AND shard = 0 AND currency = 'USDT'), -0.0000001)`,
          [id, accountId],
        );
      }),
    ).rejects.toThrow(/more than 6 decimals/);
    expect(await db.counts()).toEqual(before);
  });

  it('refuses a debit beyond the balance as insufficient_funds, and keeps neither entries nor activity', async () => {
    const { userId, accountId } = await accountOf('fiat', 'GBP', '10');
    const before = await db.counts();
    await expectApiError(
      debit(db.database.db, {
        kind: 'withdrawal',
        userId,
        accountId,
        asset: 'GBP',
        amount: '10.01',
        at: TEST_EPOCH,
        activity: { type: 'withdrawal', counterparty: 'Me', reference: 'Too much' },
      }),
      'insufficient_funds',
    );
    expect(await db.counts()).toEqual(before);
    // Inside a larger transaction, only this posting is undone (a savepoint); the caller decides the rest.
    await db.database.db.transaction(async (tx) => {
      await expectApiError(
        debit(tx, { kind: 'withdrawal', userId, accountId, asset: 'GBP', amount: '11', at: TEST_EPOCH }),
        'insufficient_funds',
      );
      await debit(tx, {
        kind: 'withdrawal',
        userId,
        accountId,
        asset: 'GBP',
        amount: '10',
        at: TEST_EPOCH,
        activity: { type: 'withdrawal', counterparty: 'Me', reference: 'All of it' },
      });
    });
    const [account] = await db.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(Number(account!.balance)).toBe(0);
  });

  it('refuses an activity amount that is not a decimal', async () => {
    const { userId, accountId } = await accountOf('fiat', 'EUR', '1');
    await expectApiError(
      post(db.database.db, {
        kind: 'withdrawal',
        userId,
        at: TEST_EPOCH,
        entries: [{ accountId, amount: '-1' }],
        activities: [{ accountId, type: 'withdrawal', amount: 'NaN' }],
      }),
      'amount_invalid',
    );
  });
});

describe('the audit', () => {
  it('finds an activity that does not match its postings', async () => {
    const { userId, accountId } = await accountOf('fiat', 'USD', '20');
    const transactionId = await debit(db.database.db, {
      kind: 'withdrawal',
      userId,
      accountId,
      asset: 'USD',
      amount: '5',
      at: TEST_EPOCH,
      activity: { type: 'withdrawal', counterparty: 'ATM', reference: null },
    });
    const tamperedId = randomUUID();
    // An activity claiming more than was posted (rolled back below, so the file's own audit stays clean).
    await expect(
      db.database.db.transaction(async (tx) => {
        await tx.insert(activities).values({
          id: tamperedId,
          userId,
          accountId,
          transactionId,
          type: 'withdrawal',
          status: 'completed',
          amount: '-50',
          currency: 'USD',
          createdAt: TEST_EPOCH,
        });
        const findings = await auditLedger(tx);
        expect(findings).toEqual([
          {
            rule: 'completed activity differs from what its transaction posted to its account',
            subject: tamperedId,
            detail: expect.any(String),
          },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await auditLedger(db.database.db)).toEqual([]);
  });

  it('finds a system account that lost one of its shards', async () => {
    await expect(
      db.database.db.transaction(async (tx) => {
        await tx
          .delete(accounts)
          .where(and(isNull(accounts.userId), eq(accounts.currency, 'ETH'), eq(accounts.systemRole, 'revenue'), eq(accounts.shard, 7)));
        expect(await auditLedger(tx)).toEqual([
          { rule: 'system account not in exactly its shards', subject: 'ETH revenue', detail: `${SYSTEM_SHARDS - 1} shards` },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
  });
});
