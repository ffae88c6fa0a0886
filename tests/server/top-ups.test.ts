import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, formatDecimal, subtract } from '../../contract/decimal';
import { PAYMENT_REFERENCE_PATTERN } from '../../contract/inject';
import { formatVoucherCode, normalizeVoucherCode, voucherCheckCharacter } from '../../contract/voucherCode';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../server/db/seed';
import { auditLedger } from '../../server/services/audit';
import {
  createTestDatabase,
  createTestServer,
  DEFAULT_PASSWORD,
  expectError,
  POSTGRES_URL,
  registerVerifiedCustomer,
  TestClient,
  uniqueIp,
  useTestServer,
  type TestDatabase,
  type TestServer,
} from './helpers';

const { db, server } = useTestServer();
let admin: TestClient;

const withKey = (key: string = randomUUID()) => ({ headers: { 'idempotency-key': key } });
const sqlRows = <Row>(text: string, params?: unknown[]) => db.owner.transaction((session) => session.query<Row>(text, params));

async function signedIn(email: string, password: string, on: TestServer = server): Promise<TestClient> {
  const client = new TestClient(on);
  expect((await client.login(email, password)).status).toBe(200);
  return client;
}

async function newCustomer(on: TestServer = server) {
  const client = new TestClient(on);
  const { email } = await registerVerifiedCustomer(client);
  const details = await client.get('/inject/fiat/details');
  expect(details.status).toBe(200);
  return { client, email, reference: details.body.reference as string };
}

async function balanceIn(client: TestClient, currency: string): Promise<string | undefined> {
  const accounts = (await client.get('/simulate/accounts')).body as { currency: string; balance: string }[];
  return accounts.find((account) => account.currency === currency)?.balance;
}

/** A code in clear that no admin created, with a valid check character. */
function strayCode(): string {
  const data = randomUUID()
    .replace(/-/g, '')
    .slice(0, 15)
    .toUpperCase()
    .replace(/[ILOU]/g, '7');
  return formatVoucherCode(data + voucherCheckCharacter(data));
}

