import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payLinkPreviewSchema, payLinkReceiptSchema, payLinkSchema, payLinkViewSchema } from '../../contract/payLinks';
import { accounts, activities, ledgerTransactions, payLinks, sessions, users } from '../../server/db/schema';
import { auditLedger } from '../../server/services/audit';
import { formatDecimal } from '../../contract/decimal';
import { balanceOf, fund, grantStepUp } from './payLinkHelpers';
import { expectError, TestClient, registerVerifiedCustomer, stepUp, useTestServer } from './helpers';

const { db, server } = useTestServer();

interface Customer {
  client: TestClient;
  email: string;
  userId: string;
}

async function customer(firstName?: string, lastName?: string): Promise<Customer> {
  const client = new TestClient(server);
  const { email } = await registerVerifiedCustomer(client);
  const userId = (await client.get('/users/me')).body.id as string;
  // Sign-up asks for no name; the profile step that sets it is not this test's concern.
  if (firstName) await db.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
  return { client, email, userId };
}

async function createLink(requester: Customer, body: Record<string, unknown> = {}) {
  await stepUp(requester.client, 'paylink.create', requester.email);
  const answer = await requester.client.post('/pay-links', {
    asset: 'EUR',
    amount: '12.50',
    description: 'Concert tickets',
    expiresInHours: null,
    ...body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return payLinkSchema.parse(answer.body);
}

const pay = (payer: Customer, hash: string, fromAccountId: string, key = randomUUID()) =>
  payer.client.post(`/pay-links/${hash}/pay`, { fromAccountId }, { headers: { 'idempotency-key': key } });

const balance = (accountId: string) => balanceOf(db, accountId);

describe('pay links', () => {
  it('show a visitor without a session who asks, masked, and how much, but not why; guessing hashes there is limited', async () => {
    const link = await createLink(await customer('Ada', 'Lovelace'));
    const visitor = new TestClient(server);
    const preview = await visitor.get(`/pay-links/${link.hash}/preview`);
    expect(preview.status).toBe(200);
    expect(payLinkPreviewSchema.strict().parse(preview.body)).toEqual({
      asset: 'EUR',
      amount: '12.50',
      status: 'open',
      requesterName: 'Ada L.',
    });
    expectError(await visitor.get(`/pay-links/${'A'.repeat(22)}/preview`), 404, 'pay_link_not_found');
    // 30 reads per address in 15 minutes: the two above, 28 more, then refused.
    for (let read = 2; read < 30; read += 1) expect((await visitor.get(`/pay-links/${link.hash}/preview`)).status).toBe(200);
    expectError(await visitor.get(`/pay-links/${link.hash}/preview`), 429, 'rate_limited');
  });

  it('are created after the step-up only, with a 128-bit hash, and listed with their status', async () => {
    const requester = await customer('Ada', 'Lovelace');
    const refused = await requester.client.post('/pay-links', { asset: 'EUR', amount: '5', description: 'Lunch', expiresInHours: 24 });
    expectError(refused, 403, 'step_up_required');

    const link = await createLink(requester, { expiresInHours: 24 });
    expect(link).toMatchObject({ asset: 'EUR', amount: '12.50', description: 'Concert tickets', status: 'open' });
    expect(link.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Date.parse(link.expiresAt!) - Date.parse(link.createdAt)).toBe(24 * 3_600_000);
    // The grant was spent: a second request needs a second step-up.
    const again = await requester.client.post('/pay-links', { asset: 'EUR', amount: '5', description: 'Lunch', expiresInHours: null });
    expectError(again, 403, 'step_up_required');

    const list = await requester.client.get('/pay-links');
    expect(list.status).toBe(200);
    expect(list.body.map((row: { hash: string }) => row.hash)).toEqual([link.hash]);
  });

  it('refuse amounts with more decimals than the asset keeps, and bad input, writing nothing', async () => {
    const requester = await customer();
    await stepUp(requester.client, 'paylink.create', requester.email);
    const before = await db.counts();
    expectError(
      await requester.client.post('/pay-links', { asset: 'EUR', amount: '1.234', description: 'x', expiresInHours: null }),
      422,
      'amount_too_precise',
    );
    for (const body of [
      { asset: 'EUR', amount: '0', description: 'x', expiresInHours: null },
      { asset: 'EUR', amount: '-1', description: 'x', expiresInHours: null },
      { asset: 'EUR', amount: '1', description: '', expiresInHours: null },
      { asset: 'EUR', amount: '1', description: 'a\u0000b', expiresInHours: null },
      { asset: 'EUR', amount: '1', description: 'x'.repeat(141), expiresInHours: null },
      { asset: 'EUR', amount: '1', description: 'x', expiresInHours: 5 },
      { asset: 'XXX', amount: '1', description: 'x', expiresInHours: null },
    ]) {
      expectError(await requester.client.post('/pay-links', body), 422, 'validation_failed');
    }
    const after = await db.counts();
    expect({ ...after, step_ups: 0 }).toEqual({ ...before, step_ups: 0 });
  });

  it('show the payer the requester’s display name only, and are paid once in one balanced transaction', async () => {
    const requester = await customer('Grace', 'Hopper');
    const payer = await customer('Alan', 'Turing');
    const link = await createLink(requester);
    const from = await fund(db, payer.userId, 'EUR', '100.00');

    const seen = await payer.client.get(`/pay-links/${link.hash}`);
    expect(seen.status).toBe(200);
    expect(payLinkViewSchema.strict().parse(seen.body)).toEqual({
      hash: link.hash,
      asset: 'EUR',
      amount: '12.50',
      description: 'Concert tickets',
      status: 'open',
      expiresAt: null,
      requesterName: 'Grace Hopper',
      own: false,
    });
    expect(JSON.stringify(seen.body)).not.toContain(requester.email);

    expectError(await pay(payer, link.hash, from), 403, 'step_up_required');
    await stepUp(payer.client, 'paylink.pay', payer.email);
    const key = randomUUID();
    const paid = await pay(payer, link.hash, from, key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const receipt = payLinkReceiptSchema.parse(paid.body);
    expect(receipt).toMatchObject({ amount: '12.50', asset: 'EUR', requesterName: 'Grace Hopper', fromAccountId: from });

    // The same key again replays the receipt; nothing moves twice.
    const replay = await pay(payer, link.hash, from, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(paid.body);
    // The same key with another body is refused.
    expectError(
      await payer.client.post(`/pay-links/${link.hash}/pay`, { fromAccountId: randomUUID() }, { headers: { 'idempotency-key': key } }),
      422,
      'idempotency_key_reused',
    );

    expect(await balance(from)).toBe('87.50');
    // The requester had no EUR account: the payment opened it.
    const [target] = await db.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, requester.userId), eq(accounts.currency, 'EUR')));
    expect(await balance(target!.id)).toBe('12.50');
    const [transaction] = await db.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, receipt.transactionId));
    expect(transaction).toMatchObject({ kind: 'payment', userId: payer.userId });
    const posted = await db.database.db
      .select({ type: activities.type, amount: sql<string>`${activities.amount}::text`, counterparty: activities.counterparty })
      .from(activities)
      .where(eq(activities.transactionId, receipt.transactionId));
    expect(posted.map((row) => ({ ...row, amount: formatDecimal(row.amount) })).sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'payment_received', amount: '12.50', counterparty: 'Alan Turing' },
      { type: 'payment_sent', amount: '-12.50', counterparty: 'Grace Hopper' },
    ]);

    const mine = await requester.client.get('/pay-links');
    expect(mine.body[0]).toMatchObject({ hash: link.hash, status: 'paid' });
    expect((await payer.client.get(`/pay-links/${link.hash}`)).body.status).toBe('paid');

    // A second payer is told it was paid, and nothing is written.
    const late = await customer();
    const lateFrom = await fund(db, late.userId, 'EUR', '50.00');
    await stepUp(late.client, 'paylink.pay', late.email);
    const before = await db.counts();
    expectError(await pay(late, link.hash, lateFrom), 409, 'pay_link_paid');
    expect(await db.counts()).toEqual(before);
    expect(await auditLedger(db.database.db)).toEqual([]);
  });

  it('refuse paying one’s own link, from another asset without a quote or someone else’s account, and more than the balance', async () => {
    const requester = await customer();
    const payer = await customer();
    const link = await createLink(requester, { amount: '30.00' });
    const own = await fund(db, requester.userId, 'EUR', '100.00');
    await stepUp(requester.client, 'paylink.pay', requester.email);
    expectError(await pay(requester, link.hash, own), 409, 'pay_link_own');

    const btc = await fund(db, payer.userId, 'BTC', '1');
    const poor = await fund(db, payer.userId, 'EUR', '10.00');
    await grantStepUp(db, server, payer.userId, 'paylink.pay');
    const before = await db.counts();
    expectError(await pay(payer, link.hash, btc), 404, 'quote_not_found');
    expectError(await pay(payer, link.hash, own), 404, 'account_not_found');
    expectError(await pay(payer, link.hash, poor), 409, 'insufficient_funds');
    expect(await db.counts()).toEqual(before);
    expect((await payer.client.get(`/pay-links/${link.hash}`)).body.status).toBe('open');
  });

  it('answer 404 for unknown and malformed hashes, and say when a link is cancelled or expired', async () => {
    const requester = await customer();
    const payer = await customer();
    expectError(await payer.client.get('/pay-links/AAAAAAAAAAAAAAAAAAAAAA'), 404, 'pay_link_not_found');
    expectError(await payer.client.get('/pay-links/short'), 404, 'pay_link_not_found');
    expectError(await payer.client.get('/pay-links/AAAAAAAAAAAAAAAAAAAAAA/events'), 404, 'pay_link_not_found');

    const cancelled = await createLink(requester);
    // Only the requester may cancel; to anyone else it does not exist.
    expectError(await payer.client.post(`/pay-links/${cancelled.hash}/cancel`, {}), 404, 'pay_link_not_found');
    const done = await requester.client.post(`/pay-links/${cancelled.hash}/cancel`, {});
    expect(done.body.status).toBe('cancelled');
    expectError(await requester.client.post(`/pay-links/${cancelled.hash}/cancel`, {}), 409, 'pay_link_cancelled');
    const from = await fund(db, payer.userId, 'EUR', '100.00');
    await grantStepUp(db, server, payer.userId, 'paylink.pay');
    expectError(await pay(payer, cancelled.hash, from), 409, 'pay_link_cancelled');

    const expiring = await createLink(requester, { expiresInHours: 1 });
    // An hour later (moved in the row: the test clock's hour would also outlive the access tokens).
    await db.database.db.update(payLinks).set({ expiresAt: server.clock.now() }).where(eq(payLinks.hash, expiring.hash));
    expect((await payer.client.get(`/pay-links/${expiring.hash}`)).body.status).toBe('expired');
    await grantStepUp(db, server, payer.userId, 'paylink.pay');
    expectError(await pay(payer, expiring.hash, from), 409, 'pay_link_expired');
    expectError(await requester.client.post(`/pay-links/${expiring.hash}/cancel`, {}), 409, 'pay_link_expired');
  });

  it('stream the status to the requester’s page as Server-Sent Events, uncompressed, as a background request', async () => {
    const requester = await customer();
    const payer = await customer();
    const link = await createLink(requester);
    const from = await fund(db, payer.userId, 'EUR', '20.00');

    const controller = new AbortController();
    const response = await server.app.request(
      `http://localhost/api/pay-links/${link.hash}/events`,
      {
        headers: {
          authorization: `Bearer ${requester.client.token}`,
          accept: 'text/event-stream',
          'accept-encoding': 'br, gzip',
          'x-forwarded-for': requester.client.ip,
        },
        signal: controller.signal,
      },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } } as never,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += value;
      }
    };
    await until(/event: status\ndata: \{"status":"open"\}\n\n/);

    await grantStepUp(db, server, payer.userId, 'paylink.pay');
    expect((await pay(payer, link.hash, from)).status).toBe(200);
    await until(/data: \{"status":"paid"\}/);
    controller.abort();
    await reader.cancel().catch(() => {});
    // The stream is the app's doing, not the customer's: it left the session's last activity alone.
    const [session] = await db.database.db
      .select({ at: sessions.lastActiveAt })
      .from(sessions)
      .where(eq(sessions.userId, requester.userId));
    expect(session!.at.getTime()).toBeLessThanOrEqual(server.clock.now().getTime());
  });

  it('refuse the event stream without a session', async () => {
    const requester = await customer();
    const link = await createLink(requester);
    expectError(await requester.client.get(`/pay-links/${link.hash}/events`, { token: null }), 401, 'unauthorized');
  });
});
