import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  allocationSchema,
  assetHistorySchema,
  cardSpendingSchema,
  portfolioHistorySchema,
  type PortfolioHistory,
} from '../../contract/charts';
import { quoteSchema, transferSchema } from '../../contract/transfers';
import { accounts, cardAuthorizations } from '../../server/db/schema';
import { credit } from '../../server/services/ledger';
import { cardCustomer } from './cardHelpers';
import { DEFAULT_PASSWORD, TEST_EPOCH, TestClient, registerVerifiedCustomer, setRates, useTestServer, withKey } from './helpers';

const { db, server } = useTestServer();

const at = (minutes: number) => new Date(TEST_EPOCH.getTime() + minutes * 60_000);

/** Moves the clock to `minutes` after the epoch. */
function clockAt(minutes: number) {
  server.clock.advance((at(minutes).getTime() - server.clock.now().getTime()) / 1000);
}

/** A customer's account in `asset`, credited `amount` at each instant given (a hand-made ledger). */
async function holding(userId: string, kind: 'fiat' | 'crypto', asset: 'EUR' | 'BTC', credits: [string, Date][]) {
  const accountId = randomUUID();
  await db.database.db.insert(accounts).values({ id: accountId, userId, kind, currency: asset, name: asset, createdAt: TEST_EPOCH });
  for (const [amount, when] of credits) await credit(db.database.db, { kind: 'deposit', userId, accountId, asset, amount, at: when });
  return accountId;
}

