import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Asset } from '../../contract/assets';
import {
  SPENDING_MONTHS,
  PORTFOLIO_CURRENCY,
  type Allocation,
  type AssetHistory,
  type CardSpending,
  type PortfolioHistory,
} from '../../contract/charts';
import type { MerchantCategory } from '../../contract/cards';
import { compare, divide, formatDecimal, fromUnits, roundToSum, toUnits } from '../../contract/decimal';
import type { PriceRange } from '../../contract/rates';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, activities, cardAuthorizations, cards, ledgerEntries, ledgerTransactions, rates } from '../db/schema';
import { ApiError } from '../errors';
import { isoText, pricePoints, rangeStart, readPriceHistory } from './priceHistory';

/** The ledger's and the prices' scale: amounts and prices are numeric(38, 18). */
const SCALE = 18;
const units = (text: string): bigint => toUnits(text, SCALE);

/** `part` as a percentage of `whole`, to `decimals` decimals towards zero; null unless `whole` is above zero. */
function percentOf(part: string, whole: string, decimals = 2): string | null {
  if (!(units(whole) > 0n)) return null;
  return formatDecimal(divide(fromUnits(units(part) * 100n, SCALE), whole, decimals));
}

/** A sort order by amount, the largest first. */
const largestFirst = (a: string, b: string): number => -compare(a, b);

