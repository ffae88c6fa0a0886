import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { payLinkQuoteSchema, payLinkReceiptSchema, payLinkSchema, type PayLinkQuote } from '../../contract/payLinks';
import { DEMO_ADMIN } from '../../server/db/seed';
import { auditLedger } from '../../server/services/audit';
import { quoteFigures } from '../../server/services/quote-math';
import { fund, grantStepUp } from './payLinkHelpers';
import { expectError, registerVerifiedCustomer, stepUp, TestClient, useTestServer } from './helpers';

const { db, server } = useTestServer();
let admin: TestClient;

const sqlRows = <Row>(text: string, params?: unknown[]) => db.owner.transaction((session) => session.query<Row>(text, params));

/** Fixed prices as of the server's clock, so the figures below are exact. */
async function setRates() {
  const answer = await admin.post('/admin/rates', {
    rates: [
      { asset: 'EUR', usd: '1.08' },
      { asset: 'BTC', usd: '65000' },
    ],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function customer() {
  const client = new TestClient(server);
  const { email } = await registerVerifiedCustomer(client);
  const userId = (await client.get('/users/me')).body.id as string;
  return { client, email, userId };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** A EUR 12.50 request of a new customer. */
async function request() {
  const requester = await customer();
  await stepUp(requester.client, 'paylink.create', requester.email);
  const answer = await requester.client.post('/pay-links', { asset: 'EUR', amount: '12.50', description: 'Tickets', expiresInHours: null });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { requester, link: payLinkSchema.parse(answer.body) };
}

async function quote(payer: Customer, hash: string, fromAccountId: string): Promise<PayLinkQuote> {
  const answer = await payer.client.post(`/pay-links/${hash}/quotes`, { fromAccountId });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body).not.toHaveProperty('toAccountId');
  return payLinkQuoteSchema.parse(answer.body);
}

const pay = (payer: Customer, hash: string, body: Record<string, string>, key = randomUUID()) =>
  payer.client.post(`/pay-links/${hash}/pay`, body, { headers: { 'idempotency-key': key } });

beforeAll(async () => {
  admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  await setRates();
});

describe('paying a pay link from an account in another asset', () => {
  it('quotes the request’s exact amount, then posts the quote once through treasury and revenue, zero per asset', async () => {
    const { requester, link } = await request();
    const payer = await customer();
    const btc = await fund(db, payer.userId, 'BTC', '0.01');

    const offer = await quote(payer, link.hash, btc);
    const figures = quoteFigures({ fromUsd: '65000', toUsd: '1.08', fromDecimals: 8, toDecimals: 2, amount: '12.50', side: 'out' });
    expect(offer).toMatchObject({
      fromAccountId: btc,
      fromAsset: 'BTC',
      toAsset: 'EUR',
      amountIn: figures.amountIn,
      fee: figures.fee,
      rate: figures.rate,
      // The requester gets exactly what they asked for.
      amountOut: '12.50',
      fundsSufficient: true,
      withinLimit: true,
      firmForSeconds: 30,
    });

    await stepUp(payer.client, 'paylink.pay', payer.email);
    const key = randomUUID();
    const paid = await pay(payer, link.hash, { fromAccountId: btc, quoteId: offer.id }, key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const receipt = payLinkReceiptSchema.parse(paid.body);
    expect(receipt).toMatchObject({ asset: 'EUR', amount: '12.50', fromAsset: 'BTC', amountIn: offer.amountIn, fromAccountId: btc });

    const entries = await sqlRows<{ owner: string | null; role: string | null; currency: string; amount: string }>(
      `SELECT a.user_id::text AS owner, a.system_role AS role, a.currency, e.amount::text AS amount
       FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE e.transaction_id = $1 ORDER BY a.currency, e.amount`,
      [receipt.transactionId],
    );
    expect(entries.map((e) => [e.owner, e.role, e.currency, Number(e.amount)])).toEqual([
      [payer.userId, null, 'BTC', -Number(offer.amountIn)],
      [null, 'revenue', 'BTC', Number(offer.fee)],
      [null, 'treasury', 'BTC', Number(offer.amountIn) - Number(offer.fee)],
      [null, 'treasury', 'EUR', -12.5],
      [requester.userId, null, 'EUR', 12.5],
    ]);
    const sums = await sqlRows<{ currency: string; total: string }>(
      'SELECT a.currency, sum(e.amount)::text AS total FROM ledger_entries e JOIN accounts a ON a.id = e.account_id WHERE e.transaction_id = $1 GROUP BY a.currency',
      [receipt.transactionId],
    );
    expect(sums.map((row) => Number(row.total))).toEqual([0, 0]);
    const activities = await sqlRows<{ type: string; amount: string; counter: string | null; currency: string | null }>(
      `SELECT type, amount::text AS amount, counter_amount::text AS counter, counter_currency AS currency
       FROM activities WHERE transaction_id = $1 ORDER BY type`,
      [receipt.transactionId],
    );
    expect(activities.map((a) => [a.type, Number(a.amount), a.counter && Number(a.counter), a.currency])).toEqual([
      ['payment_received', 12.5, null, null],
      ['payment_sent', -Number(offer.amountIn), 12.5, 'EUR'],
    ]);
    expect(await auditLedger(db.database.db)).toEqual([]);

    // The same key replays the receipt; the quote is used, and the link paid, for any other key.
    const replay = await pay(payer, link.hash, { fromAccountId: btc, quoteId: offer.id }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(paid.body);
    await grantStepUp(db, server, payer.userId, 'paylink.pay');
    const before = await db.counts();
    expectError(await pay(payer, link.hash, { fromAccountId: btc, quoteId: offer.id }), 409, 'pay_link_paid');
    expect(await db.counts()).toEqual(before);
  });

  it('refuses a missing, foreign, other link’s or expired quote with nothing moved, and pays with a fresh one', async () => {
    const { link } = await request();
    const { link: other } = await request();
    const payer = await customer();
    const stranger = await customer();
    const btc = await fund(db, payer.userId, 'BTC', '0.01');
    const eur = await fund(db, payer.userId, 'EUR', '50.00');
    const strangerBtc = await fund(db, stranger.userId, 'BTC', '0.01');
    const otherLinks = await quote(payer, other.hash, btc);
    const strangers = await quote(stranger, link.hash, strangerBtc);
    const late = await quote(payer, link.hash, btc);
    await grantStepUp(db, server, payer.userId, 'paylink.pay');

    const before = await db.counts();
    expectError(await pay(payer, link.hash, { fromAccountId: btc }), 404, 'quote_not_found');
    expectError(await pay(payer, link.hash, { fromAccountId: btc, quoteId: randomUUID() }), 404, 'quote_not_found');
    expectError(await pay(payer, link.hash, { fromAccountId: btc, quoteId: otherLinks.id }), 404, 'quote_not_found');
    expectError(await pay(payer, link.hash, { fromAccountId: btc, quoteId: strangers.id }), 404, 'quote_not_found');
    expectError(await pay(payer, link.hash, { fromAccountId: eur, quoteId: late.id }), 422, 'quote_not_needed');
    // A pay link's quote credits the requester: it is no transfer's quote.
    expectError(
      await payer.client.post('/transfers', { quoteId: late.id }, { headers: { 'idempotency-key': randomUUID() } }),
      404,
      'quote_not_found',
    );
    server.clock.advance(30);
    expectError(await pay(payer, link.hash, { fromAccountId: btc, quoteId: late.id }), 409, 'quote_expired');
    expect(await db.counts()).toEqual(before);

    await setRates();
    const fresh = await quote(payer, link.hash, btc);
    const paid = await pay(payer, link.hash, { fromAccountId: btc, quoteId: fresh.id });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });

  it('refuses quotes for one’s own link, the link’s own asset, someone else’s account and a stale rate', async () => {
    const { requester, link } = await request();
    const payer = await customer();
    const ownBtc = await fund(db, requester.userId, 'BTC', '0.01');
    const eur = await fund(db, payer.userId, 'EUR', '50.00');
    const before = await db.counts();
    expectError(await requester.client.post(`/pay-links/${link.hash}/quotes`, { fromAccountId: ownBtc }), 409, 'pay_link_own');
    expectError(await payer.client.post(`/pay-links/${link.hash}/quotes`, { fromAccountId: eur }), 422, 'quote_not_needed');
    expectError(await payer.client.post(`/pay-links/${link.hash}/quotes`, { fromAccountId: ownBtc }), 404, 'account_not_found');
    expectError(await payer.client.post('/pay-links/AAAAAAAAAAAAAAAAAAAAAA/quotes', { fromAccountId: eur }), 404, 'pay_link_not_found');
    expect(await db.counts()).toEqual(before);

    const btc = await fund(db, payer.userId, 'BTC', '0.01');
    server.clock.advance(5 * 60 + 1);
    try {
      expectError(await payer.client.post(`/pay-links/${link.hash}/quotes`, { fromAccountId: btc }), 503, 'rate_stale');
    } finally {
      await setRates();
    }
  });

  it('says before paying that the account does not cover the quote, and refuses it with nothing moved', async () => {
    const { link } = await request();
    const payer = await customer();
    const btc = await fund(db, payer.userId, 'BTC', '0.0001');
    const offer = await quote(payer, link.hash, btc);
    expect(offer.fundsSufficient).toBe(false);
    await grantStepUp(db, server, payer.userId, 'paylink.pay');
    const before = await db.counts();
    expectError(await pay(payer, link.hash, { fromAccountId: btc, quoteId: offer.id }), 409, 'insufficient_funds');
    expect(await db.counts()).toEqual(before);
  });
});
