import { asc, eq, lt, sql } from 'drizzle-orm';
import { randomInt, randomUUID } from 'node:crypto';
import { QUOTE_ASSET, type Asset } from '../../contract/assets';
import { RATE_FRESH_MS, type PriceRange, type Rate } from '../../contract/rates';
import type { Clock } from '../clock';
import type { RateFeedConfig } from '../config';
import type { Db } from '../db/database';
import { rateFeedLease, rateHistory, rates } from '../db/schema';
import { ApiError } from '../errors';
import { stallAfter, type JobMonitor } from '../jobs';
import { describeError, type Logger } from '../logger';
import { readPriceHistory, rollUpPrices } from './priceHistory';
import { formatDecimal, isPositiveAmount } from '../../contract/decimal';

/** How often the simulated rates move. */
export const RATE_SIMULATION_TICK_MS = 15_000;
/** How much history is kept: what the 24-hour change needs. */
export const RATE_HISTORY_MS = 24 * 60 * 60_000;
/**
 * An instance that stops renewing its lease (it crashed) hands the rates over after three of its rounds
 * (45 s simulated, 3 minutes with the feed's default minute): longer than one round, so the holder keeps
 * it between its rounds instead of the lease changing hands every round.
 */
export function rateLeaseMs(feed: Pick<RateFeedConfig, 'intervalMs'> | undefined): number {
  return 3 * (feed?.intervalMs ?? RATE_SIMULATION_TICK_MS);
}

/**
 * The simulated market: each step moves a price by at most `step` (a fraction) up or down at random,
 * and never out of `band` (a fraction) around its `anchor`, so a demo that runs for weeks still shows
 * believable prices. The US dollar is the unit and stays at 1.
 */
export const SIMULATION: Record<Exclude<Asset, 'USD'>, { anchor: string; band: string; step: string }> = {
  EUR: { anchor: '1.08', band: '0.05', step: '0.0002' },
  GBP: { anchor: '1.27', band: '0.05', step: '0.0002' },
  BTC: { anchor: '65000', band: '0.25', step: '0.003' },
  ETH: { anchor: '3200', band: '0.25', step: '0.004' },
  USDT: { anchor: '1', band: '0.005', step: '0.0001' },
  USDC: { anchor: '1', band: '0.005', step: '0.0001' },
  BNB: { anchor: '600', band: '0.25', step: '0.004' },
  AVAX: { anchor: '35', band: '0.25', step: '0.005' },
};

/** SQL for a random fraction in [-step, step], from an integer draw (no binary float involved). */
function randomStep(step: string): string {
  const micro = randomInt(-1_000_000, 1_000_001);
  return `round(${step}::numeric * ${micro} / 1000000, 8)`;
}

/**
 * A price the feed sent as a JSON number, as decimal text. `String()` gives the shortest text that
 * reads back as the same number, which is the feed's own text for any price of up to 15 digits.
 */
export function priceText(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  let text = String(value);
  if (/e/i.test(text)) text = value.toFixed(18);
  const [whole = '', fraction] = text.split('.');
  // Past 18 decimals (what the database keeps) a price is cut, and what is left must still be one.
  const kept = fraction === undefined ? whole : `${whole}.${fraction.slice(0, 18)}`;
  return isPositiveAmount(kept) ? formatDecimal(kept, 0) : null;
}

/** Rate rows in the contract's shape, at `now`: the USDT price divides by USDT's own USD price. */
function selectRates(db: Db, now: Date) {
  const usdtUsd = sql`(SELECT q.usd FROM ${rates} q WHERE q.asset = ${QUOTE_ASSET})`;
  return db
    .select({
      asset: rates.asset,
      usd: sql<string>`${rates.usd}::text`,
      usdt: sql<string>`round(${rates.usd} / ${usdtUsd}, 18)::text`,
      at: rates.updatedAt,
      stale: sql<boolean>`${rates.updatedAt} < ${new Date(now.getTime() - RATE_FRESH_MS)}`,
    })
    .from(rates)
    .innerJoin(sql`assets`, sql`assets.code = ${rates.asset}`)
    .orderBy(sql`assets.sort_order`);
}

export interface RateServiceDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** A real price API; the simulation when absent. */
  feed: RateFeedConfig | undefined;
  /** Fetch of the feed (tests pass their own). */
  fetch?: typeof fetch;
}

/**
 * Every asset's price in US dollars (and so in USDT), with the instant it was set. The prices live in
 * the database, so every server instance answers the same; one instance at a time (the holder of the
 * lease row) moves them, from the simulation or from the configured feed, and keeps 24 hours of history.
 */
