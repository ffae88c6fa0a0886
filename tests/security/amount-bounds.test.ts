import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../server/db/schema';
import { DEMO_ADMIN } from '../../server/db/seed';
import { credit } from '../../server/services/ledger';
import { TestClient, registerQualifiedCustomer, stepUp, useTestServer, type Answer } from '../server/helpers';

/**
 * Issue 21, item 14: amounts are `numeric(38, 18)` in the database, 20 integer digits. An amount with
 * more, typed or worked out from a typed one (a quote's other side, its value in dollars), was a 500
 * (numeric overflow when stored); now every amount either fits or is refused with a 422, and nothing
 * is written.
 */
const { db, server } = useTestServer();
let client: TestClient;
/** Where step-up codes go: the customer confirmed a phone, so to it. */
let stepUpTo: string;
let eur: string;
let btc: string;

/** The largest amount with 20 integer digits, and the smallest with 21. */
const MAX = '99999999999999999999';
const TOO_LONG = '100000000000000000000';

beforeAll(async () => {
  const admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  const rates = [
    { asset: 'EUR', usd: '1.08' },
    { asset: 'BTC', usd: '65000' },
  ];
  expect((await admin.post('/admin/rates', { rates })).status).toBe(200);
  client = new TestClient(server);
  // Every rule met: the withdrawal quote below is refused for its amount, not for who asks.
  const customer = await registerQualifiedCustomer(client, db);
  const userId = customer.userId;
  stepUpTo = customer.phone;
  eur = randomUUID();
  btc = randomUUID();
  const at = server.clock.now();
  await db.database.db.insert(accounts).values([
    { id: eur, userId, kind: 'fiat', currency: 'EUR', name: 'EUR', createdAt: at },
    { id: btc, userId, kind: 'crypto', currency: 'BTC', name: 'BTC', createdAt: at },
  ]);
  await credit(db.database.db, { kind: 'deposit', userId, accountId: eur, asset: 'EUR', amount: '1000', at });
});

/** Refused in the contract's terms (422), never a server error. */
function expectRefused(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.error.code).toMatch(/^(validation_failed|amount_invalid)$/);
}

describe('amounts too large for the database (issue 21, item 14)', () => {
  it('a quote whose other side or dollar value would pass 20 integer digits is a 422, and none is stored', async () => {
    const before = await db.counts();
    const quote = (body: Record<string, string>) => client.post('/transfers/quotes', body);
    // 10^20 − 1 bitcoin is worth about 6.5 × 10^24 dollars.
    expectRefused(await quote({ fromAccountId: btc, toAccountId: eur, amount: MAX, side: 'in' }));
    // …and 10^20 − 1 bitcoin wanted costs more euros than that.
    expectRefused(await quote({ fromAccountId: eur, toAccountId: btc, amount: MAX, side: 'out' }));
    expectRefused(await quote({ fromAccountId: eur, toAccountId: btc, amount: TOO_LONG, side: 'in' }));
    expect((await db.counts()).quotes).toBe(before.quotes);
    // 10^20 − 1 euros are worth more than 10^20 dollars; 9 × 10^19 euros are not, and are quoted.
    expectRefused(await quote({ fromAccountId: eur, toAccountId: btc, amount: MAX, side: 'in' }));
    expect((await quote({ fromAccountId: eur, toAccountId: btc, amount: '90000000000000000000', side: 'in' })).status).toBe(201);
  });

  it('every other amount a customer types is refused past 20 integer digits', async () => {
    expectRefused(await client.post('/deposit-links', { asset: 'USDT', network: 'base', amount: `${TOO_LONG}000` }));
    expectRefused(await client.post('/pay-links', { asset: 'EUR', amount: TOO_LONG, description: 'Rent', expiresInHours: null }));
    await stepUp(client, 'withdrawal.address', stepUpTo);
    const address = await client.post('/withdrawal-addresses', {
      network: 'bitcoin',
      address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      label: 'Cold',
    });
    expect(address.status, JSON.stringify(address.body)).toBe(201);
    expectRefused(await client.post('/withdrawals/quotes', { asset: 'BTC', addressId: address.body.id, amount: TOO_LONG }));
  });
});
