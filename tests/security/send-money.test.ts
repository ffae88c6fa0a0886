import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_LOOKUPS_PER_DAY } from '../../contract/sendMoney';
import { accounts, moneyRequests, moneySends, users } from '../../server/db/schema';
import { BODY_LIMIT_BYTES } from '../../server/http/request';
import { expectError, registerCustomer, TestClient, uniqueEmail, uniquePhone, useTestServer, withKey } from '../server/helpers';
import { balanceOf, fund } from '../server/payLinkHelpers';
import { sendMoneyHelpers } from '../server/sendMoneyHelpers';

/**
 * Sending and requesting money against a caller who is not the one the money or the request is for,
 * or who sends what no form would: another customer's request is as unknown as a made-up one, an
 * invitation goes only to whoever proved its address, the look-up tells nothing more about a customer's
 * address than about anyone else's (and only so often), and an Idempotency-Key moves money once.
 */
const { db, server } = useTestServer();
const { customer, waiting } = sendMoneyHelpers(db, server);

const send = (from: Awaited<ReturnType<typeof customer>>, body: Record<string, unknown>, key: string = randomUUID()) =>
  from.client.post('/send', body, withKey(key));
const ask = (from: Awaited<ReturnType<typeof customer>>, body: Record<string, unknown>) =>
  from.client.post('/money-requests', body, withKey());
const requestRow = async (id: string) => (await db.database.db.select().from(moneyRequests).where(eq(moneyRequests.id, id)))[0]!;
const sendsOf = async (senderId: string) => db.database.db.select().from(moneySends).where(eq(moneySends.senderId, senderId));

