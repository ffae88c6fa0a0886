import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CODES } from '../../contract/assets';
import { ratesSchema, type Rate } from '../../contract/rates';
import { loadConfig } from '../../server/config';
import { rateFeedLease, rateHistory } from '../../server/db/schema';
import { ApiError } from '../../server/errors';
import { silentLogger } from '../../server/logger';
import { createRateService, priceText, rateLeaseMs } from '../../server/services/rates';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../server/db/seed';
import {
  TEST_EPOCH,
  TestClient,
  TestClock,
  createTestDatabase,
  createTestServer,
  expectError,
  type TestDatabase,
  type TestServer,
} from './helpers';

let db: TestDatabase;
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  db = await createTestDatabase();
  server = createTestServer(db);
  admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
});
afterAll(() => db.close());

const byAsset = (rates: Rate[]) => Object.fromEntries(rates.map((rate) => [rate.asset, rate]));

/** The simulation's bands (server/services/rates.ts): a price never leaves them. */
const BANDS: Record<string, [number, number]> = {
  EUR: [1.026, 1.134],
  GBP: [1.2065, 1.3335],
  BTC: [48750, 81250],
  ETH: [2400, 4000],
  USDT: [0.995, 1.005],
  USDC: [0.995, 1.005],
  BNB: [450, 750],
  AVAX: [26.25, 43.75],
};

describe('GET /rates', () => {
  it('answers every asset’s price in USD and USDT with its time', async () => {
    await admin.post('/admin/rates', {
      rates: [
        { asset: 'USDT', usd: '0.999' },
        { asset: 'BTC', usd: '64935.064935' },
      ],
    });
    const answer = await admin.get('/rates');
    expect(answer.status).toBe(200);
    const rates = ratesSchema.parse(answer.body);
    expect(rates.map((rate) => rate.asset)).toEqual(ASSET_CODES);
    expect(byAsset(rates).BTC).toEqual({
      asset: 'BTC',
      usd: '64935.064935',
      usdt: '65000.065',
      at: TEST_EPOCH.toISOString(),
      stale: false,
    });
    expect(byAsset(rates).USDT!.usdt).toBe('1.00');
  });
});

describe('POST /admin/rates', () => {
  it('is for admins only: a customer gets 404, as if it did not exist, and nothing changes', async () => {
    const customer = new TestClient(server);
    await customer.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const before = (await customer.get('/rates')).body;
    expectError(await customer.post('/admin/rates', { rates: [{ asset: 'BTC', usd: '1' }] }), 404, 'not_found');
    expectError(await new TestClient(server).post('/admin/rates', { rates: [{ asset: 'BTC', usd: '1' }] }), 401, 'unauthorized');
    expect((await customer.get('/rates')).body).toEqual(before);
  });

  it('exists only in demo mode', async () => {
    const production = createTestServer(db, { config: { demoMode: false } });
    const client = new TestClient(production);
    await client.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expectError(await client.post('/admin/rates', { rates: [{ asset: 'BTC', usd: '1' }] }), 404, 'not_found');
  });

  it.each([
    [{ rates: [{ asset: 'BTC', usd: '0' }] }, 'rates.0.usd'],
    [{ rates: [{ asset: 'BTC', usd: '-5' }] }, 'rates.0.usd'],
    [{ rates: [{ asset: 'BTC', usd: '1e5' }] }, 'rates.0.usd'],
    [{ rates: [{ asset: 'BTC', usd: '1.0000000000000000001' }] }, 'rates.0.usd'],
    [{ rates: [{ asset: 'DOGE', usd: '1' }] }, 'rates.0.asset'],
    [{ rates: [] }, 'rates'],
  ])('refuses %j', async (body, field) => {
    const answer = await admin.post('/admin/rates', body);
    expectError(answer, 422, 'validation_failed');
    expect(Object.keys(answer.body.error.fields)).toContain(field);
  });
});

