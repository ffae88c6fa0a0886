import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { quoteSchema } from '../../contract/transfers';
import { accounts } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { createServices } from '../../server/services';
import { credit } from '../../server/services/ledger';
import { POSTGRES_URL, TestClient, registerQualifiedCustomer, setRates, testConfig, useTestServer } from './helpers';

/** What the issue asks of a transfer that another one's open transaction must not hold up. */
const WITHIN_MS = 1_000;

const { db, server } = useTestServer();

// PGlite runs one transaction at a time, so only a real PostgreSQL shows who waits for whom.
it.skipIf(!POSTGRES_URL)(
  'a transfer whose database transaction stays open keeps no other customer’s transfer or deposit waiting (PostgreSQL)',
  async () => {
    await setRates(server, [
      { asset: 'EUR', usd: '1.08' },
      { asset: 'BTC', usd: '65000' },
    ]);
    // Both exchange EUR for BTC: the same revenue and treasury accounts, where they used to queue.
    const [held, other] = await Promise.all([exchanger(), exchanger()]);

    const services = createServices({
      db: db.database.db,
      config: testConfig(),
      clock: server.clock.now,
      transport: async () => {},
      logger: silentLogger,
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let posted!: () => void;
    const heldPosted = new Promise<void>((resolve) => (posted = resolve));
    const holding = db.database.db.transaction(async (tx) => {
      await services.transfers.transfer(tx, held.userId, held.quoteId, randomUUID());
      posted();
      await released;
    });
    try {
      await heldPosted;
      const transfer = other.client.post('/transfers', { quoteId: other.quoteId }, { headers: { 'idempotency-key': randomUUID() } });
      const deposit = credit(db.database.db, {
        kind: 'deposit',
        userId: other.userId,
        accountId: other.eurAccount,
        asset: 'EUR',
        amount: '5',
        at: server.clock.now(),
      });
      const outcome = await Promise.race([Promise.all([transfer, deposit]), delay(WITHIN_MS, 'still waiting' as const)]);
      expect(outcome, 'the other customer’s transfer and deposit committed while the first transfer was open').not.toBe('still waiting');
      const [answer] = outcome as Awaited<typeof transfer>[];
      expect(answer!.status, JSON.stringify(answer!.body)).toBe(201);
    } finally {
      release();
      await holding;
    }
  },
);

/** A customer with 100 EUR and an empty BTC account, and their quote for exchanging 50 EUR. */
async function exchanger() {
  const client = new TestClient(server);
  const { userId } = await registerQualifiedCustomer(client, db);
  const open = async (kind: 'fiat' | 'crypto', currency: string) => {
    const id = randomUUID();
    await db.database.db.insert(accounts).values({ id, userId, kind, currency, name: currency, createdAt: server.clock.now() });
    return id;
  };
  const eurAccount = await open('fiat', 'EUR');
  const btcAccount = await open('crypto', 'BTC');
  await credit(db.database.db, { kind: 'deposit', userId, accountId: eurAccount, asset: 'EUR', amount: '100', at: server.clock.now() });
  const answer = await client.post('/transfers/quotes', { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '50', side: 'in' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { client, userId, eurAccount, quoteId: quoteSchema.parse(answer.body).id };
}
