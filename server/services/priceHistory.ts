import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Asset } from '../../contract/assets';
import { formatDecimal } from '../../contract/decimal';
import type { PriceHistory, PricePoint, PriceRange } from '../../contract/rates';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { priceHistory, rateHistory, rates } from '../db/schema';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Hourly prices are kept this long: what the month's chart needs, and a day more. */
export const HOURLY_HISTORY_MS = 31 * DAY_MS;

/** Where each range's points come from and how far back it reaches (`null`: all that is kept). */
const RANGES: Record<PriceRange, { source: 'recent' | 'hour' | 'day'; spanMs: number | null }> = {
  '1d': { source: 'recent', spanMs: DAY_MS },
  '1w': { source: 'hour', spanMs: 7 * DAY_MS },
  '1m': { source: 'hour', spanMs: 30 * DAY_MS },
  '1y': { source: 'day', spanMs: 365 * DAY_MS },
  all: { source: 'day', spanMs: null },
};

/**
 * Rolls the prices the rates took at `at` into their hour and day: each bucket keeps its last price.
 * Runs in the transaction that wrote them, so a chart never lacks a price the rates showed.
 */
export async function rollUpPrices(tx: Db, at: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${priceHistory} (asset, resolution, at, usd)
    SELECT r.asset, g.resolution, date_trunc(g.resolution, r.updated_at, 'UTC'), r.usd
    FROM ${rates} r CROSS JOIN (VALUES ('hour'), ('day')) AS g (resolution)
    WHERE r.updated_at = ${at}
    ON CONFLICT (asset, resolution, at) DO UPDATE SET usd = EXCLUDED.usd, simulated = false`);
  await tx
    .delete(priceHistory)
    .where(and(eq(priceHistory.resolution, 'hour'), lt(priceHistory.at, new Date(at.getTime() - HOURLY_HISTORY_MS))));
}

/** An instant as the API writes it (`Date#toISOString`), formatted by the database so both drivers agree. */
export const isoText = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Where `range` starts, seen at `now` (the epoch for all the kept history). */
export function rangeStart(range: PriceRange, now: Date): Date {
  const { spanMs } = RANGES[range];
  return spanMs === null ? new Date(0) : new Date(now.getTime() - spanMs);
}

/**
 * The price points of `range` of every asset in `assets` (a one-column query), up to `now`, as rows
 * (asset, at, usd, simulated): the range's source, then the current price unless it is that very point
 * (a bucket is stamped with its start). Never a point after now: a price stamped ahead of this server's
 * clock is not history yet. Shared by the price chart and the portfolio's one query.
 */
export function pricePoints(range: PriceRange, now: Date, assets: SQL): SQL {
  const { source } = RANGES[range];
  const since = rangeStart(range, now);
  const line =
    source === 'recent'
      ? // Every price of the last day (one per rates round) thinned to each 5 minutes' last.
        sql`SELECT DISTINCT ON (asset, date_bin('5 minutes', at, timestamptz '2000-01-01 00:00:00+00')) asset, at, usd, false AS simulated
          FROM ${rateHistory} WHERE asset IN (${assets}) AND at >= ${since} AND at <= ${now}
          ORDER BY asset, date_bin('5 minutes', at, timestamptz '2000-01-01 00:00:00+00'), at DESC`
      : sql`SELECT asset, at, usd, simulated FROM ${priceHistory}
          WHERE asset IN (${assets}) AND resolution = ${source} AND at >= ${since} AND at <= ${now}`;
  return sql`WITH line AS (${line})
    SELECT asset, at, usd, simulated FROM line
    UNION ALL
    SELECT r.asset, r.updated_at, r.usd, false FROM ${rates} r
    WHERE r.asset IN (${assets}) AND r.updated_at <= ${now}
      AND r.updated_at > coalesce((SELECT max(l.at) FROM line l WHERE l.asset = r.asset), '-infinity')`;
}

/** One asset's price over `range`, oldest first, ending with the current price. */
export async function readPriceHistory(db: Db, clock: Clock, asset: Asset, range: PriceRange): Promise<PriceHistory> {
  const { rows } = (await db.execute(sql`
    SELECT ${isoText(sql`at`)} AS at, usd::text AS usd, simulated
    FROM (${pricePoints(range, clock(), sql`${asset}`)}) points ORDER BY points.at`)) as unknown as {
    rows: { at: string; usd: string; simulated: boolean }[];
  };
  const simulated = rows.filter((point) => point.simulated).at(-1);
  return {
    asset,
    range,
    points: rows.map((point): PricePoint => ({ at: point.at, usd: formatDecimal(point.usd) })),
    simulatedUntil: simulated ? simulated.at : null,
  };
}

/** A price as an integer of 10⁻¹⁸ dollars, and back: the backfill's walk in exact integers, never floats. */
const SCALE = 10n ** 18n;
function toAtto(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(18, '0').slice(0, 18));
}
function fromAtto(value: bigint): string {
  const fraction = (value % SCALE).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${value / SCALE}.${fraction}` : `${value / SCALE}`;
}

/** A small deterministic generator (xorshift32), so a demo's made-up year is the same on every start. */
function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

/** A simulated asset: its price never leaves `band` (a fraction) around `anchor` (as the rates' simulation). */
export interface SimulatedMarket {
  anchor: string;
  band: string;
}

/** How far the made-up history moves a price per bucket, as a share of its band (a tenth a day, a sixtieth an hour). */
const STEPS_PER_BAND = { day: 10n, hour: 60n } as const;

/**
 * Demo mode: a made-up year before the first real price, so every range of every chart has data — the
 * daily price for 365 days and the hourly one for the last 31, walking back from today's price within
 * the simulation's band, marked `simulated`. Buckets that already hold a price keep it; an asset whose
 * year is there already is left alone, so a restart adds nothing.
 */
export async function backfillSimulatedHistory(db: Db, clock: Clock, markets: Partial<Record<Asset, SimulatedMarket>>): Promise<number> {
  const now = clock();
  const current = await db.select({ asset: rates.asset, usd: sql<string>`${rates.usd}::text` }).from(rates);
  let written = 0;
  for (const { asset, usd } of current) {
    const market = markets[asset as Asset];
    const [{ days = 0 } = {}] = await db
      .select({ days: sql<number>`count(*)::int` })
      .from(priceHistory)
      .where(and(eq(priceHistory.asset, asset), eq(priceHistory.resolution, 'day')));
    if (days >= 300) continue;
    const rows: (typeof priceHistory.$inferInsert)[] = [];
    for (const [resolution, stepMs, count] of [
      ['day', DAY_MS, 365],
      ['hour', HOUR_MS, 31 * 24],
    ] as const) {
      const next = xorshift([...asset].reduce((hash, char) => hash * 31 + char.charCodeAt(0), resolution.length));
      let price = toAtto(usd);
      const anchor = market ? toAtto(market.anchor) : price;
      // The band in millionths: '0.25' is 250 000.
      const band = market ? toAtto(market.band) / 10n ** 12n : 0n;
      const step = band / STEPS_PER_BAND[resolution];
      const low = (anchor * (1_000_000n - band)) / 1_000_000n;
      const high = (anchor * (1_000_000n + band)) / 1_000_000n;
      const bucket = Math.floor(now.getTime() / stepMs) * stepMs;
      for (let index = 1; index <= count; index++) {
        if (step > 0n) {
          const move = (BigInt(next()) % (2n * step + 1n)) - step;
          price = (price * (1_000_000n + move)) / 1_000_000n;
          price = price < low ? low : price > high ? high : price;
        }
        rows.push({ asset, resolution, at: new Date(bucket - index * stepMs), usd: fromAtto(price), simulated: true });
      }
    }
    for (let start = 0; start < rows.length; start += 500) {
      const inserted = await db
        .insert(priceHistory)
        .values(rows.slice(start, start + 500))
        .onConflictDoNothing()
        .returning({ at: priceHistory.at });
      written += inserted.length;
    }
  }
  return written;
}