describe('the portfolio over time', () => {
  it('values what the ledger held at the end of each point’s bucket at that bucket’s prices, with the change', async () => {
    // 09:00 BTC 60 000 and EUR 1.10; 09:10 0.01 BTC arrives; 10:05 BTC 62 000; 10:20 100 EUR arrive; 11:30 BTC 61 000.
    await setRates(server, [
      { asset: 'BTC', usd: '60000' },
      { asset: 'EUR', usd: '1.1' },
    ]);
    const client = new TestClient(server);
    const { email } = await registerVerifiedCustomer(client);
    const userId = (await client.get('/users/me')).body.id as string;
    await holding(userId, 'crypto', 'BTC', [['0.01', at(10)]]);
    clockAt(65);
    await setRates(server, [{ asset: 'BTC', usd: '62000' }]);
    await holding(userId, 'fiat', 'EUR', [['100', at(80)]]);
    clockAt(150);
    await setRates(server, [{ asset: 'BTC', usd: '61000' }]);
    expect((await client.login(email, DEFAULT_PASSWORD)).status).toBe(200);

    const read = async (range: string): Promise<PortfolioHistory> => {
      const answer = await client.get(`/portfolio/history?range=${range}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return portfolioHistorySchema.parse(answer.body);
    };
    const week = await read('1w');
    // Hourly: 09:00 holds 0.01 BTC at 60 000; 10:00 adds 100 EUR (by 11:00) at 62 000 and 1.10; 11:00 and now at 61 000.
    expect(week.points).toEqual([
      { at: at(0).toISOString(), value: '600.00' },
      { at: at(60).toISOString(), value: '730.00' },
      { at: at(120).toISOString(), value: '720.00' },
      { at: at(150).toISOString(), value: '720.00' },
    ]);
    expect(week).toMatchObject({ range: '1w', currency: 'USD', change: { amount: '120.00', percent: '20.00' }, simulatedUntil: null });
    // Every price of the day: the line starts with the first price a holding had, and ends now.
    const day = await read('1d');
    expect(day.points.map((point) => [point.at, point.value])).toEqual([
      [at(0).toISOString(), '600.00'],
      [at(65).toISOString(), '730.00'],
      [at(150).toISOString(), '720.00'],
    ]);
    // Daily: today's bucket holds today's last prices; the line ends now with what is held now.
    const year = await read('1y');
    expect(year.points.map((point) => point.value)).toEqual(['720.00', '720.00']);
    expect(year.change).toEqual({ amount: '0.00', percent: '0.00' });

    // Allocation now: 0.01 BTC at 61 000 and 100 EUR at 1.10, shares adding up to 100.
    const allocation = allocationSchema.parse((await client.get('/portfolio/allocation')).body);
    expect(allocation).toEqual({
      currency: 'USD',
      total: '720.00',
      assets: [
        { asset: 'BTC', amount: '0.01', value: '610.00', percent: '84.72' },
        { asset: 'EUR', amount: '100.00', value: '110.00', percent: '15.28' },
      ],
    });
  });

  it('answers an empty line and no allocation for a customer who never held anything', async () => {
    const client = new TestClient(server);
    await registerVerifiedCustomer(client);
    const history = portfolioHistorySchema.parse((await client.get('/portfolio/history?range=all')).body);
    expect(history).toEqual({ range: 'all', currency: 'USD', points: [], change: { amount: '0.00', percent: null }, simulatedUntil: null });
    expect(allocationSchema.parse((await client.get('/portfolio/allocation')).body)).toEqual({
      currency: 'USD',
      total: '0.00',
      assets: [],
    });
  });

  it('counts card debt against the portfolio, and pledged collateral as held', async () => {
    clockAt(24 * 60);
    await setRates(server, [
      { asset: 'BTC', usd: '50000' },
      { asset: 'EUR', usd: '1.2' },
    ]);
    const c = await cardCustomer(server, db, { held: '0.1', pledged: '0.04' });
    const paid = await c.client.post(
      '/simulate/card-authorizations',
      { cardId: c.cardId, amount: '100', merchant: 'Marché Bio', channel: 'chip', category: 'groceries' },
      withKey(),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const history = portfolioHistorySchema.parse((await c.client.get('/portfolio/history?range=1d')).body);
    // 0.1 BTC (0.06 free, 0.04 pledged) at 50 000, less 100 EUR owed at 1.20.
    expect(history.points.at(-1)!.value).toBe('4880.00');
    const allocation = allocationSchema.parse((await c.client.get('/portfolio/allocation')).body);
    expect(allocation.assets).toEqual([{ asset: 'BTC', amount: '0.10', value: '5000.00', percent: '100.00' }]);
  });
});

describe('a card account’s spending', () => {
  it('adds up each calendar month of the last twelve and each merchant category', async () => {
    clockAt(2 * 24 * 60);
    await setRates(server, [
      { asset: 'BTC', usd: '50000' },
      { asset: 'EUR', usd: '1.2' },
    ]);
    const c = await cardCustomer(server, db, { held: '1', pledged: '0.5' });
    for (const [amount, merchant, category] of [
      ['42.50', 'Marché Bio', 'groceries'],
      ['12.30', 'Café Lumière', 'dining'],
      ['7.20', 'Café Lumière', 'dining'],
      ['5', 'Kiosk', undefined],
    ] as const) {
      const paid = await c.client.post(
        '/simulate/card-authorizations',
        { cardId: c.cardId, amount, merchant, channel: 'chip', ...(category ? { category } : {}) },
        withKey(),
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
    // Earlier payments, written as the network left them: two months ago, and thirteen (out of the chart).
    const [payment] = await db.database.db.select().from(cardAuthorizations).limit(1);
    for (const [amount, when] of [
      ['300', new Date('2026-01-15T12:00:00Z')],
      ['999', new Date('2025-02-27T12:00:00Z')],
    ] as const)
      await db.database.db
        .insert(cardAuthorizations)
        .values({ ...payment!, id: randomUUID(), cardId: c.cardId, amount, category: 'travel', createdAt: when });

    const answer = await c.client.get(`/card-accounts/${c.accountId}/spending`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const spending = cardSpendingSchema.parse(answer.body);
    expect(spending.currency).toBe('EUR');
    expect(spending.months.map((month) => month.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(spending.months.filter((month) => month.amount !== '0.00')).toEqual([
      { month: '2026-01', amount: '300.00' },
      { month: '2026-03', amount: '67.00' },
    ]);
    expect(spending.categories).toEqual([
      { category: 'travel', amount: '300.00' },
      { category: 'groceries', amount: '42.50' },
      { category: 'dining', amount: '19.50' },
      { category: 'other', amount: '5.00' },
    ]);
  });
});

/** Exchanges `amount` out of `fromAccountId` into `toAccountId` now, as the customer does: a quote, then the transfer. */
async function exchange(client: TestClient, fromAccountId: string, toAccountId: string, amount: string) {
  const quoted = await client.post('/transfers/quotes', { fromAccountId, toAccountId, amount, side: 'in' });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
  const done = await client.post('/transfers', { quoteId: quoteSchema.parse(quoted.body).id }, withKey());
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return transferSchema.parse(done.body);
}

describe('an asset’s price chart with the customer’s exchanges', () => {
  it('marks the customer’s own exchanges of the asset within the range, never another’s', async () => {
    const start = 3 * 24 * 60;
    clockAt(start);
    await setRates(server, [
      { asset: 'BTC', usd: '65000' },
      { asset: 'EUR', usd: '1.08' },
    ]);
    const customer = async () => {
      const client = new TestClient(server);
      const { email } = await registerVerifiedCustomer(client);
      const userId = (await client.get('/users/me')).body.id as string;
      const eur = await holding(userId, 'fiat', 'EUR', [['1000', at(start)]]);
      const btc = await holding(userId, 'crypto', 'BTC', []);
      expect((await client.login(email, DEFAULT_PASSWORD)).status).toBe(200);
      return { client, email, eur, btc };
    };
    const me = await customer();
    const other = await customer();
    // 09:02 I buy with 200 EUR; the other customer buys too; 10:30 BTC is 66 000; 10:32 I sell 0.002 BTC.
    // (A quote needs rates younger than 5 minutes.)
    clockAt(start + 2);
    const bought = await exchange(me.client, me.eur, me.btc, '200');
    await exchange(other.client, other.eur, other.btc, '100');
    clockAt(start + 90);
    await setRates(server, [
      { asset: 'BTC', usd: '66000' },
      { asset: 'EUR', usd: '1.08' },
    ]);
    clockAt(start + 92);
    // The sessions went idle meanwhile.
    for (const who of [me, other]) expect((await who.client.login(who.email, DEFAULT_PASSWORD)).status).toBe(200);
    const sold = await exchange(me.client, me.btc, me.eur, '0.002');
    await exchange(other.client, other.eur, other.btc, '50');

    const read = async (asset: string, range: string) => {
      const answer = await me.client.get(`/portfolio/asset-history?asset=${asset}&range=${range}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return assetHistorySchema.parse(answer.body);
    };
    const day = await read('BTC', '1d');
    expect(day.points).toEqual([
      { at: at(start).toISOString(), usd: '65000.00' },
      { at: at(start + 90).toISOString(), usd: '66000.00' },
    ]);
    // 200 EUR at 65 000 less the spread and fee, as POST /transfers computes it. A transfer answers the
    // activity of the side it was paid from: the sale's is the BTC account's, the purchase's the EUR one's.
    expect(day.exchanges).toEqual([
      {
        activityId: expect.any(String),
        at: at(start + 2).toISOString(),
        amount: '0.00329108',
        counterAmount: '-200.00',
        counterCurrency: 'EUR',
      },
      {
        activityId: sold.activityId,
        at: at(start + 92).toISOString(),
        amount: '-0.002',
        counterAmount: sold.quote.amountOut,
        counterCurrency: 'EUR',
      },
    ]);
    // The EUR side of the same exchanges is the EUR chart's, signed the other way.
    const eur = await read('EUR', '1d');
    expect(eur.exchanges.map((marker) => [marker.activityId, marker.amount, marker.counterAmount])).toEqual([
      [bought.activityId, '-200.00', '0.00329108'],
      [expect.any(String), sold.quote.amountOut, '-0.002'],
    ]);
    // A day later the first exchange has left the day's range but not the week's; nothing of USDT was exchanged.
    clockAt(start + 24 * 60 + 30);
    expect((await me.client.login(me.email, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await read('BTC', '1d')).exchanges.map((marker) => marker.at)).toEqual([at(start + 92).toISOString()]);
    expect((await read('BTC', '1w')).exchanges).toHaveLength(2);
    expect((await read('USDT', 'all')).exchanges).toEqual([]);
  }, 60_000);
});
