import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogSchema, simulationAccountsSchema } from '../../contract/simulate';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../server/db/seed';
import {
  createTestServer,
  expectError,
  registerVerifiedCustomer,
  TestClient,
  useTestServer,
  type Answer,
  type TestServer,
} from './helpers';

const { db, server } = useTestServer();
let demo: TestClient;
let admin: TestClient;
let demoAccounts: { id: string; currency: string; balance: string }[];

const sqlRows = <Row>(text: string, params?: unknown[]) => db.owner.transaction((session) => session.query<Row>(text, params));
const accountOf = (currency: string) => demoAccounts.find((account) => account.currency === currency)!;
const withKey = (key: string = randomUUID()) => ({ headers: { 'idempotency-key': key } });

async function signedIn(email: string, password: string, on: TestServer = server): Promise<TestClient> {
  const client = new TestClient(on);
  expect((await client.login(email, password)).status).toBe(200);
  return client;
}

async function balanceOf(accountId: string): Promise<string> {
  const [row] = await sqlRows<{ balance: string }>('SELECT balance::text AS balance FROM accounts WHERE id = $1', [accountId]);
  return row!.balance;
}

/** A verified customer with an empty account of `currency` (opening accounts is another screen's work). */
async function customerWithAccount(kind: 'fiat' | 'crypto', currency: string) {
  const client = new TestClient(server);
  const { email } = await registerVerifiedCustomer(client);
  const [user] = await sqlRows<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  const accountId = randomUUID();
  await sqlRows('INSERT INTO accounts (id, user_id, kind, currency, name, created_at) VALUES ($1, $2, $3, $4, $5, now())', [
    accountId,
    user!.id,
    kind,
    currency,
    `${currency} account`,
  ]);
  return { client, email, userId: user!.id, accountId };
}

beforeAll(async () => {
  demo = await signedIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  admin = await signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const answer = await demo.get('/simulate/accounts');
  expect(answer.status).toBe(200);
  demoAccounts = simulationAccountsSchema.parse(answer.body);
});

describe('GET /simulate/accounts', () => {
  it("answers the customer's own fiat and crypto accounts with their balances", () => {
    expect(demoAccounts.map((account) => [account.currency, account.balance])).toEqual([
      ['EUR', '2450.75'],
      ['USD', '310.00'],
      ['BTC', '0.0425'],
      ['ETH', '1.20'],
      ['USDT', '1250.50'],
    ]);
  });
});

describe('POST /simulate/bank-transfer and the top-up limits', () => {
  /** A bank transfer to the customer, by their personal reference (tests/server/top-ups.test.ts has the rest). */
  async function transferTo(client: TestClient, currency: string, amount: string) {
    const { reference } = (await client.get('/inject/fiat/details')).body as { reference: string };
    return client.post('/simulate/bank-transfer', { currency, amount, senderName: 'Me', reference }, withKey());
  }

  it("holds a deposit beyond what is left of the level's daily top-up limit, for review", async () => {
    // Level 1 (no KYC): 1 000 USD a day, 5 000 a month; EUR at 1.08 USD.
    const { client, accountId } = await customerWithAccount('fiat', 'EUR');
    expect((await transferTo(client, 'EUR', '900.00')).body.status).toBe('credited');
    expect((await transferTo(client, 'EUR', '30.00')).body.status).toBe('held');
    expect((await transferTo(client, 'EUR', '25.00')).body.status).toBe('credited');
    expect(await balanceOf(accountId)).toBe('925.000000000000000000');
    const limits = await client.get('/users-deposit-levels/limits');
    expect(limits.status).toBe(200);
    expect(limits.body.top_up).toEqual({
      daily: { limit: '1000.00', used: '999.00', left: '1.00' },
      monthly: { limit: '5000.00', used: '999.00', left: '4001.00' },
    });
    expect(limits.body.transfer.daily).toEqual({ limit: '500.00', used: '0.00', left: '500.00' });
  });

  it('checks concurrent deposits of one customer one after the other, never both against the same remainder', async () => {
    const { client, accountId } = await customerWithAccount('fiat', 'USD');
    const answers = await Promise.all(Array.from({ length: 4 }, () => transferTo(client, 'USD', '400.00')));
    expect(answers.map((answer) => answer.body.status).sort()).toEqual(['credited', 'credited', 'held', 'held']);
    expect(await balanceOf(accountId)).toBe('800.000000000000000000');
  });
});