describe('the rate service', () => {
  it('marks a rate older than 5 minutes stale and never quotes on it', async () => {
    const clock = new TestClock();
    const rates = createRateService({ db: db.database.db, clock: clock.now, logger: silentLogger, feed: undefined });
    await rates.set([{ asset: 'ETH', usd: '3000' }]);
    expect((await rates.quote('ETH')).usd).toBe('3000.00');
    clock.advance(5 * 60);
    expect((await rates.quote('ETH')).stale).toBe(false);
    clock.advance(1);
    expect(byAsset(await rates.list()).ETH!.stale).toBe(true);
    const refusal = await rates.quote('ETH').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe('rate_stale');
  });

  it('simulates a bounded random walk on one instance only, keeping 24 hours of history', async () => {
    const clock = new TestClock(new Date(TEST_EPOCH.getTime() + 2 * 86_400_000));
    const deps = { db: db.database.db, clock: clock.now, logger: silentLogger, feed: undefined };
    const first = createRateService(deps);
    const second = createRateService(deps);
    await db.database.db.delete(rateFeedLease);

    const seen = new Map<string, Set<string>>();
    for (let step = 0; step < 40; step += 1) {
      clock.advance(15);
      expect(await first.refresh()).toBe('moved');
      // The other instance waits while the lease is held.
      expect(await second.refresh()).toBe('not_leader');
      for (const rate of await first.list()) {
        if (!seen.has(rate.asset)) seen.set(rate.asset, new Set());
        seen.get(rate.asset)!.add(rate.usd);
        expect(rate.at).toBe(clock.now().toISOString());
        expect(rate.stale).toBe(false);
        if (rate.asset === 'USD') expect(rate.usd).toBe('1.00');
        else {
          const [low, high] = BANDS[rate.asset]!;
          expect(Number(rate.usd)).toBeGreaterThanOrEqual(low);
          expect(Number(rate.usd)).toBeLessThanOrEqual(high);
        }
      }
    }
    // Prices move: a volatile asset takes many different values in 40 steps.
    expect(seen.get('BTC')!.size).toBeGreaterThan(30);
    expect((await first.history('BTC')).length).toBeGreaterThanOrEqual(40);

    // The holder stops (crashed): after the lease runs out the other instance takes over.
    clock.advance(rateLeaseMs(undefined) / 1000 + 1);
    expect(await second.refresh()).toBe('moved');
    expect(await first.refresh()).toBe('not_leader');

    // A day later only the last 24 hours remain.
    clock.advance(86_400);
    expect(await second.refresh()).toBe('moved');
    const history = await db.database.db.select().from(rateHistory);
    const dayAgo = clock.now().getTime() - 86_400_000;
    expect(history.filter((row) => row.at.getTime() < dayAgo && row.at.getTime() > TEST_EPOCH.getTime())).toEqual([]);
  });

  it.each([
    [64123.5, '64123.5'],
    [1, '1'],
    [0.00000123, '0.00000123'],
    [1e-7, '0.0000001'],
    [0, null],
    [-3, null],
    ['64000', null],
    [Number.NaN, null],
    [1e25, null],
  ])('reads the feed price %s as %s', (value, text) => {
    expect(priceText(value)).toBe(text);
  });
});

describe('a real price feed (RATES_FEED_URL), against a local stand-in', () => {
  let feed: Server;
  let url: string;
  let answer: { status: number; body: unknown };
  const requests: string[] = [];

  beforeAll(async () => {
    feed = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/api/v3/simple/price?ids=bitcoin,ethereum,tether&vs_currencies=usd`;
  });
  afterAll(() => new Promise<void>((resolve) => feed.close(() => resolve())));

  it('is configured by URL and mapping, and refuses a mapping it cannot use', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/meridian-rates-config',
      RATES_FEED_URL: url,
      RATES_FEED_MAPPING: 'BTC=bitcoin, eth=ethereum,USDT=tether',
    });
    expect(config.rateFeed).toEqual({
      url,
      mapping: { BTC: 'bitcoin', ETH: 'ethereum', USDT: 'tether' },
      intervalMs: 60_000,
      timeoutMs: 10_000,
    });
    expect(loadConfig({ DATA_DIR: '/tmp/meridian-rates-config' }).rateFeed).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: '/tmp/meridian-rates-config', RATES_FEED_URL: url })).toThrow(/RATES_FEED_MAPPING/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/meridian-rates-config', RATES_FEED_URL: url, RATES_FEED_MAPPING: 'DOGE=dogecoin' })).toThrow(
      /RATES_FEED_MAPPING/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/meridian-rates-config', RATES_FEED_URL: 'file:///etc/passwd', RATES_FEED_MAPPING: 'BTC=bitcoin' }),
    ).toThrow(/http/);
  });

  it('takes the prices the feed answers; what it lacks keeps its last price and turns stale; a failure changes nothing', async () => {
    const clock = new TestClock(new Date(TEST_EPOCH.getTime() + 5 * 86_400_000));
    await db.database.db.delete(rateFeedLease);
    const deps = {
      db: db.database.db,
      clock: clock.now,
      logger: silentLogger,
      feed: { url, mapping: { BTC: 'bitcoin', ETH: 'ethereum', USDT: 'tether' }, intervalMs: 60_000, timeoutMs: 2_000 },
    };
    const rates = createRateService(deps);
    answer = { status: 200, body: { bitcoin: { usd: 91234.56 }, ethereum: { usd: 3012.5 }, tether: { usd: 1.0002 } } };
    expect(await rates.refresh()).toBe('moved');
    expect(requests.at(-1)).toBe('/api/v3/simple/price?ids=bitcoin,ethereum,tether&vs_currencies=usd');
    const fresh = byAsset(await rates.list());
    expect(fresh.BTC).toMatchObject({ usd: '91234.56', at: clock.now().toISOString(), stale: false });
    expect(fresh.ETH!.usd).toBe('3012.50');
    expect(fresh.USD).toMatchObject({ usd: '1.00', stale: false });
    // Assets the mapping leaves out are not moved by the feed: old, so stale.
    expect(fresh.BNB!.stale).toBe(true);

    clock.advance(60);
    // The holder keeps the lease until its next round, a minute later: another instance finds it held.
    expect(await createRateService(deps).refresh()).toBe('not_leader');
    answer = { status: 200, body: { bitcoin: { usd: 91300 }, tether: { usd: 'n/a' } } };
    await rates.refresh();
    const partial = byAsset(await rates.list());
    expect(partial.BTC!.usd).toBe('91300.00');
    expect(partial.ETH).toMatchObject({ usd: '3012.50', stale: false });

    clock.advance(60);
    answer = { status: 503, body: { error: 'busy' } };
    await expect(rates.refresh()).rejects.toThrow(/503/);
    expect(byAsset(await rates.list()).BTC!.usd).toBe('91300.00');

    clock.advance(5 * 60);
    const later = byAsset(await rates.list());
    expect(later.BTC!.stale).toBe(true);
    await expect(rates.quote('BTC')).rejects.toThrow();
  });
});