async function createVoucher(body: Record<string, unknown> = {}): Promise<string> {
  const answer = await admin.post('/simulate/admin/vouchers', {
    amount: '25.00',
    currency: 'EUR',
    expiresAt: new Date(server.clock.now().getTime() + 86_400_000).toISOString(),
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.code as string;
}

beforeAll(async () => {
  admin = await signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
});

describe('GET /inject/fiat/details', () => {
  it("answers the IBANs of the customer's fiat accounts, Meridian's BIC, their name and one reference for good", async () => {
    const demo = await signedIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const first = await demo.get('/inject/fiat/details');
    expect(first.status).toBe(200);
    expect(first.body.reference).toMatch(PAYMENT_REFERENCE_PATTERN);
    expect(first.body.bic).toBe('MRDNDEB1XXX');
    expect(first.body.accounts.map((account: { currency: string }) => account.currency)).toEqual(['EUR', 'USD']);
    expect(first.body.accounts[0].iban).toMatch(/^DE\d{20}$/);
    expect((await demo.get('/inject/fiat/details')).body.reference).toBe(first.body.reference);
    const other = await newCustomer();
    expect(other.reference).not.toBe(first.body.reference);
  });

  it('answers 401 without a session', async () => {
    expectError(await new TestClient(server).get('/inject/fiat/details'), 401, 'unauthorized');
  });
});

describe('POST /simulate/bank-transfer: matched by reference', () => {
  it("credits the customer the reference names, however the sender wrote it, opening the currency's account", async () => {
    const { client, reference } = await newCustomer();
    const sender = new TestClient(server);
    await registerVerifiedCustomer(sender);
    const written = `Rent ${reference.toLowerCase().replace(/(.{4})/g, '$1 ')}`;
    const answer = await sender.post(
      '/simulate/bank-transfer',
      { currency: 'EUR', amount: '120.50', senderName: 'Ada', reference: written },
      withKey(),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('credited');
    expect(await balanceIn(client, 'EUR')).toBe('120.50');
    const listed = await client.get('/activities?limit=1');
    expect(listed.body.items[0]).toMatchObject({ type: 'deposit', counterparty: 'Ada', reference: written, amount: '120.50' });
    // The sender learns only that it was credited, nothing of the customer.
    expect(Object.keys(answer.body).sort()).toEqual(['status', 'transferId']);
  });

  it('runs once per Idempotency-Key', async () => {
    const { client, reference } = await newCustomer();
    const key = randomUUID();
    const body = { currency: 'USD', amount: '10.00', senderName: 'ACME Payroll', reference };
    const first = await client.post('/simulate/bank-transfer', body, withKey(key));
    const replay = await client.post('/simulate/bank-transfer', body, withKey(key));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await balanceIn(client, 'USD')).toBe('10.00');
    expectError(await client.post('/simulate/bank-transfer', { ...body, amount: '11.00' }, withKey(key)), 422, 'idempotency_key_reused');
  });

  it('refuses an amount with more decimals than the currency keeps, writing nothing', async () => {
    const { client, reference } = await newCustomer();
    const before = await db.counts();
    expectError(
      await client.post('/simulate/bank-transfer', { currency: 'EUR', amount: '1.005', senderName: 'X', reference }, withKey()),
      422,
      'amount_too_precise',
    );
    expect(await db.counts()).toEqual(before);
  });
});

describe('held transfers and their review', () => {
  it('holds a transfer whose reference names nobody; an admin assigns it to a customer, once, written to the audit log', async () => {
    const { client, email } = await newCustomer();
    const reference = `Invoice ${randomUUID()}`;
    const sent = await client.post(
      '/simulate/bank-transfer',
      { currency: 'EUR', amount: '75.00', senderName: 'Bob', reference },
      withKey(),
    );
    expect(sent.body.status).toBe('held');
    expect(await balanceIn(client, 'EUR')).toBeUndefined();
    const held = (await admin.get('/simulate/admin/held-transfers')).body as { id: string; reference: string; reason: string }[];
    const transfer = held.find((item) => item.reference === reference)!;
    expect(transfer).toMatchObject({
      reason: 'unknown_reference',
      amount: '75.00',
      currency: 'EUR',
      senderName: 'Bob',
      customerEmail: null,
    });

    const assign = { email, reason: 'Sender named the customer by phone' };
    const answer = await admin.post(`/simulate/admin/held-transfers/${transfer.id}/assign`, assign, withKey());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ id: transfer.id, status: 'assigned' });
    expect(await balanceIn(client, 'EUR')).toBe('75.00');
    const audit = (await admin.get('/simulate/admin/audit')).body[0];
    expect(audit).toMatchObject({
      action: 'held_transfer_assigned',
      targetEmail: email,
      reason: assign.reason,
      details: { transfer: transfer.id },
    });
    expectError(
      await admin.post(`/simulate/admin/held-transfers/${transfer.id}/assign`, assign, withKey()),
      409,
      'transfer_already_reviewed',
    );
    expectError(
      await admin.post(`/simulate/admin/held-transfers/${transfer.id}/return`, { reason: 'Too late' }, withKey()),
      409,
      'transfer_already_reviewed',
    );
    expect(((await admin.get('/simulate/admin/held-transfers')).body as { id: string }[]).some((item) => item.id === transfer.id)).toBe(
      false,
    );
  });

  it('returns a held transfer to its sender with a reason; nothing moves', async () => {
    const { client } = await newCustomer();
    const reference = `Unknown ${randomUUID()}`;
    await client.post('/simulate/bank-transfer', { currency: 'USD', amount: '5.00', senderName: 'Carol', reference }, withKey());
    const transfer = ((await admin.get('/simulate/admin/held-transfers')).body as { id: string; reference: string }[]).find(
      (item) => item.reference === reference,
    )!;
    const answer = await admin.post(`/simulate/admin/held-transfers/${transfer.id}/return`, { reason: 'Nobody to credit' }, withKey());
    expect(answer.body).toEqual({ id: transfer.id, status: 'returned', transactionId: null });
    expect((await admin.get('/simulate/admin/audit')).body[0]).toMatchObject({
      action: 'held_transfer_returned',
      reason: 'Nobody to credit',
    });
  });

  it("holds a matched transfer that would pass the customer's monthly top-up limit, naming the customer", async () => {
    // Level 1 (no KYC): 1 000 USD a day.
    const { client, email, reference } = await newCustomer();
    const answer = await client.post(
      '/simulate/bank-transfer',
      { currency: 'USD', amount: '6000.00', senderName: 'Dan', reference },
      withKey(),
    );
    expect(answer.body.status).toBe('held');
    const transfer = (
      (await admin.get('/simulate/admin/held-transfers')).body as { id: string; reason: string; customerEmail: string }[]
    ).find((item) => item.id === answer.body.transferId);
    expect(transfer).toMatchObject({ reason: 'over_limit', customerEmail: email });
    expect(await balanceIn(client, 'USD')).toBeUndefined();
    expectError(
      await admin.post(`/simulate/admin/held-transfers/${transfer!.id}/assign`, { email, reason: 'Still over' }, withKey()),
      409,
      'limit_exceeded',
    );
  });

  it('refuses unknown ids, unknown customers, and anyone but an admin', async () => {
    const { client, email } = await newCustomer();
    expectError(
      await admin.post(`/simulate/admin/held-transfers/${randomUUID()}/return`, { reason: 'Nope' }, withKey()),
      404,
      'held_transfer_not_found',
    );
    expectError(
      await admin.post('/simulate/admin/held-transfers/not-an-id/return', { reason: 'Nope' }, withKey()),
      404,
      'held_transfer_not_found',
    );
    const reference = `Lost ${randomUUID()}`;
    const sent = await client.post('/simulate/bank-transfer', { currency: 'EUR', amount: '1.00', senderName: 'E', reference }, withKey());
    expectError(
      await admin.post(
        `/simulate/admin/held-transfers/${sent.body.transferId}/assign`,
        { email: 'nobody@example.test', reason: 'Try' },
        withKey(),
      ),
      404,
      'customer_not_found',
    );
    const before = await db.counts();
    expectError(await client.get('/simulate/admin/held-transfers'), 404, 'not_found');
    expectError(
      await client.post(`/simulate/admin/held-transfers/${sent.body.transferId}/assign`, { email, reason: 'Mine now' }, withKey()),
      404,
      'not_found',
    );
    expectError(
      await client.post('/simulate/admin/vouchers', { amount: '1.00', currency: 'EUR', expiresAt: '2027-01-01T00:00:00.000Z' }),
      404,
      'not_found',
    );
    expect(await db.counts()).toEqual(before);
  });

  it('stays in production (outside demo mode), where only the simulated transfer is gone', async () => {
    const production = createTestServer(db, { config: { demoMode: false } });
    const operator = await signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password, production);
    expect((await operator.get('/simulate/admin/held-transfers')).status).toBe(200);
    const customer = await signedIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, production);
    expectError(
      await customer.post('/simulate/bank-transfer', { currency: 'EUR', amount: '1.00', senderName: 'X', reference: 'Y' }, withKey()),
      404,
      'not_found',
    );
  });
});

