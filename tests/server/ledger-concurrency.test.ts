import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, activities } from '../../server/db/schema';
import { ApiError } from '../../server/errors';
import { auditLedger } from '../../server/services/audit';
import { formatDecimal } from '../../contract/decimal';
import { credit, debit } from '../../server/services/ledger';
import {
  POSTGRES_URL,
  TEST_EPOCH,
  TestClient,
  createTestDatabase,
  createTestServer,
  registerCustomer,
  type TestDatabase,
  type TestServer,
} from './helpers';

/** Rounds of the race; `npm run stress` runs 100 (STRESS_ROUNDS). */
const ROUNDS = Number(process.env.STRESS_ROUNDS ?? 20);
const DEBITS = 50;
/** Enough for 17 of the 50 debits of 1.50 and a remainder: most debits race for too little money. */
const FUNDS = '26.00';
const DEBIT = '1.50';

// PGlite runs one query at a time, so only a real PostgreSQL shows what concurrent debits do.
describe.skipIf(!POSTGRES_URL)(`${DEBITS} concurrent debits of one account, ${ROUNDS} times (PostgreSQL)`, () => {
  let db: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = createTestServer(db);
  });
  afterAll(() => db.close());

  it(
    'never leave the balance negative; every debit that went through is one balanced transaction with its activity',
    async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        // A customer of its own each round (one EUR account per customer).
        const client = new TestClient(server);
        await registerCustomer(client);
        const userId = (await client.get('/users/me')).body.id as string;
        const accountId = randomUUID();
        await db.database.db
          .insert(accounts)
          .values({ id: accountId, userId, kind: 'fiat', currency: 'EUR', name: `Round ${round}`, createdAt: TEST_EPOCH });
        await credit(db.database.db, { kind: 'deposit', userId, accountId, asset: 'EUR', amount: FUNDS, at: TEST_EPOCH });

        const results = await Promise.allSettled(
          Array.from({ length: DEBITS }, (_, index) =>
            db.database.db.transaction((tx) =>
              debit(tx, {
                kind: 'withdrawal',
                userId,
                accountId,
                asset: 'EUR',
                amount: DEBIT,
                at: TEST_EPOCH,
                activity: { type: 'withdrawal', counterparty: 'Race', reference: `round ${round} debit ${index}` },
              }),
            ),
          ),
        );
        const refused = results.filter((result) => result.status === 'rejected');
        for (const result of refused) {
          expect((result.reason as ApiError).code, String(result.reason)).toBe('insufficient_funds');
        }
        // 26.00 / 1.50: exactly 17 fit, whatever order they came in.
        expect(results.length - refused.length).toBe(17);
        const [account] = await db.database.db
          .select({ balance: sql<string>`${accounts.balance}::text` })
          .from(accounts)
          .where(eq(accounts.id, accountId));
        expect(formatDecimal(account!.balance)).toBe('0.50');
        const [{ n }] = (await db.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(activities)
          .where(eq(activities.accountId, accountId))) as [{ n: number }];
        expect(n).toBe(17);
      }
      expect(await auditLedger(db.database.db)).toEqual([]);
    },
    Math.max(60_000, ROUNDS * 3_000),
  );
});
