import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransactions, payLinks } from '../../server/db/schema';
import { auditLedger } from '../../server/services/audit';
import {
  POSTGRES_URL,
  TestClient,
  createTestDatabase,
  createTestServer,
  registerVerifiedCustomer,
  type TestDatabase,
  type TestServer,
} from './helpers';
import { fund, grantStepUp } from './payLinkHelpers';

/** Rounds of the race; `npm run stress` runs 100 (STRESS_ROUNDS). */
const ROUNDS = Number(process.env.STRESS_ROUNDS ?? 20);
const PAYERS = 20;

// PGlite runs one query at a time, so only a real PostgreSQL shows what concurrent payers do.
describe.skipIf(!POSTGRES_URL)(`${PAYERS} payers racing for one single-use pay link, ${ROUNDS} times (PostgreSQL)`, () => {
  let db: TestDatabase;
  let server: TestServer;
  const payers: { client: TestClient; userId: string; accountId: string }[] = [];
  let requester: { client: TestClient; userId: string };

  beforeAll(async () => {
    db = await createTestDatabase();
    server = createTestServer(db);
    const signUp = async () => {
      const client = new TestClient(server);
      await registerVerifiedCustomer(client);
      return { client, userId: (await client.get('/users/me')).body.id as string };
    };
    requester = await signUp();
    for (let i = 0; i < PAYERS; i += 1) {
      const payer = await signUp();
      // Enough for every round: a payer may win them all.
      payers.push({ ...payer, accountId: await fund(db, payer.userId, 'EUR', String(5 * ROUNDS)) });
    }
  });
  afterAll(() => db.close());

  it('exactly one pays, every other is told it was paid, and the ledger sums to zero', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await grantStepUp(db, server, requester.userId, 'paylink.create');
      const created = await requester.client.post('/pay-links', {
        asset: 'EUR',
        amount: '5.00',
        description: `Round ${round}`,
        expiresInHours: null,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const hash = created.body.hash as string;
      for (const payer of payers) await grantStepUp(db, server, payer.userId, 'paylink.pay');

      const answers = await Promise.all(
        payers.map((payer) =>
          payer.client.post(`/pay-links/${hash}/pay`, { fromAccountId: payer.accountId }, { headers: { 'idempotency-key': randomUUID() } }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 200),
        JSON.stringify(answers.map((a) => a.body)),
      ).toHaveLength(1);
      for (const answer of answers.filter((a) => a.status !== 200)) {
        expect({ status: answer.status, code: answer.body.error.code }).toEqual({ status: 409, code: 'pay_link_paid' });
      }

      const [link] = await db.database.db.select().from(payLinks).where(eq(payLinks.hash, hash));
      expect(link!.status).toBe('paid');
      const winner = answers.find((answer) => answer.status === 200)!.body.transactionId as string;
      expect(link!.transactionId).toBe(winner);
      // The winner's transaction is a payment whose entries sum to zero.
      const [posted] = await db.database.db
        .select({ kind: ledgerTransactions.kind, balanced: sql<boolean>`sum(${ledgerEntries.amount}) = 0` })
        .from(ledgerTransactions)
        .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
        .where(eq(ledgerTransactions.id, winner))
        .groupBy(ledgerTransactions.kind);
      expect(posted).toEqual({ kind: 'payment', balanced: true });
    }
    // Nothing was written for the losers: one payment per round in the whole ledger.
    const [counted] = await db.database.db
      .select({ payments: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'payment'));
    expect(counted!.payments).toBe(ROUNDS);
    expect(await auditLedger(db.database.db)).toEqual([]);
  }, 600_000);
});
