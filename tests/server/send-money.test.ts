import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatDecimal, subtract } from '../../contract/decimal';
import { REQUEST_REMINDER_HOURS, sendReceiptSchema } from '../../contract/sendMoney';
import { activities, depositLevelLimits, notifications, users } from '../../server/db/schema';
import { balanceOf, fund } from './payLinkHelpers';
import { expectError, uniqueEmail, useTestServer, withKey } from './helpers';
import { sendMoneyHelpers } from './sendMoneyHelpers';

// Sessions that outlast the days these tests wait on the server's clock, so no one has to sign in again.
const { db, server } = useTestServer({ config: { session: { absoluteSeconds: 60 * 24 * 3_600, idleSeconds: 30 * 24 * 3_600 } } });

const { customer, waiting } = sendMoneyHelpers(db, server);

const balance = (accountId: string) => balanceOf(db, accountId);

describe('sending money between customers', () => {
  it('moves it at once, with both names in the activities, and a lookup shows the masked name only', async () => {
    const dana = await customer('Dana', 'Doe');
    const sam = await customer('Sam', 'Smith');
    const from = await fund(db, sam.userId, 'EUR', '100');

    const lookup = await sam.client.post('/send/lookup', { to: dana.email.toUpperCase() });
    expect(lookup.body).toEqual({ customer: true, name: 'Dana D.' });
    expect((await sam.client.post('/send/lookup', { to: uniqueEmail() })).body).toEqual({ customer: false, name: null });
    expectError(await sam.client.post('/send/lookup', { to: sam.email }), 422, 'send_to_self');

    const key = randomUUID();
    const answer = await sam.client.post(
      '/send',
      { to: dana.email, fromAccountId: from, amount: '12.50', note: 'Dinner' },
      { headers: { 'idempotency-key': key } },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const receipt = sendReceiptSchema.parse(answer.body);
    expect(receipt).toMatchObject({ status: 'sent', held: '0.00', amount: '12.50', recipientName: 'Dana D.' });
    expect(await balance(from)).toBe('87.50');
    const rows = await db.database.db
      .select({
        userId: activities.userId,
        type: activities.type,
        amount: sql<string>`${activities.amount}::text`,
        counterparty: activities.counterparty,
      })
      .from(activities)
      .where(eq(activities.transactionId, receipt.transactionId));
    expect(rows.map((row) => ({ ...row, amount: formatDecimal(row.amount) }))).toEqual(
      expect.arrayContaining([
        { userId: sam.userId, type: 'money_sent', amount: '-12.50', counterparty: 'Dana Doe' },
        { userId: dana.userId, type: 'money_received', amount: '12.50', counterparty: 'Sam Smith' },
      ]),
    );
    // The same key again answers the first send, nothing moves twice.
    const replay = await sam.client.post(
      '/send',
      { to: dana.email, fromAccountId: from, amount: '12.50', note: 'Dinner' },
      { headers: { 'idempotency-key': key } },
    );
    expect(replay.body.id).toBe(receipt.id);
    expect(await balance(from)).toBe('87.50');
    expect((await sam.client.get('/send/contacts?q=dana')).body).toEqual([
      { to: dana.email, name: 'Dana Doe', lastSentAt: receipt.createdAt },
    ]);
  });

  it('shows the receiver what their limit holds back as pending, until the maintenance round releases it', async () => {
    const dana = await customer('Dana', 'Doe');
    const sam = await customer('Sam', 'Smith');
    const from = await fund(db, sam.userId, 'EUR', '100');
    const receiveLimit = and(eq(depositLevelLimits.level, 1), eq(depositLevelLimits.operation, 'receive'));
    await db.database.db.update(depositLevelLimits).set({ dailyUsd: '10' }).where(receiveLimit);
    let held: string;
    try {
      const answer = await sam.client.post(
        '/send',
        { to: dana.email, fromAccountId: from, amount: '30', note: 'Rent' },
        { headers: { 'idempotency-key': randomUUID() } },
      );
      expect(answer.body).toMatchObject({ status: 'held' });
      held = answer.body.held;
    } finally {
      await db.database.db.update(depositLevelLimits).set({ dailyUsd: '1000' }).where(receiveLimit);
    }
    const received = async () =>
      (await dana.client.get('/activities?type=money_received')).body.items
        .map((item: { status: string; amount: string; counterparty: string; reference: string }) =>
          [item.status, item.amount, item.counterparty, item.reference].join(' '),
        )
        .sort();
    const arrived = subtract('30.00', held);
    expect(await received()).toEqual([`completed ${arrived} Sam Smith Rent`, `pending ${held} Sam Smith Rent`]);
    // Once the limit takes it, the pending line gives way to the money itself.
    await waiting().settleWaiting();
    expect(await received()).toEqual([`completed ${arrived} Sam Smith Rent`, `completed ${held} Sam Smith Rent`].sort());
  });

  it('invites an address no customer has, and gives the money back after 14 days unless claimed', async () => {
    const sam = await customer('Sam', 'Smith');
    const from = await fund(db, sam.userId, 'EUR', '50');
    const invitee = uniqueEmail();
    const answer = await sam.client.post(
      '/send',
      { to: invitee, fromAccountId: from, amount: '20' },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ status: 'invited', held: '20.00', recipientName: null });
    expect(await balance(from)).toBe('30.00');

    await waiting().settleWaiting();
    expect(await balance(from)).toBe('30.00');
    server.clock.advance(14 * 24 * 3_600);
    await waiting().settleWaiting();
    expect(await balance(from)).toBe('50.00');
  });

  it('asks a customer to pay: only the payer pays or declines, only the requester cancels or reminds, once a day', async () => {
    const dana = await customer('Dana', 'Doe');
    const sam = await customer('Sam', 'Smith');
    const eve = await customer('Eve', 'Evans');
    const from = await fund(db, sam.userId, 'EUR', '40');
    const body = { from: sam.email, asset: 'EUR', amount: '15', note: 'Taxi' };
    expectError(await dana.client.post('/money-requests', body), 422, 'idempotency_key_required');
    const key = randomUUID();
    const asked = await dana.client.post('/money-requests', body, withKey(key));
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.id as string;
    // A retry with the same key is the same request, asked once; another ask with it is refused.
    expect((await dana.client.post('/money-requests', body, withKey(key))).body).toEqual(asked.body);
    expectError(await dana.client.post('/money-requests', { ...body, amount: '16' }, withKey(key)), 422, 'idempotency_key_reused');
    expect((await sam.client.get('/money-requests')).body).toHaveLength(1);
    expectError(
      await dana.client.post('/money-requests', { from: uniqueEmail(), asset: 'EUR', amount: '1' }, withKey()),
      422,
      'recipient_not_customer',
    );
    // Someone else's request is not found, whatever they try.
    expectError(await eve.client.post(`/money-requests/${id}/pay`, { fromAccountId: from }, withKey()), 404, 'money_request_not_found');
    expectError(await eve.client.post(`/money-requests/${id}/cancel`, {}), 404, 'money_request_not_found');
    expectError(await dana.client.post(`/money-requests/${id}/decline`, {}), 404, 'money_request_not_found');
    expectError(await dana.client.post(`/money-requests/${id}/remind`, {}), 409, 'reminder_too_soon');

    const paid = await sam.client.post(`/money-requests/${id}/pay`, { fromAccountId: from }, withKey());
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ to: null, amount: '15.00', status: 'sent' });
    expect(await balance(from)).toBe('25.00');
    expectError(await sam.client.post(`/money-requests/${id}/pay`, { fromAccountId: from }, withKey()), 409, 'money_request_paid');
    expect((await sam.client.get('/money-requests')).body[0]).toMatchObject({
      id,
      direction: 'incoming',
      status: 'paid',
      counterpartyName: 'Dana Doe',
    });
    expectError(await sam.client.post(`/money-requests/${id}/decline`, {}), 409, 'money_request_paid');
    expectError(await dana.client.post(`/money-requests/${id}/cancel`, {}), 409, 'money_request_paid');
    expectError(await dana.client.post(`/money-requests/${id}/remind`, {}), 409, 'money_request_paid');
  });

  it('never pays a declined or cancelled request, and says which it was', async () => {
    const dana = await customer('Dana', 'Doe');
    const sam = await customer('Sam', 'Smith');
    const from = await fund(db, sam.userId, 'EUR', '40');
    const ask = async () =>
      (await dana.client.post('/money-requests', { from: sam.email, asset: 'EUR', amount: '5' }, withKey())).body.id as string;
    const [declined, cancelled] = [await ask(), await ask()];
    expect((await sam.client.post(`/money-requests/${declined}/decline`, {})).body).toMatchObject({ status: 'declined' });
    expect((await dana.client.post(`/money-requests/${cancelled}/cancel`, {})).body).toMatchObject({ status: 'cancelled' });
    for (const [id, status] of [
      [declined, 'declined'],
      [cancelled, 'cancelled'],
    ] as const) {
      expectError(await sam.client.post(`/money-requests/${id}/pay`, { fromAccountId: from }, withKey()), 409, `money_request_${status}`);
      expectError(await sam.client.post(`/money-requests/${id}/decline`, {}), 409, `money_request_${status}`);
      expectError(await dana.client.post(`/money-requests/${id}/cancel`, {}), 409, `money_request_${status}`);
    }
    expect(await balance(from)).toBe('40.00');
  });

  it('refuses requests and lookups to senders without an approved identity check', async () => {
    const dana = await customer('Dana', 'Doe');
    await db.database.db.update(users).set({ kycStatus: 'pending' }).where(eq(users.id, dana.userId));
    expectError(await dana.client.post('/send/lookup', { to: uniqueEmail() }), 403, 'kyc_required');
  });

  it('reminds the payer at most once a day by the server clock, each time with a notification', async () => {
    const dana = await customer('Dana', 'Doe');
    const sam = await customer('Sam', 'Smith');
    const asked = await dana.client.post('/money-requests', { from: sam.email, asset: 'EUR', amount: '7' }, withKey());
    const id = asked.body.id as string;
    const remind = () => dana.client.post(`/money-requests/${id}/remind`, {});
    const told = async () =>
      (
        await db.database.db
          .select({ kind: notifications.kind })
          .from(notifications)
          .where(and(eq(notifications.userId, sam.userId), eq(notifications.kind, 'money_requested')))
      ).length;
    const after = (from: string, hours: number) => new Date(new Date(from).getTime() + hours * 3_600_000).toISOString();
    // The access token runs out meanwhile: the app renews it with the refresh cookie, as here.
    const later = async (seconds: number) => {
      server.clock.advance(seconds);
      const renewed = await dana.client.post('/auth/refresh', {});
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      dana.client.token = renewed.body.accessToken;
    };
    const tooSoon = async (next: string) => {
      const answer = await remind();
      expectError(answer, 409, 'reminder_too_soon');
      expect(answer.body.error.fields).toEqual({ next });
    };

    // The request itself told the payer: the first reminder waits a day from it.
    await tooSoon(after(asked.body.createdAt, REQUEST_REMINDER_HOURS));
    await later(REQUEST_REMINDER_HOURS * 3_600 - 1);
    await tooSoon(after(asked.body.createdAt, REQUEST_REMINDER_HOURS));
    expect(await told()).toBe(1);
    await later(1);
    const first = await remind();
    expect(first.body).toMatchObject({ status: 'open', remindedAt: server.clock.now().toISOString() });
    expect(await told()).toBe(2);
    // The next one waits a day from this reminder, however often the requester asks.
    await tooSoon(after(first.body.remindedAt, REQUEST_REMINDER_HOURS));
    await later(12 * 3_600);
    await tooSoon(after(first.body.remindedAt, REQUEST_REMINDER_HOURS));
    expect(await told()).toBe(2);
    await later(12 * 3_600);
    expect((await remind()).status).toBe(200);
    expect(await told()).toBe(3);
  });
});
