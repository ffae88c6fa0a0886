import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteSchema, transferSchema } from '../../contract/transfers';
import { DEMO_ADMIN } from '../../server/db/seed';
import { formatDecimal, subtract } from '../../contract/decimal';
import { credit } from '../../server/services/ledger';
import { dayStart, monthStart } from '../../server/services/levels';
import { quoteCost, quoteFigures } from '../../server/services/quote-math';
import { expectError, registerVerifiedCustomer, TestClient, useTestServer } from './helpers';

const { db, server } = useTestServer();
let admin: TestClient;

const sqlRows = <Row>(text: string, params?: unknown[]) => db.owner.transaction((session) => session.query<Row>(text, params));
const withKey = (key: string = randomUUID()) => ({ headers: { 'idempotency-key': key } });

/** Fixed prices as of the server's clock, so the figures below are exact. */
async function setRates() {
  const answer = await admin.post('/admin/rates', {
    rates: [
      { asset: 'EUR', usd: '1.08' },
      { asset: 'BTC', usd: '65000' },
      { asset: 'USDT', usd: '1' },
    ],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function balanceOf(accountId: string): Promise<string> {
  const [row] = await sqlRows<{ balance: string }>('SELECT balance::text AS balance FROM accounts WHERE id = $1', [accountId]);
  return row!.balance;
}

/** A verified customer with a EUR account holding `eur` and an empty BTC account. */
async function customer(eur = '1000') {
  const client = new TestClient(server);
  const { email } = await registerVerifiedCustomer(client);
  const [user] = await sqlRows<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  const open = async (kind: string, currency: string) => {
    const id = randomUUID();
    await sqlRows('INSERT INTO accounts (id, user_id, kind, currency, name, created_at) VALUES ($1, $2, $3, $4, $5, now())', [
      id,
      user!.id,
      kind,
      currency,
      currency,
    ]);
    return id;
  };
  const eurAccount = await open('fiat', 'EUR');
  const btcAccount = await open('crypto', 'BTC');
  await credit(db.database.db, {
    kind: 'deposit',
    userId: user!.id,
    accountId: eurAccount,
    asset: 'EUR',
    amount: eur,
    at: server.clock.now(),
  });
  return { client, userId: user!.id, eurAccount, btcAccount };
}

async function quoteFor(client: TestClient, body: Record<string, string>) {
  const answer = await client.post('/transfers/quotes', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return quoteSchema.parse(answer.body);
}

beforeAll(async () => {
  admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  await setRates();
});

describe('quote math', () => {
  const eurToBtc = { fromUsd: '1.08', toUsd: '65000', fromDecimals: 2, toDecimals: 8 };

  it('takes the spread off the rate, a 0.1 % fee off the amount, and rounds what arrives down', () => {
    // rate = 1.08 / 65000 × 0.995 = 0.0000165323076923076923… → 18 decimals, down.
    // fee = 1000 × 0.1 % = 1.00 (above the 1 USD minimum, 0.93 EUR); (1000 − 1) × rate = 0.016515774… → 0.01651577.
    expect(quoteFigures({ ...eurToBtc, amount: '1000', side: 'in' })).toEqual({
      rate: '0.000016532307692307',
      fee: '1.00',
      amountIn: '1000.00',
      amountOut: '0.01651577',
      usdValue: '1080.00',
    });
  });

  it('charges at least 1 US dollar, in the paid asset and rounded up', () => {
    // 1 USD = 0.925925… EUR → 0.93; 0.1 % of 100 EUR would be 0.10.
    expect(quoteFigures({ ...eurToBtc, amount: '100', side: 'in' }).fee).toBe('0.93');
    // 1 USD = 0.0000153846… BTC → 0.00001539; (0.001 − 0.00001539) × 59884.259259… = 58.962… EUR.
    expect(quoteFigures({ fromUsd: '65000', toUsd: '1.08', fromDecimals: 8, toDecimals: 2, amount: '0.001', side: 'in' })).toMatchObject({
      fee: '0.00001539',
      amountOut: '58.96',
    });
  });

  it('asks the least amount in that gets at least the wanted amount out', () => {
    const figures = quoteFigures({ ...eurToBtc, amount: '0.01', side: 'out' });
    expect(figures).toMatchObject({ amountIn: '605.81', fee: '0.93', amountOut: '0.01000006' });
    // One cent less in would not get it.
    expect(quoteFigures({ ...eurToBtc, amount: '605.80', side: 'in' }).amountOut).toBe('0.00999989');
  });

  it('costs the fee plus the spread on what the fee leaves, in money and percent, both rounded up', () => {
    // 1.00 + 999 × 0.5 % = 5.995 → 6.00 EUR, 0.6 % of 1000.
    expect(quoteCost('1000.00', '1.00', 2)).toEqual({ cost: '6.00', costPercent: '0.60' });
    // Selling 10 USDT: the 1 US dollar least fee is most of it, 1 + 9 × 0.5 % = 1.045 USDT, 10.45 %.
    expect(quoteCost('10.000000', '1.000000', 6)).toEqual({ cost: '1.045', costPercent: '10.45' });
  });

  it('refuses zero, negative, malformed, too precise and too small amounts with their own codes', () => {
    const code = (amount: string, side: 'in' | 'out' = 'in') => {
      try {
        quoteFigures({ ...eurToBtc, amount, side });
        return 'quoted';
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    expect(['0', '0.00', '-5', '1e3', ' 5', 'abc', ''].map((amount) => code(amount))).toEqual(Array(7).fill('amount_invalid'));
    expect(code('10.001')).toBe('amount_too_precise');
    expect(code('0.000000001', 'out')).toBe('amount_too_precise');
    expect(code('0.93')).toBe('amount_too_small');
  });
});

describe('POST /transfers/quotes', () => {
  it('quotes firm for 30 seconds by the server clock, and says whether the balance covers it', async () => {
    const { client, eurAccount, btcAccount } = await customer('500');
    const quote = await quoteFor(client, { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '1000', side: 'in' });
    expect(quote).toMatchObject({
      fromAsset: 'EUR',
      toAsset: 'BTC',
      rate: '0.000016532307692307',
      spreadPercent: '0.5',
      feePercent: '0.1',
      fee: '1.00',
      amountIn: '1000.00',
      amountOut: '0.01651577',
      cost: '6.00',
      costPercent: '0.60',
      fundsSufficient: false,
      firmForSeconds: 30,
      expiresAt: new Date(server.clock.now().getTime() + 30_000).toISOString(),
    });
    const small = await quoteFor(client, { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '500', side: 'in' });
    expect(small.fundsSufficient).toBe(true);
  });

  it('refuses bad amounts, a pair of the same kind and accounts that are not the customer’s, writing nothing', async () => {
    const { client, eurAccount, btcAccount } = await customer();
    const other = await customer();
    const before = await db.counts();
    const ask = (body: Record<string, string>) =>
      client.post('/transfers/quotes', { fromAccountId: eurAccount, toAccountId: btcAccount, side: 'in', ...body });
    expectError(await ask({ amount: '-5' }), 422, 'amount_invalid');
    expectError(await ask({ amount: '0' }), 422, 'amount_invalid');
    expectError(await ask({ amount: '1.001' }), 422, 'amount_too_precise');
    expectError(await ask({ amount: '0.50' }), 422, 'amount_too_small');
    expectError(await ask({ amount: '5', toAccountId: eurAccount }), 422, 'transfer_pair_invalid');
    expectError(await ask({ amount: '5', toAccountId: other.btcAccount }), 404, 'account_not_found');
    expectError(await ask({ amount: '5', side: 'sideways' }), 422, 'validation_failed', ['side']);
    expect(await db.counts()).toEqual(before);
  });

  it('gives no quote on a rate older than 5 minutes', async () => {
    const { client, eurAccount, btcAccount } = await customer();
    server.clock.advance(5 * 60 + 1);
    try {
      expectError(
        await client.post('/transfers/quotes', { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '10', side: 'in' }),
        503,
        'rate_stale',
      );
    } finally {
      await setRates();
    }
  });
});

describe('POST /transfers', () => {
  it('moves exactly the quoted figures through treasury and revenue accounts, summing to zero per asset', async () => {
    const { client, eurAccount, btcAccount } = await customer('400');
    const quote = await quoteFor(client, { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '400', side: 'in' });
    const answer = await client.post('/transfers', { quoteId: quote.id }, withKey());
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const transfer = transferSchema.parse(answer.body);
    expect(Number(await balanceOf(eurAccount))).toBe(0);
    expect(await balanceOf(btcAccount)).toBe('0.006597540000000000');
    const entries = await sqlRows<{ role: string | null; currency: string; amount: string }>(
      `SELECT a.system_role AS role, a.currency, e.amount::text AS amount FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
       WHERE e.transaction_id = $1 ORDER BY a.currency, e.amount`,
      [transfer.transactionId],
    );
    expect(entries.map((e) => [e.role, e.currency, Number(e.amount)])).toEqual([
      ['treasury', 'BTC', -0.00659754],
      [null, 'BTC', 0.00659754],
      [null, 'EUR', -400],
      ['revenue', 'EUR', 0.93],
      ['treasury', 'EUR', 399.07],
    ]);
    const activities = await sqlRows<{ id: string; type: string; amount: string }>(
      'SELECT id, type, amount::text AS amount FROM activities WHERE transaction_id = $1 ORDER BY amount',
      [transfer.transactionId],
    );
    expect(activities.map((a) => [a.type, Number(a.amount)])).toEqual([
      ['exchange', -400],
      ['exchange', 0.00659754],
    ]);
    expect(transfer.activityId).toBe(activities[0]!.id);
  });

  /** What moved: every table but the quotes (a refusal may write a fresh quote, never money). */
  async function moneyCounts() {
    const { quotes: _quotes, ...rest } = await db.counts();
    return rest;
  }

  /** A refused quote's answer carries a fresh one for the same ask, firm for 30 seconds from now. */
  function freshQuoteOf(refused: { body: { error: { quote?: unknown } } }, old: { id: string }) {
    const fresh = quoteSchema.parse(refused.body.error.quote);
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.expiresAt).toBe(new Date(server.clock.now().getTime() + 30_000).toISOString());
    return fresh;
  }

  it('refuses a quote past its 30 seconds by the server clock with a fresh one for the same ask, moving nothing', async () => {
    const { client, eurAccount, btcAccount } = await customer('100');
    const late = await quoteFor(client, { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '10', side: 'in' });
    server.clock.advance(30);
    const before = await moneyCounts();
    const refused = await client.post('/transfers', { quoteId: late.id }, withKey());
    expectError(refused, 409, 'quote_expired');
    expect(await moneyCounts()).toEqual(before);
    const fresh = freshQuoteOf(refused, late);
    expect(fresh).toMatchObject({ fromAccountId: eurAccount, toAccountId: btcAccount, amountIn: '10.00', fundsSufficient: true });
    // The fresh quote is a real one: confirming it moves the money, once.
    expect((await client.post('/transfers', { quoteId: fresh.id }, withKey())).status).toBe(201);
    expect(Number(await balanceOf(eurAccount))).toBe(90);
  });

  it('keeps what the customer wanted to get when the quote they asked by that amount runs out', async () => {
    const { client, eurAccount, btcAccount } = await customer('1000');
    const late = await quoteFor(client, { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '0.01', side: 'out' });
    server.clock.advance(31);
    await setRates();
    const refused = await client.post('/transfers', { quoteId: late.id }, withKey());
    expectError(refused, 409, 'quote_expired');
    // The same figures as the first time (the rates are the same): the least amount in that gets 0.01 BTC.
    expect(freshQuoteOf(refused, late)).toMatchObject({ amountIn: late.amountIn, amountOut: late.amountOut });
  });

  it('refuses a used quote with a fresh one, moving nothing again', async () => {
    const { client, eurAccount, btcAccount } = await customer('100');
    const quote = await quoteFor(client, { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '10', side: 'in' });
    server.clock.advance(29);
    expect((await client.post('/transfers', { quoteId: quote.id }, withKey())).status).toBe(201);
    const before = await moneyCounts();
    const refused = await client.post('/transfers', { quoteId: quote.id }, withKey());
    expectError(refused, 409, 'quote_used');
    expect(await moneyCounts()).toEqual(before);
    expect(freshQuoteOf(refused, quote)).toMatchObject({ amountIn: '10.00', fundsSufficient: true });
    expect(Number(await balanceOf(eurAccount))).toBe(90);
  });

  it('refuses a run-out quote without a fresh one when none can be made (a stale rate)', async () => {
    const { client, eurAccount, btcAccount } = await customer('100');
    const late = await quoteFor(client, { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '10', side: 'in' });
    server.clock.advance(5 * 60 + 1);
    try {
      const refused = await client.post('/transfers', { quoteId: late.id }, withKey());
      expectError(refused, 409, 'quote_expired');
      expect(refused.body.error).not.toHaveProperty('quote');
    } finally {
      await setRates();
    }
  });

  it('runs a quote out now in demo mode, only the customer’s own unused one, so its refusal can be tried at once', async () => {
    const owner = await customer('100');
    const other = await customer('100');
    const ask = { fromAccountId: owner.eurAccount, toAccountId: owner.btcAccount, amount: '10', side: 'in' };
    const quote = await quoteFor(owner.client, ask);
    expectError(await other.client.post(`/simulate/quotes/${quote.id}/expire`, {}), 404, 'quote_not_found');
    expectError(await owner.client.post(`/simulate/quotes/${randomUUID()}/expire`, {}), 404, 'quote_not_found');
    expectError(await owner.client.post('/simulate/quotes/not-a-uuid/expire', {}), 404, 'quote_not_found');
    // Another customer's try left it firm: it still moves money after that.
    const used = await quoteFor(owner.client, ask);
    expect((await owner.client.post('/transfers', { quoteId: used.id }, withKey())).status).toBe(201);
    expectError(await owner.client.post(`/simulate/quotes/${used.id}/expire`, {}), 409, 'quote_used');

    server.clock.advance(1);
    const expired = await owner.client.post(`/simulate/quotes/${quote.id}/expire`, {});
    expect(expired.status, JSON.stringify(expired.body)).toBe(200);
    expect(expired.body).toEqual({ id: quote.id, expiresAt: server.clock.now().toISOString() });
    const before = await moneyCounts();
    const refused = await owner.client.post('/transfers', { quoteId: quote.id }, withKey());
    expectError(refused, 409, 'quote_expired');
    expect(await moneyCounts()).toEqual(before);
    expect(freshQuoteOf(refused, quote).firmForSeconds).toBe(30);
    // Twice is the same: a run-out quote is never made to hold longer.
    server.clock.advance(5);
    const again = await owner.client.post(`/simulate/quotes/${quote.id}/expire`, {});
    expect(again.body).toEqual(expired.body);
  });

  it('refuses another customer’s quote or a made-up one as unknown, with no quote of theirs', async () => {
    const owner = await customer();
    const thief = await customer();
    const quote = await quoteFor(owner.client, {
      fromAccountId: owner.eurAccount,
      toAccountId: owner.btcAccount,
      amount: '10',
      side: 'in',
    });
    const before = await db.counts();
    const foreign = await thief.client.post('/transfers', { quoteId: quote.id }, withKey());
    expectError(foreign, 404, 'quote_not_found');
    // A fresh quote would tell the thief the owner's accounts, amount, balance and limit.
    expect(foreign.body.error).not.toHaveProperty('quote');
    const madeUp = await thief.client.post('/transfers', { quoteId: randomUUID() }, withKey());
    expectError(madeUp, 404, 'quote_not_found');
    expect(madeUp.body.error).not.toHaveProperty('quote');
    expect(await db.counts()).toEqual(before);
    expect(await balanceOf(owner.eurAccount)).toBe('1000.000000000000000000');
    // The owner's quote is untouched by the attempt.
    expect((await owner.client.post('/transfers', { quoteId: quote.id }, withKey())).status).toBe(201);
  });

  it('refuses a quote the balance no longer covers', async () => {
    const { client, eurAccount, btcAccount } = await customer('50');
    const quote = await quoteFor(client, { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '60', side: 'in' });
    expect(quote.fundsSufficient).toBe(false);
    expectError(await client.post('/transfers', { quoteId: quote.id }, withKey()), 409, 'insufficient_funds');
    expect(Number(await balanceOf(eurAccount))).toBe(50);
  });

  it('says before confirming what is left of the transfer limit, and refuses a quote above it', async () => {
    const { client, eurAccount, btcAccount } = await customer('1000000');
    const body = { fromAccountId: eurAccount, toAccountId: btcAccount, side: 'in' };
    const small = await quoteFor(client, { ...body, amount: '10' });
    expect(small).toMatchObject({ withinLimit: true });
    // One euro above what is left, valued at 1.08 USD per euro.
    const above = String(Math.ceil(Number(small.limitLeftUsd) / 1.08) + 1);
    const big = await quoteFor(client, { ...body, amount: above });
    expect(big).toMatchObject({ fundsSufficient: true, withinLimit: false, limitLeftUsd: small.limitLeftUsd });
    const before = await db.counts();
    const refused = await client.post('/transfers', { quoteId: big.id }, withKey());
    expectError(refused, 409, 'limit_exceeded', ['operation', 'period', 'left']);
    expect(refused.body.error.fields.operation).toBe('transfer');
    expect(await db.counts()).toEqual(before);
    // The small one still goes through, and counts toward the limit.
    expect((await client.post('/transfers', { quoteId: small.id }, withKey())).status).toBe(201);
    const after = await quoteFor(client, { ...body, amount: '10' });
    expect(Number(after.limitLeftUsd)).toBeCloseTo(Number(small.limitLeftUsd) - 10.8, 6);
  });

  it("reads each limit from today's and this month's activities, and never leaves less than nothing", async () => {
    const { client, userId, eurAccount, btcAccount } = await customer('1000');
    const quote = await quoteFor(client, { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '100', side: 'in' });
    expect((await client.post('/transfers', { quoteId: quote.id }, withKey())).status).toBe(201);
    // A withdrawal in flight since before today, in this month (the file's clock stays on 2 March): the month's figure only.
    const now = server.clock.now();
    const beforeToday = new Date(dayStart(now).getTime() - 1);
    expect(beforeToday >= monthStart(now)).toBe(true);
    await sqlRows(
      `INSERT INTO activities (id, user_id, account_id, type, status, amount, currency, usd_value, created_at)
       VALUES ($1, $2, $3, 'withdrawal', 'pending', '-200', 'BTC', '-13000000', $4)`,
      [randomUUID(), userId, btcAccount, beforeToday],
    );
    const limits = (await client.get('/users-deposit-levels/limits')).body;
    const level = await sqlRows<{ operation: string; daily: string; monthly: string }>(
      'SELECT operation, daily_usd::text AS daily, monthly_usd::text AS monthly FROM deposit_level_limits WHERE level = 1',
    );
    const limitOf = (operation: string, period: 'daily' | 'monthly') =>
      formatDecimal(level.find((row) => row.operation === operation)![period]);
    // 100 EUR at 1.08 USD, in both periods.
    expect(limits.transfer.daily).toEqual({
      limit: limitOf('transfer', 'daily'),
      used: '108.00',
      left: formatDecimal(subtract(limitOf('transfer', 'daily'), '108')),
    });
    expect(limits.transfer.monthly).toMatchObject({ used: '108.00', left: formatDecimal(subtract(limitOf('transfer', 'monthly'), '108')) });
    // Far over the month's withdrawal limit: nothing left this month, all of today's.
    expect(limits.withdrawal.monthly).toEqual({ limit: limitOf('withdrawal', 'monthly'), used: '13000000.00', left: '0.00' });
    expect(limits.withdrawal.daily).toEqual({ limit: limitOf('withdrawal', 'daily'), used: '0.00', left: limitOf('withdrawal', 'daily') });
    // The deposit above was booked without an activity: no top-up used.
    expect(limits.top_up.monthly.used).toBe('0.00');
  });

  it('replays the answer for the same key and body, and refuses the key with another body (422)', async () => {
    const { client, eurAccount, btcAccount } = await customer('100');
    const body = { fromAccountId: eurAccount, toAccountId: btcAccount, amount: '10', side: 'in' };
    const quote = await quoteFor(client, body);
    const key = randomUUID();
    const first = await client.post('/transfers', { quoteId: quote.id }, withKey(key));
    const again = await client.post('/transfers', { quoteId: quote.id }, withKey(key));
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await quoteFor(client, body);
    const before = await db.counts();
    expectError(await client.post('/transfers', { quoteId: other.id }, withKey(key)), 422, 'idempotency_key_reused');
    expectError(await client.post('/transfers', { quoteId: other.id }), 422, 'idempotency_key_required');
    expect(await db.counts()).toEqual(before);
    expect(Number(await balanceOf(eurAccount))).toBe(90);
  });
});