/** The portfolio over time, its allocation and card spending (contract/charts.ts), read from the ledger. */
export function createChartService(db: Db, clock: Clock) {
  /**
   * Every point of the held assets' price charts, valued with what the ledger held at the end of its
   * bucket (the next point's instant, or now): balances are replayed from the entries, never worked back
   * from today's, so a deposit or an exchange shows when it happened. One query: a year of a daily
   * depositor's points is summed where the rows are, not shipped to the server and replayed.
   */
  async function portfolioHistory(userId: string, range: PriceRange): Promise<PortfolioHistory> {
    const now = clock();
    const { rows } = (await db.execute(sql`
      WITH moves AS (
        SELECT a.currency AS asset, t.created_at AS at, e.amount
        FROM ${ledgerEntries} e
        JOIN ${accounts} a ON a.id = e.account_id
        JOIN ${ledgerTransactions} t ON t.id = e.transaction_id
        WHERE a.user_id = ${userId} AND t.created_at <= ${now}
      ),
      held AS (SELECT DISTINCT asset FROM moves),
      prices AS (SELECT asset, at, usd, simulated, dense_rank() OVER (ORDER BY at) AS n FROM (${pricePoints(range, now, sql`SELECT asset FROM held`)}) p),
      grid AS (SELECT DISTINCT n, at FROM prices),
      -- A move counts from the point whose bucket holds it (a point sorts before a move at its instant),
      -- or from the first point when it came before the line; the last point's bucket runs to now.
      counted AS (
        SELECT asset, amount, greatest(count(n) OVER (ORDER BY at, n NULLS LAST ROWS UNBOUNDED PRECEDING), 1) AS n
        FROM (SELECT at, n, NULL AS asset, NULL::numeric AS amount FROM grid
              UNION ALL SELECT at, NULL, asset, amount FROM moves) marks
      ),
      -- Each asset at each point: its price there if it has one, and what moved into its bucket. Unions
      -- grouped rather than joins: the sets are a few thousand rows and none has an index.
      cells AS (
        SELECT n, max(at) AS at, asset, max(usd) AS usd, sum(amount) AS amount
        FROM (SELECT n, at, asset, usd, NULL::numeric AS amount FROM prices
              UNION ALL SELECT n, NULL, asset, NULL, amount FROM counted WHERE asset IS NOT NULL
              UNION ALL SELECT g.n, g.at, h.asset, NULL, NULL FROM grid g CROSS JOIN held h) c
        GROUP BY n, asset
      ),
      -- Its balance so far, and its last price at or before the point (its first before its line starts).
      steps AS (
        SELECT n, at, asset, usd,
          sum(coalesce(amount, 0)) OVER (PARTITION BY asset ORDER BY n) AS balance,
          count(usd) OVER (PARTITION BY asset ORDER BY n) AS priced,
          first_value(usd) OVER (PARTITION BY asset ORDER BY usd IS NULL, n) AS opening
        FROM cells
      ),
      valued AS (
        SELECT n, at, balance * coalesce(max(usd) OVER (PARTITION BY asset, priced), opening, 0) AS value FROM steps
      )
      SELECT ${isoText(sql`at`)} AS at, round(sum(value), 2)::text AS value,
        (SELECT ${isoText(sql`max(at)`)} FROM prices WHERE simulated) AS simulated_until
      FROM valued
      -- Nothing was held yet: the line starts with the customer's first movement.
      WHERE n >= (SELECT min(n) FROM counted WHERE asset IS NOT NULL)
      GROUP BY n, at ORDER BY n`)) as unknown as { rows: { at: string; value: string; simulated_until: string | null }[] };
    const points = rows.map(({ at, value }) => ({ at, value: formatDecimal(value) }));
    const first = points[0]?.value ?? '0.00';
    const last = points.at(-1)?.value ?? '0.00';
    const change = formatDecimal(fromUnits(units(last) - units(first), SCALE));
    const simulated = rows[0]?.simulated_until;
    return {
      range,
      currency: PORTFOLIO_CURRENCY,
      points,
      change: { amount: change, percent: percentOf(change, first) },
      simulatedUntil: simulated && simulated >= rows[0]!.at ? simulated : null,
    };
  }

  /** What the customer holds per asset now at the current rates: accounts and collateral, never card debt. */
  async function allocation(userId: string): Promise<Allocation> {
    const held = await db
      .select({ asset: accounts.currency, amount: sql<string>`sum(${accounts.balance})::text`, usd: sql<string>`min(${rates.usd})::text` })
      .from(accounts)
      .innerJoin(rates, eq(rates.asset, accounts.currency))
      .where(and(eq(accounts.userId, userId), inArray(accounts.kind, ['fiat', 'crypto', 'collateral'])))
      .groupBy(accounts.currency)
      .having(sql`sum(${accounts.balance}) > 0`);
    const exact = held.map(({ amount, usd }) => fromUnits(units(amount) * units(usd), 2 * SCALE));
    const { parts, total } = roundToSum(exact, 2);
    // The shares rounded together, so a pie's slices add up to 100.
    const shares = roundToSum(
      parts.map((value) => percentOf(value, total, SCALE) ?? '0'),
      2,
    ).parts;
    const assets = held
      .map(({ asset, amount }, index) => ({
        asset: asset as Asset,
        amount: formatDecimal(amount),
        value: parts[index]!,
        percent: shares[index]!,
      }))
      .sort((a, b) => largestFirst(a.value, b.value) || a.asset.localeCompare(b.asset));
    return { currency: PORTFOLIO_CURRENCY, total, assets };
  }

  /**
   * The asset's price chart and the customer's completed exchanges of it within the range, read from
   * their own activities (each exchange writes one per side): never another customer's.
   */
  async function assetHistory(userId: string, asset: Asset, range: PriceRange): Promise<AssetHistory> {
    const history = await readPriceHistory(db, clock, asset, range);
    const now = clock();
    const rows = await db
      .select({
        activityId: activities.id,
        at: isoText(sql`${activities.createdAt}`).mapWith(String),
        amount: sql<string>`${activities.amount}::text`,
        counterAmount: sql<string>`${activities.counterAmount}::text`,
        counterCurrency: activities.counterCurrency,
      })
      .from(activities)
      .where(
        and(
          eq(activities.userId, userId),
          eq(activities.type, 'exchange'),
          eq(activities.status, 'completed'),
          eq(activities.currency, asset),
          gte(activities.createdAt, rangeStart(range, now)),
          lte(activities.createdAt, now),
        ),
      )
      .orderBy(activities.createdAt, activities.id);
    const exchanges = rows.map((row) => ({
      activityId: row.activityId,
      at: row.at,
      amount: formatDecimal(row.amount),
      counterAmount: formatDecimal(row.counterAmount ?? '0'),
      counterCurrency: row.counterCurrency as Asset,
    }));
    return { ...history, exchanges };
  }

  /** What the card account's cards paid per month (the last `SPENDING_MONTHS`, UTC) and per merchant category. */
  async function cardSpending(userId: string, accountId: string): Promise<CardSpending> {
    const [account] = z.uuid().safeParse(accountId).success
      ? await db
          .select({ currency: accounts.currency })
          .from(accounts)
          .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId), eq(accounts.kind, 'card')))
      : [];
    if (!account) throw new ApiError('card_account_not_found');
    const now = clock();
    const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (SPENDING_MONTHS - 1), 1));
    const month = sql<string>`to_char(${cardAuthorizations.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
    const paid = and(eq(cards.accountId, accountId), gte(cardAuthorizations.createdAt, firstMonth), lte(cardAuthorizations.createdAt, now));
    const spent = sql<string>`sum(${cardAuthorizations.amount})::text`;
    const [byMonth, byCategory] = await Promise.all([
      db
        .select({ month, amount: spent })
        .from(cardAuthorizations)
        .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
        .where(paid)
        .groupBy(month),
      db
        .select({ category: cardAuthorizations.category, amount: spent })
        .from(cardAuthorizations)
        .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
        .where(paid)
        .groupBy(cardAuthorizations.category),
    ]);
    const spentIn = new Map(byMonth.map((row) => [row.month, row.amount]));
    const months = Array.from({ length: SPENDING_MONTHS }, (_, index) => {
      const start = new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + index, 1));
      const key = start.toISOString().slice(0, 7);
      return { month: key, amount: formatDecimal(spentIn.get(key) ?? '0') };
    });
    const categories = byCategory
      .map((row) => ({ category: row.category as MerchantCategory, amount: formatDecimal(row.amount) }))
      .sort((a, b) => largestFirst(a.amount, b.amount) || a.category.localeCompare(b.category));
    return { currency: account.currency as CardSpending['currency'], months, categories };
  }

  return { portfolioHistory, allocation, assetHistory, cardSpending };
}