describe('vouchers', () => {
  it('an admin creates a code, shown once and kept only as a hash; the customer redeems it once', async () => {
    const code = await createVoucher({ amount: '25.00', currency: 'EUR' });
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const stored = await sqlRows<{ code_hash: string }>('SELECT code_hash FROM vouchers');
    expect(JSON.stringify(stored)).not.toContain(normalizeVoucherCode(code));
    const audit = (await admin.get('/simulate/admin/audit')).body[0];
    expect(audit.action).toBe('voucher_created');
    expect(JSON.stringify(audit)).not.toContain(normalizeVoucherCode(code));

    const { client } = await newCustomer();
    // Typed the way a person would: lower case, spaces, an O for a zero and an l for a one.
    const typed = code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    const answer = await client.post('/inject/pay-by-code', { code: typed }, withKey());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ amount: '25.00', currency: 'EUR' });
    expect(await balanceIn(client, 'EUR')).toBe('25.00');
    const [activity] = await sqlRows<{ type: string; kind: string }>(
      'SELECT a.type, t.kind FROM activities a JOIN ledger_transactions t ON t.id = a.transaction_id WHERE a.transaction_id = $1',
      [answer.body.transactionId],
    );
    expect(activity).toEqual({ type: 'voucher_redeemed', kind: 'voucher' });
    expectError(await client.post('/inject/pay-by-code', { code }, withKey()), 409, 'voucher_used');
    const other = await newCustomer();
    expectError(await other.client.post('/inject/pay-by-code', { code }, withKey()), 409, 'voucher_used');
    expect(await auditLedger(db.database.db)).toEqual([]);
  });

  it('counts a redeemed voucher towards the next level exactly as the top-up limit counts it', async () => {
    const { client } = await newCustomer();
    const redeemed = await client.post(
      '/inject/pay-by-code',
      { code: await createVoucher({ amount: '25.00', currency: 'EUR' }) },
      withKey(),
    );
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const used = (await client.get('/users-deposit-levels/limits')).body.top_up.monthly.used as string;
    expect(compare(used, '0')).toBe(1);
    const levels = (await client.get('/users-deposit-levels/by-user')).body;
    expect(levels.totalDeposits).toBe(used);
    expect(levels.next).toMatchObject({ level: 2, remaining: formatDecimal(subtract(levels.next.minTotalDeposit, used)) });
  });

  it('replays the first answer for the same Idempotency-Key (a double tap credits once)', async () => {
    const code = await createVoucher({ amount: '0.001', currency: 'BTC' });
    const { client } = await newCustomer();
    const key = randomUUID();
    const first = await client.post('/inject/pay-by-code', { code }, withKey(key));
    const again = await client.post('/inject/pay-by-code', { code }, withKey(key));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await balanceIn(client, 'BTC')).toBe('0.001');
    expectError(await client.post('/inject/pay-by-code', { code }), 422, 'idempotency_key_required');
  });

  it('tells an expired code and an unknown code apart, and refuses a typo before looking', async () => {
    const code = await createVoucher({ expiresAt: new Date(server.clock.now().getTime() + 60_000).toISOString() });
    server.clock.advance(61);
    const { client } = await newCustomer();
    expectError(await client.post('/inject/pay-by-code', { code }, withKey()), 410, 'voucher_expired');
    expectError(await client.post('/inject/pay-by-code', { code: strayCode() }, withKey()), 400, 'voucher_unknown');
    const typo = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
    expectError(await client.post('/inject/pay-by-code', { code: typo }, withKey()), 422, 'validation_failed', ['code']);
  });

  it('refuses an expiry in the past or more than a year on, and more decimals than the asset keeps', async () => {
    const now = server.clock.now().getTime();
    for (const expiresAt of [new Date(now - 1000), new Date(now + 400 * 86_400_000)]) {
      expectError(
        await admin.post('/simulate/admin/vouchers', { amount: '1.00', currency: 'EUR', expiresAt: expiresAt.toISOString() }),
        422,
        'voucher_expiry_invalid',
      );
    }
    expectError(
      await admin.post('/simulate/admin/vouchers', { amount: '1.001', currency: 'EUR', expiresAt: new Date(now + 1000).toISOString() }),
      422,
      'amount_too_precise',
    );
  });

  it('after 5 refused codes in 15 minutes answers rate_limited with Retry-After: 900, even to a good code, until the 15 minutes are over', async () => {
    const good = await createVoucher();
    const { client, email } = await newCustomer();
    for (let i = 0; i < 5; i++)
      expectError(await client.post('/inject/pay-by-code', { code: strayCode() }, withKey()), 400, 'voucher_unknown');
    const locked = await client.post('/inject/pay-by-code', { code: good }, withKey());
    expectError(locked, 429, 'rate_limited');
    expect(locked.headers.get('retry-after')).toBe('900');
    server.clock.advance(600);
    expect((await client.post('/inject/pay-by-code', { code: good }, withKey())).headers.get('retry-after')).toBe('300');
    server.clock.advance(300);
    // The session went idle meanwhile: signed in again, the code is looked at (the lock is over).
    expect((await client.login(email, DEFAULT_PASSWORD)).status).toBe(200);
    expectError(await client.post('/inject/pay-by-code', { code: strayCode() }, withKey()), 400, 'voucher_unknown');
  });

  it('counts refusals per address too: another customer from the same address is locked out', async () => {
    const ip = uniqueIp();
    const first = new TestClient(server, ip);
    await registerVerifiedCustomer(first);
    for (let i = 0; i < 5; i++) await first.post('/inject/pay-by-code', { code: strayCode() }, withKey());
    const second = new TestClient(server, ip);
    await registerVerifiedCustomer(second);
    expectError(await second.post('/inject/pay-by-code', { code: strayCode() }, withKey()), 429, 'rate_limited');
  });
});