export function createRateService({ db, clock, logger, feed, fetch: fetchFn = fetch }: RateServiceDeps) {
  const instance = randomUUID();
  const leaseMs = rateLeaseMs(feed);

  async function list(): Promise<Rate[]> {
    const rows = await selectRates(db, clock());
    return rows.map((row) => ({
      asset: row.asset as Asset,
      usd: formatDecimal(row.usd),
      usdt: formatDecimal(row.usdt),
      at: row.at.toISOString(),
      stale: row.stale,
    }));
  }

  /** The rate to quote with; `rate_stale` when it is older than 5 minutes (never quote on an old price). */
  async function quote(asset: Asset): Promise<Rate> {
    const rate = (await list()).find((row) => row.asset === asset);
    if (!rate || rate.stale) throw new ApiError('rate_stale');
    return rate;
  }

  /** Sets prices as of now and records them in the history; `alongside` writes in the same transaction (an admin's audit row). */
  async function write(
    prices: { asset: Asset; usd: string }[],
    source: 'simulated' | 'feed' | 'admin',
    alongside?: (tx: Db) => Promise<void>,
  ): Promise<void> {
    if (prices.length === 0) return;
    const now = clock();
    await db.transaction(async (tx) => {
      for (const { asset, usd } of prices) {
        await tx.update(rates).set({ usd, updatedAt: now, source }).where(eq(rates.asset, asset));
        await tx
          .insert(rateHistory)
          .values({ asset, at: now, usd })
          .onConflictDoUpdate({ target: [rateHistory.asset, rateHistory.at], set: { usd } });
      }
      await tx.delete(rateHistory).where(lt(rateHistory.at, new Date(now.getTime() - RATE_HISTORY_MS)));
      await rollUpPrices(tx, now);
      await alongside?.(tx);
    });
  }

  /** Takes or renews the lease; false while another instance holds an unexpired one. */
  async function holdLease(): Promise<boolean> {
    const now = clock();
    const rows = await db
      .insert(rateFeedLease)
      .values({ id: true, holder: instance, leaseUntil: new Date(now.getTime() + leaseMs) })
      .onConflictDoUpdate({
        target: rateFeedLease.id,
        set: { holder: instance, leaseUntil: new Date(now.getTime() + leaseMs) },
        setWhere: sql`${rateFeedLease.holder} = ${instance} OR ${rateFeedLease.leaseUntil} < ${now}`,
      })
      .returning({ holder: rateFeedLease.holder });
    return rows.length > 0;
  }

  /** One step of the random walk, in SQL on numerics: every price moves and stays in its band. */
  async function simulateStep(): Promise<void> {
    const now = clock();
    await db.transaction(async (tx) => {
      for (const [asset, { anchor, band, step }] of Object.entries(SIMULATION)) {
        const low = sql.raw(`round(${anchor}::numeric * (1 - ${band}), 18)`);
        const high = sql.raw(`round(${anchor}::numeric * (1 + ${band}), 18)`);
        await tx
          .update(rates)
          .set({
            usd: sql`least(${high}, greatest(${low}, round(${rates.usd} * (1 + ${sql.raw(randomStep(step))}), 18)))`,
            updatedAt: now,
            source: 'simulated',
          })
          .where(eq(rates.asset, asset));
      }
      await tx.update(rates).set({ usd: '1', updatedAt: now, source: 'simulated' }).where(eq(rates.asset, 'USD'));
      await tx
        .insert(rateHistory)
        .select(tx.select({ asset: rates.asset, at: rates.updatedAt, usd: rates.usd }).from(rates))
        .onConflictDoNothing();
      await tx.delete(rateHistory).where(lt(rateHistory.at, new Date(now.getTime() - RATE_HISTORY_MS)));
      await rollUpPrices(tx, now);
    });
  }

  /**
   * Reads the feed: a JSON object with one entry per mapped id holding its US dollar price
   * (`{"bitcoin": {"usd": 64123.5}}`, the shape of CoinGecko's simple price). Assets the answer
   * lacks keep their last price and turn stale; a failed read changes nothing.
   */
  async function readFeed(config: RateFeedConfig): Promise<void> {
    const response = await fetchFn(config.url, { signal: AbortSignal.timeout(config.timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`rate feed answered ${response.status}`);
    const body = (await response.json()) as Record<string, { usd?: unknown } | undefined>;
    const prices: { asset: Asset; usd: string }[] = [{ asset: 'USD', usd: '1' }];
    for (const [asset, id] of Object.entries(config.mapping) as [Asset, string][]) {
      const usd = priceText(body?.[id]?.usd);
      if (usd) prices.push({ asset, usd });
      else logger.warn('rates.feed_missing', { asset, id });
    }
    await write(prices, 'feed');
  }

  let leading = false;
  /** Logs each change of hands as this instance sees it, as the advisory-lock jobs log `<name>.leading`. */
  function noteLease(held: boolean): void {
    if (held !== leading) logger.info(held ? 'rates.leading' : 'rates.lease_lost', { instance });
    leading = held;
  }

  /** One round of the instance that holds the lease; the others do nothing. */
  async function refresh(): Promise<'moved' | 'not_leader'> {
    const held = await holdLease();
    noteLease(held);
    if (!held) return 'not_leader';
    if (feed) await readFeed(feed);
    else await simulateStep();
    return 'moved';
  }

  /** Moves the rates now and then every interval, until the returned stop is called; `monitor` hears of each healthy round. */
  function start(monitor?: JobMonitor): () => void {
    const intervalMs = feed?.intervalMs ?? RATE_SIMULATION_TICK_MS;
    const health = monitor?.register('rates', stallAfter(intervalMs));
    const round = () =>
      refresh().then(
        () => health?.healthy(),
        (error: unknown) => logger.error('rates.refresh_failed', describeError(error)),
      );
    void round();
    const timer = setInterval(round, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The prices of one asset over the kept history, oldest first. */
  async function history(asset: Asset): Promise<{ at: Date; usd: string }[]> {
    return db
      .select({ at: rateHistory.at, usd: sql<string>`${rateHistory.usd}::text` })
      .from(rateHistory)
      .where(eq(rateHistory.asset, asset))
      .orderBy(asc(rateHistory.at));
  }

  return {
    list,
    quote,
    set: (prices: { asset: Asset; usd: string }[], alongside?: (tx: Db) => Promise<void>) => write(prices, 'admin', alongside),
    refresh,
    start,
    history,
    priceHistory: (asset: Asset, range: PriceRange) => readPriceHistory(db, clock, asset, range),
  };
}

export type RateService = ReturnType<typeof createRateService>;
