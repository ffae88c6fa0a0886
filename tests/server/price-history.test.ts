import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceHistorySchema, type PriceHistory } from '../../contract/rates';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../server/db/seed';
import { backfillSimulatedHistory } from '../../server/services/priceHistory';
import { SIMULATION } from '../../server/services/rates';
import { TEST_EPOCH, TestClient, createTestDatabase, createTestServer, expectError, type TestDatabase, type TestServer } from './helpers';

let db: TestDatabase;
let server: TestServer;
let admin: TestClient;
let customer: TestClient;

beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestServer(db);
  admin = new TestClient(server);
  customer = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  expect((await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
});
afterAll(() => db.close());

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

async function history(asset: string, range: string): Promise<PriceHistory> {
  const answer = await customer.get(`/rates/history?asset=${asset}&range=${range}`);
  expect(answer.status).toBe(200);
  return priceHistorySchema.parse(answer.body);
}

/** Moves the clock on, signing both in again: sessions end after 15 quiet minutes and 30 days. */
async function later(seconds: number) {
  server.clock.advance(seconds);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  expect((await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
}

async function setBtc(usd: string) {
  expect((await admin.post('/admin/rates', { rates: [{ asset: 'BTC', usd }] })).status).toBe(200);
}

describe('GET /rates/history', () => {
  it('keeps each hour’s and each day’s last price beyond the 24 hours of every price, and draws each range from its own', async () => {
    // Two prices in one hour, then one an hour later, then a day later.
    await setBtc('60000');
    await later(600);
    await setBtc('60100.5');
    await later(HOUR_S);
    await setBtc('60200');
    await later(DAY_S + HOUR_S);
    await setBtc('61000');

    const day = await history('BTC', '1d');
    // The day's points: only what the last 24 hours hold (every price of a 5-minute bucket thinned to its last).
    expect(day.points.map((point) => point.usd)).toEqual(['61000.00']);
    const week = await history('BTC', '1w');
    const hourly = week.points.filter((point) => point.at >= TEST_EPOCH.toISOString());
    expect(hourly.map((point) => [point.at, point.usd])).toEqual([
      ['2026-03-02T09:00:00.000Z', '60100.50'],
      ['2026-03-02T10:00:00.000Z', '60200.00'],
      ['2026-03-03T11:00:00.000Z', '61000.00'],
      // The current price ends the line: a bucket is stamped with its start.
      [new Date(TEST_EPOCH.getTime() + (600 + HOUR_S + DAY_S + HOUR_S) * 1000).toISOString(), '61000.00'],
    ]);
    const year = await history('BTC', '1y');
    expect(year.points.filter((point) => point.at >= '2026-03-02').map((point) => [point.at, point.usd])).toEqual([
      ['2026-03-02T00:00:00.000Z', '60200.00'],
      ['2026-03-03T00:00:00.000Z', '61000.00'],
      [new Date(TEST_EPOCH.getTime() + (600 + HOUR_S + DAY_S + HOUR_S) * 1000).toISOString(), '61000.00'],
    ]);
    expect(year.simulatedUntil).toBeNull();
    // Oldest first in every range.
    for (const range of [day, week, year])
      expect(range.points.map((point) => point.at)).toEqual(range.points.map((point) => point.at).sort());
  });

  it('forgets hourly prices after 31 days and keeps the daily ones', async () => {
    await later(32 * DAY_S);
    await setBtc('62000');
    const month = await history('BTC', '1m');
    expect(month.points.some((point) => point.usd === '60200.00')).toBe(false);
    const all = await history('BTC', 'all');
    expect(all.points.map((point) => point.usd)).toEqual(expect.arrayContaining(['60200.00', '61000.00', '62000.00']));
  });

  it('demo mode’s backfilled year is marked simulated, stays in the simulation’s band, and is written once', async () => {
    const written = await backfillSimulatedHistory(db.database.db, server.clock.now, SIMULATION);
    // Nine assets: 365 days and 744 hours each, less the buckets real prices hold already.
    expect(written).toBeGreaterThan(9 * (365 + 744) - 10);
    expect(await backfillSimulatedHistory(db.database.db, server.clock.now, SIMULATION)).toBe(0);

    const year = await history('ETH', '1y');
    // A point a day for the year before today's bucket, which no real ETH price has opened here.
    expect(year.points.length).toBeGreaterThanOrEqual(364);
    expect(year.simulatedUntil).not.toBeNull();
    for (const point of year.points) {
      expect(Number(point.usd)).toBeGreaterThanOrEqual(2400);
      expect(Number(point.usd)).toBeLessThanOrEqual(4000);
    }
    // A believable line: it moves, by at most a tenth of the band a day.
    expect(new Set(year.points.map((point) => point.usd)).size).toBeGreaterThan(100);
    // Real prices are never marked: BTC's days keep the prices the rates took.
    const btc = await history('BTC', 'all');
    expect(btc.points.map((point) => point.usd)).toEqual(expect.arrayContaining(['60200.00', '61000.00', '62000.00']));
    const usd = await history('USD', '1m');
    expect(new Set(usd.points.map((point) => point.usd))).toEqual(new Set(['1.00']));
  });

  it('refuses an unknown asset or range, and answers only a signed-in customer', async () => {
    await expectError(await customer.get('/rates/history?asset=DOGE&range=1d'), 422, 'validation_failed');
    await expectError(await customer.get('/rates/history?asset=BTC&range=5y'), 422, 'validation_failed');
    await expectError(await customer.get('/rates/history?asset=BTC'), 422, 'validation_failed');
    await expectError(await new TestClient(server).get('/rates/history?asset=BTC&range=1d'), 401, 'unauthorized');
  });
});