describe('POST /simulate/crypto-deposit', () => {
  it("credits the crypto account over one of its asset's networks, with a deposit activity", async () => {
    const eth = accountOf('ETH');
    const answer = await demo.post(
      '/simulate/crypto-deposit',
      { accountId: eth.id, network: 'base', amount: '0.000000000000000001' },
      withKey(),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.account.balance).toBe('1.200000000000000001');
    const [activity] = await sqlRows<{ type: string; counterparty: string; reference: string }>(
      'SELECT type, counterparty, reference FROM activities WHERE transaction_id = $1',
      [answer.body.transactionId],
    );
    expect(activity).toMatchObject({ type: 'deposit', counterparty: 'Base' });
    expect(activity!.reference).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('refuses a network its asset is not on, more decimals than the asset keeps, and a fiat account', async () => {
    const btc = accountOf('BTC');
    expectError(
      await demo.post('/simulate/crypto-deposit', { accountId: btc.id, network: 'ethereum', amount: '1' }, withKey()),
      422,
      'network_not_supported',
    );
    expectError(
      await demo.post('/simulate/crypto-deposit', { accountId: btc.id, network: 'bitcoin', amount: '0.000000001' }, withKey()),
      422,
      'amount_too_precise',
    );
    expectError(
      await demo.post('/simulate/crypto-deposit', { accountId: btc.id, network: 'solana', amount: '1' }, withKey()),
      422,
      'validation_failed',
    );
    expectError(
      await demo.post('/simulate/crypto-deposit', { accountId: accountOf('EUR').id, network: 'bitcoin', amount: '1' }, withKey()),
      404,
      'account_not_found',
    );
  });
});

describe('admin tools', () => {
  it('lists customers by e-mail with their balances, never admins', async () => {
    const answer = await admin.get('/simulate/admin/customers?q=DEMO@');
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({ email: DEMO_CUSTOMER.email, role: 'customer', kycStatus: 'approved' });
    expect(answer.body[0].accounts.map((account: { currency: string }) => account.currency)).toEqual(['EUR', 'USD', 'BTC', 'ETH', 'USDT']);
    expect((await admin.get('/simulate/admin/customers?q=admin@')).body).toEqual([]);
    // LIKE wildcards are searched for literally.
    expect((await admin.get('/simulate/admin/customers?q=%25')).body).toEqual([]);
  });

  it('credits and debits with a reason, each written to the audit log with the request id, in the same transaction', async () => {
    const { accountId, email } = await customerWithAccount('crypto', 'USDT');
    const credited = await admin.post(
      '/simulate/admin/adjustments',
      { accountId, direction: 'credit', amount: '50.5', reason: 'Goodwill for outage' },
      withKey(),
    );
    expect(credited.status).toBe(200);
    expect(credited.body.account.balance).toBe('50.50');
    const requestId = credited.headers.get('x-request-id');
    const debited = await admin.post(
      '/simulate/admin/adjustments',
      { accountId, direction: 'debit', amount: '20', reason: 'Duplicate credit' },
      withKey(),
    );
    expect(debited.body.account.balance).toBe('30.50');

    const log = auditLogSchema.parse((await admin.get('/simulate/admin/audit')).body);
    expect(log[0]).toMatchObject({
      adminEmail: DEMO_ADMIN.email,
      action: 'account_debited',
      targetEmail: email,
      targetAccountId: accountId,
      reason: 'Duplicate credit',
      details: { amount: '20', asset: 'USDT' },
    });
    expect(log[1]).toMatchObject({ action: 'account_credited', reason: 'Goodwill for outage', requestId });
    const [activity] = await sqlRows<{ type: string; reference: string }>(
      'SELECT type, reference FROM activities WHERE transaction_id = $1',
      [credited.body.transactionId],
    );
    expect(activity).toEqual({ type: 'adjustment', reference: 'Goodwill for outage' });
  });

  it('never debits below zero, and a refused debit leaves no audit row', async () => {
    const { accountId } = await customerWithAccount('fiat', 'GBP');
    const before = await db.counts();
    expectError(
      await admin.post('/simulate/admin/adjustments', { accountId, direction: 'debit', amount: '0.01', reason: 'Fee' }, withKey()),
      409,
      'insufficient_funds',
    );
    expect(await db.counts()).toEqual(before);
    expect(await balanceOf(accountId)).toBe('0.000000000000000000');
  });

  it.each([
    [{ reason: undefined }, 'reason'],
    [{ reason: '  ' }, 'reason'],
    [{ direction: 'steal' }, 'direction'],
    [{ amount: '0.00' }, 'amount'],
  ])('refuses an adjustment with %j', async (change, field) => {
    const body = { accountId: accountOf('EUR').id, direction: 'credit', amount: '1', reason: 'Because', ...change };
    const answer = await admin.post('/simulate/admin/adjustments', body, withKey());
    expectError(answer, 422, 'validation_failed');
    expect(Object.keys(answer.body.error.fields)).toContain(field);
  });

  it('writes rate changes and outbox views to the audit log', async () => {
    expect((await admin.post('/admin/rates', { rates: [{ asset: 'BTC', usd: '65000' }] })).status).toBe(200);
    const outbox = await admin.get(`/simulate/admin/outbox?to=${encodeURIComponent(DEMO_CUSTOMER.email)}`);
    expect(outbox.status).toBe(200);
    const log = (await admin.get('/simulate/admin/audit')).body;
    expect(log[0]).toMatchObject({ action: 'outbox_viewed', details: { recipient: DEMO_CUSTOMER.email }, reason: null });
    expect(log[1]).toMatchObject({ action: 'rates_set', details: { BTC: '65000' } });
  });

  it('keeps the audit log append-only, even for the schema owner', async () => {
    await expect(sqlRows('UPDATE admin_audit_log SET reason = reason')).rejects.toThrow(/append-only/);
    await expect(sqlRows('DELETE FROM admin_audit_log')).rejects.toThrow(/append-only/);
  });
});

describe('who may call', () => {
  const adminCalls: [string, string, unknown?][] = [
    ['GET', '/simulate/admin/customers'],
    ['POST', '/simulate/admin/adjustments', { accountId: randomUUID(), direction: 'credit', amount: '1', reason: 'Because' }],
    ['GET', '/simulate/admin/outbox'],
    ['GET', '/simulate/admin/audit'],
  ];

  it.each(adminCalls)('%s %s answers 404 to a customer, as if it did not exist, and 401 to no one', async (method, path, body) => {
    const before = await db.counts();
    expectError(await demo.request(method, path, { body, ...withKey() }), 404, 'not_found');
    expectError(await new TestClient(server).request(method, path, { body, ...withKey() }), 401, 'unauthorized');
    expect(await db.counts()).toEqual(before);
  });

  it('the demo tools do not exist outside demo mode; the audit log stays for admins', async () => {
    const production = createTestServer(db, { config: { demoMode: false } });
    const customer = await signedIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, production);
    const operator = await signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password, production);
    const body = { currency: 'EUR', amount: '1.00', senderName: 'X', reference: 'Y' };
    const calls: [TestClient, string, string, unknown?][] = [
      [customer, 'GET', '/simulate/accounts'],
      [customer, 'POST', '/simulate/bank-transfer', body],
      [customer, 'POST', '/simulate/crypto-deposit', { accountId: accountOf('BTC').id, network: 'bitcoin', amount: '1' }],
      [customer, 'POST', `/simulate/quotes/${randomUUID()}/expire`, {}],
      [operator, 'GET', '/simulate/admin/customers'],
      [
        operator,
        'POST',
        '/simulate/admin/adjustments',
        { accountId: accountOf('EUR').id, direction: 'credit', amount: '1', reason: 'Because' },
      ],
      [operator, 'GET', '/simulate/admin/outbox'],
    ];
    const before = await db.counts();
    for (const [client, method, path, sent] of calls) {
      const answer: Answer = await client.request(method, path, { body: sent, ...withKey() });
      expectError(answer, 404, 'not_found');
    }
    expect(await db.counts()).toEqual(before);
    expect((await operator.get('/simulate/admin/audit')).status).toBe(200);
  });
});