// PGlite runs one query at a time, so only a real PostgreSQL shows what concurrent redemptions do.
describe.skipIf(!POSTGRES_URL)('a code redeemed many times at once (PostgreSQL)', () => {
  let pg: TestDatabase;
  let on: TestServer;
  beforeAll(async () => {
    pg = await createTestDatabase();
    on = createTestServer(pg);
  });
  afterAll(() => pg.close());

  it('credits exactly once: one redemption wins, every other is told the code is used', async () => {
    const operator = await signedIn(DEMO_ADMIN.email, DEMO_ADMIN.password, on);
    for (let round = 0; round < 5; round++) {
      const created = await operator.post('/simulate/admin/vouchers', {
        amount: '10.00',
        currency: 'USD',
        expiresAt: new Date(on.clock.now().getTime() + 86_400_000).toISOString(),
      });
      const customers = await Promise.all(Array.from({ length: 4 }, () => newCustomer(on)));
      // Each customer taps twice with separate keys, all at once.
      const answers = await Promise.all(
        customers.flatMap(({ client }) => [0, 1].map(() => client.post('/inject/pay-by-code', { code: created.body.code }, withKey()))),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const credited = await pg.owner.transaction((session) =>
        session.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_transactions WHERE kind = 'voucher'"),
      );
      expect(credited[0]!.n).toBe(String(round + 1));
    }
    expect(await auditLedger(pg.database.db)).toEqual([]);
  });
});