describe("another customer's request", () => {
  it('is money_request_not_found for pay, decline, cancel and remind, as a made-up id is, and stays open', async () => {
    const dana = await customer('Dana', 'Doe');
    const sam = await customer('Sam', 'Smith');
    const eve = await customer('Eve', 'Evans');
    const eveAccount = await fund(db, eve.userId, 'EUR', '50');
    const asked = await ask(dana, { from: sam.email, asset: 'EUR', amount: '15' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.id as string;

    for (const target of [id, randomUUID(), 'not-a-uuid', `${id}'--`]) {
      const path = `/money-requests/${encodeURIComponent(target)}`;
      expectError(await eve.client.post(`${path}/pay`, { fromAccountId: eveAccount }, withKey()), 404, 'money_request_not_found');
      expectError(await eve.client.post(`${path}/decline`, {}), 404, 'money_request_not_found');
      expectError(await eve.client.post(`${path}/cancel`, {}), 404, 'money_request_not_found');
      expectError(await eve.client.post(`${path}/remind`, {}), 404, 'money_request_not_found');
    }
    // Each side may only do its own part: the requester neither pays nor declines, the payer neither cancels nor reminds.
    const danaAccount = await fund(db, dana.userId, 'EUR', '50');
    expectError(
      await dana.client.post(`/money-requests/${id}/pay`, { fromAccountId: danaAccount }, withKey()),
      404,
      'money_request_not_found',
    );
    expectError(await dana.client.post(`/money-requests/${id}/decline`, {}), 404, 'money_request_not_found');
    expectError(await sam.client.post(`/money-requests/${id}/cancel`, {}), 404, 'money_request_not_found');
    expectError(await sam.client.post(`/money-requests/${id}/remind`, {}), 404, 'money_request_not_found');
    // Nor does the payer pay it from someone else's account.
    const samAccount = await fund(db, sam.userId, 'EUR', '50');
    expectError(await sam.client.post(`/money-requests/${id}/pay`, { fromAccountId: eveAccount }, withKey()), 404, 'account_not_found');

    expect(await requestRow(id)).toMatchObject({ status: 'open', decidedAt: null, remindedAt: null, transactionId: null });
    expect(await balanceOf(db, eveAccount)).toBe('50.00');
    expect(await balanceOf(db, samAccount)).toBe('50.00');
    expect((await eve.client.get('/money-requests')).body).toEqual([]);
  });
});

describe('an invitation', () => {
  it('goes only to a customer who proved its address: an unverified e-mail or unconfirmed phone claims nothing', async () => {
    const sam = await customer('Sam', 'Smith');
    const from = await fund(db, sam.userId, 'EUR', '30');
    const email = uniqueEmail();
    const phone = uniquePhone();
    expect((await send(sam, { to: email, fromAccountId: from, amount: '10' })).body).toMatchObject({ status: 'invited' });
    expect((await send(sam, { to: phone, fromAccountId: from, amount: '5' })).body).toMatchObject({ status: 'invited' });

    // Someone signs up with the invited e-mail but never verifies it, and types the invited phone without confirming it.
    const squatter = new TestClient(server);
    await registerCustomer(squatter, { email });
    const [row] = await db.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await db.database.db.update(users).set({ phone, phoneConfirmedAt: null }).where(eq(users.id, row!.id));
    await waiting().settleWaiting();

    expect((await sendsOf(sam.userId)).map((send) => ({ status: send.status, recipientId: send.recipientId }))).toEqual([
      { status: 'invited', recipientId: null },
      { status: 'invited', recipientId: null },
    ]);
    expect(await db.database.db.select().from(accounts).where(eq(accounts.userId, row!.id))).toEqual([]);
    expect(await balanceOf(db, from)).toBe('15.00');
  });
});

describe('the recipient look-up', () => {
  it('answers in the same shape and a similar time whatever the address, and at most the daily limit', async () => {
    const sam = await customer('Sam', 'Smith');
    const dana = await customer('Dana', 'Doe');
    // An account whose address is not proven is nobody's yet: it looks like a stranger.
    const unverified = new TestClient(server);
    const { email: unprovenEmail } = await registerCustomer(unverified);

    const timed = async (to: string) => {
      const start = performance.now();
      const answer = await sam.client.post('/send/lookup', { to });
      return { answer, ms: performance.now() - start };
    };
    const customers: number[] = [];
    const strangers: number[] = [];
    const half = RECIPIENT_LOOKUPS_PER_DAY / 2;
    for (let i = 0; i < half; i += 1) {
      const known = await timed(i % 2 ? dana.email : dana.phone);
      expect({ status: known.answer.status, body: known.answer.body }).toEqual({ status: 200, body: { customer: true, name: 'Dana D.' } });
      customers.push(known.ms);
      const other = await timed(i % 3 === 0 ? unprovenEmail : i % 3 === 1 ? uniqueEmail() : uniquePhone());
      expect({ status: other.answer.status, body: other.answer.body }).toEqual({ status: 200, body: { customer: false, name: null } });
      strangers.push(other.ms);
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const [known, stranger] = [median(customers), median(strangers)];
    expect(Math.abs(known - stranger), `medians ${known.toFixed(1)} ms and ${stranger.toFixed(1)} ms`).toBeLessThan(
      Math.max(known, stranger) / 2 + 10,
    );

    // Each address counted once a day: Dana's two, the unproven e-mail once, six other strangers.
    for (let counted = 9; counted < RECIPIENT_LOOKUPS_PER_DAY; counted += 1) {
      expect((await sam.client.post('/send/lookup', { to: uniqueEmail() })).status).toBe(200);
    }
    // Past the limit every new address is refused alike, customer or not, and a request (which looks the payer up) too.
    const eve = await customer('Eve', 'Evans');
    for (const to of [eve.email, eve.phone, uniqueEmail()]) expectError(await sam.client.post('/send/lookup', { to }), 429, 'rate_limited');
    expectError(await ask(sam, { from: eve.email, asset: 'EUR', amount: '1' }), 429, 'rate_limited');
    // An address counted today answers as before: asking again tells nothing new.
    expect((await sam.client.post('/send/lookup', { to: dana.email })).body).toEqual({ customer: true, name: 'Dana D.' });
    // The customer's own look-ups only: another sender is not slowed.
    expect((await dana.client.post('/send/lookup', { to: sam.email })).status).toBe(200);
  });

  it('counts requests to strangers as look-ups, so they cannot be used to enumerate addresses instead', async () => {
    const sam = await customer('Sam', 'Smith');
    for (let i = 0; i < RECIPIENT_LOOKUPS_PER_DAY; i += 1) {
      expectError(await ask(sam, { from: uniqueEmail(), asset: 'EUR', amount: '1' }), 422, 'recipient_not_customer');
    }
    expectError(await sam.client.post('/send/lookup', { to: uniqueEmail() }), 429, 'rate_limited');
  });
});

describe('a send as a look-up', () => {
  it('counts a first send to an address like a look-up, answers a customer and a stranger in the same shape, and refuses past the limit', async () => {
    const sam = await customer('Sam', 'Smith');
    const dana = await customer('Dana', 'Doe');
    const eve = await customer('Eve', 'Evans');
    const from = await fund(db, sam.userId, 'EUR', '100');
    for (let i = 0; i < RECIPIENT_LOOKUPS_PER_DAY - 3; i += 1) {
      expect((await sam.client.post('/send/lookup', { to: uniqueEmail() })).status).toBe(200);
    }
    // The review's look-up, then the send of the same address: counted once.
    expect((await sam.client.post('/send/lookup', { to: eve.email })).body).toEqual({ customer: true, name: 'Eve E.' });
    expect((await send(sam, { to: eve.email, fromAccountId: from, amount: '1' })).status).toBe(201);
    // A first send without a look-up counts; to a customer and to a stranger, the receipt has the same fields.
    const toCustomer = await send(sam, { to: dana.email, fromAccountId: from, amount: '2' });
    const toStranger = await send(sam, { to: uniqueEmail(), fromAccountId: from, amount: '3' });
    expect([toCustomer.status, toStranger.status]).toEqual([201, 201]);
    expect(Object.keys(toCustomer.body).sort()).toEqual(Object.keys(toStranger.body).sort());
    expect([toCustomer.body.status, toStranger.body.status]).toEqual(['sent', 'invited']);

    // The day's addresses are used up: a new one is refused before anything moves, customer or not, and
    // the refusal is counted like a look-up (a retry is refused again).
    for (const to of [uniqueEmail(), uniquePhone(), (await customer('Kim', 'Kane')).email]) {
      expectError(await send(sam, { to, fromAccountId: from, amount: '1' }), 429, 'rate_limited');
      expectError(await send(sam, { to, fromAccountId: from, amount: '1' }), 429, 'rate_limited');
    }
    expect(await balanceOf(db, from)).toBe('94.00');
    expect(await sendsOf(sam.userId)).toHaveLength(3);
    // Whom the customer paid before stays payable, and looking them up tells nothing new.
    expect((await send(sam, { to: dana.email, fromAccountId: from, amount: '4' })).body).toMatchObject({ status: 'sent' });
    expect((await sam.client.post('/send/lookup', { to: dana.email })).body).toEqual({ customer: true, name: 'Dana D.' });
  });

  it('asks for no step-up for a send the balance or the limit refuses', async () => {
    const sam = await customer('Sam', 'Smith');
    const dana = await customer('Dana', 'Doe');
    const from = await fund(db, sam.userId, 'EUR', '900');
    // Above the step-up threshold, both: over the balance, and over level 1's daily 500 US dollars.
    expectError(await send(sam, { to: dana.email, fromAccountId: from, amount: '901' }), 409, 'insufficient_funds');
    expectError(await send(sam, { to: dana.email, fromAccountId: from, amount: '800' }), 409, 'limit_exceeded');
    // Within both, the same send asks for it.
    expectError(await send(sam, { to: dana.email, fromAccountId: from, amount: '300' }), 403, 'step_up_required');
    expect(await balanceOf(db, from)).toBe('900.00');
  });
});

describe('who may send', () => {
  it('refuses a sender without an approved identity check before anything is read or written', async () => {
    const kate = await customer('Kate', 'King');
    const dana = await customer('Dana', 'Doe');
    const from = await fund(db, kate.userId, 'EUR', '20');
    await db.database.db.update(users).set({ kycStatus: 'pending' }).where(eq(users.id, kate.userId));
    const before = await db.counts();
    expectError(await kate.client.post('/send/lookup', { to: dana.email }), 403, 'kyc_required');
    expectError(await send(kate, { to: dana.email, fromAccountId: from, amount: '5' }), 403, 'kyc_required');
    expectError(await ask(kate, { from: dana.email, asset: 'EUR', amount: '5' }), 403, 'kyc_required');
    expect(await db.counts()).toEqual(before);
    expect(await balanceOf(db, from)).toBe('20.00');
  });

  it('refuses sending to or asking oneself, by e-mail in any case or by phone', async () => {
    const sam = await customer('Sam', 'Smith');
    const from = await fund(db, sam.userId, 'EUR', '20');
    for (const to of [sam.email, sam.email.toUpperCase(), sam.phone]) {
      expectError(await send(sam, { to, fromAccountId: from, amount: '5' }), 422, 'send_to_self');
      expectError(await ask(sam, { from: to, asset: 'EUR', amount: '5' }), 422, 'send_to_self');
    }
    expect(await sendsOf(sam.userId)).toEqual([]);
    expect(await balanceOf(db, from)).toBe('20.00');
  });
});

describe('amounts and text no form would send', () => {
  it('refuses too many decimals, negative and zero amounts, a NUL byte and a huge body, and writes nothing', async () => {
    const sam = await customer('Sam', 'Smith');
    const dana = await customer('Dana', 'Doe');
    const from = await fund(db, sam.userId, 'EUR', '20');
    const before = await db.counts();
    const body = { to: dana.email, fromAccountId: from, amount: '5' };
    expectError(await send(sam, { ...body, amount: '1.001' }), 422, 'amount_too_precise');
    expectError(await ask(sam, { from: dana.email, asset: 'EUR', amount: '1.001' }), 422, 'amount_too_precise');
    for (const amount of ['-5', '0', '0.00', '1e2', ' 5', 5]) {
      expectError(await send(sam, { ...body, amount }), 422, 'validation_failed', ['amount']);
      expectError(await ask(sam, { from: dana.email, asset: 'EUR', amount }), 422, 'validation_failed', ['amount']);
    }
    expectError(await send(sam, { ...body, note: 'Din\u0000ner' }), 422, 'validation_failed', ['note']);
    expectError(await send(sam, { ...body, to: `${dana.email}\u0000` }), 422, 'validation_failed', ['to']);
    expectError(await ask(sam, { from: dana.email, asset: 'EUR', amount: '5', note: '\u0000' }), 422, 'validation_failed', ['note']);
    const huge = 'x'.repeat(10 * 1024 * 1024);
    expect(huge.length).toBeGreaterThan(BODY_LIMIT_BYTES);
    expectError(await send(sam, { ...body, note: huge }), 413, 'payload_too_large');
    expectError(await ask(sam, { from: dana.email, asset: 'EUR', amount: '5', note: huge }), 413, 'payload_too_large');
    expect(await db.counts()).toEqual(before);
    expect(await balanceOf(db, from)).toBe('20.00');
  });
});

describe('the Idempotency-Key', () => {
  it('replays the first send and refuses the same key with another body', async () => {
    const sam = await customer('Sam', 'Smith');
    const dana = await customer('Dana', 'Doe');
    const from = await fund(db, sam.userId, 'EUR', '20');
    const key = randomUUID();
    const first = await send(sam, { to: dana.email, fromAccountId: from, amount: '5' }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const replay = await send(sam, { to: dana.email, fromAccountId: from, amount: '5' }, key);
    expect({ status: replay.status, body: replay.body, replayed: replay.headers.get('idempotent-replayed') }).toEqual({
      status: 201,
      body: first.body,
      replayed: 'true',
    });
    expectError(await send(sam, { to: dana.email, fromAccountId: from, amount: '9' }, key), 422, 'idempotency_key_reused');
    expectError(await send(sam, { to: uniqueEmail(), fromAccountId: from, amount: '5' }, key), 422, 'idempotency_key_reused');
    expect(await sendsOf(sam.userId)).toHaveLength(1);
    expect(await balanceOf(db, from)).toBe('15.00');
  });

  it('moves money once for two sends at once with one key, and never past the balance with two keys', async () => {
    const sam = await customer('Sam', 'Smith');
    const dana = await customer('Dana', 'Doe');
    const from = await fund(db, sam.userId, 'EUR', '10');
    const key = randomUUID();
    const twins = await Promise.all([1, 2].map(() => send(sam, { to: dana.email, fromAccountId: from, amount: '4' }, key)));
    expect(twins.map((answer) => answer.status)).toEqual([201, 201]);
    expect(twins[1]!.body).toEqual(twins[0]!.body);
    expect(await balanceOf(db, from)).toBe('6.00');

    const rivals = await Promise.all([1, 2].map(() => send(sam, { to: dana.email, fromAccountId: from, amount: '4' })));
    expect(rivals.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expectError(
      rivals.find((answer) => answer.status === 409)!,
      409,
      'insufficient_funds',
    );
    expect(await balanceOf(db, from)).toBe('2.00');
    expect(await sendsOf(sam.userId)).toHaveLength(2);
  });

  it('pays a request once: a replay answers the payment, another key is money_request_paid', async () => {
    const sam = await customer('Sam', 'Smith');
    const dana = await customer('Dana', 'Doe');
    const from = await fund(db, sam.userId, 'EUR', '20');
    const id = (await ask(dana, { from: sam.email, asset: 'EUR', amount: '8' })).body.id as string;
    const key = randomUUID();
    const pays = await Promise.all([1, 2].map(() => sam.client.post(`/money-requests/${id}/pay`, { fromAccountId: from }, withKey(key))));
    expect(pays.map((answer) => answer.status)).toEqual([200, 200]);
    expect(pays[1]!.body).toEqual(pays[0]!.body);
    expectError(await sam.client.post(`/money-requests/${id}/pay`, { fromAccountId: from }, withKey()), 409, 'money_request_paid');
    const other = await fund(db, sam.userId, 'BTC', '1');
    expectError(await sam.client.post(`/money-requests/${id}/pay`, { fromAccountId: other }, withKey(key)), 422, 'idempotency_key_reused');
    expect(await balanceOf(db, from)).toBe('12.00');
    expect(await requestRow(id)).toMatchObject({ status: 'paid', transactionId: pays[0]!.body.transactionId });
  });
});
