import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Asset } from '../../contract/assets';
import { SPENDING_MONTHS, PORTFOLIO_CURRENCY, type Allocation, type CardSpending, type PortfolioHistory } from '../../contract/charts';
import type { MerchantCategory } from '../../contract/cards';
import { compare, divide, formatDecimal, fromUnits, roundToSum, toUnits } from '../../contract/decimal';
import type { PriceRange } from '../../contract/rates';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, cardAuthorizations, cards, ledgerEntries, ledgerTransactions, rates } from '../db/schema';
import { ApiError } from '../errors';
import { readPriceHistory } from './priceHistory';

/** The ledger's and the prices' scale: amounts and prices are numeric(38, 18). */
const SCALE = 18;
const units = (text: string): bigint => toUnits(text, SCALE);

/** A product of two 18-decimal figures (36 decimals) in cents, half away from zero, as the API answers money. */
function cents(value: bigint): string {
  const step = 10n ** BigInt(2 * SCALE - 2);
  const rounded = value >= 0n ? (value + step / 2n) / step : -((-value + step / 2n) / step);
  return formatDecimal(fromUnits(rounded, 2));
}

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
   * from today's, so a deposit or an exchange shows when it happened.
   */
  async function portfolioHistory(userId: string, range: PriceRange): Promise<PortfolioHistory> {
    const now = clock();
    const entries = await db
      .select({ asset: accounts.currency, amount: sql<string>`${ledgerEntries.amount}::text`, at: ledgerTransactions.createdAt })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(accounts.userId, userId), lte(ledgerTransactions.createdAt, now)))
      .orderBy(asc(ledgerTransactions.createdAt));
    const held = [...new Set(entries.map((entry) => entry.asset as Asset))];
    const histories = await Promise.all(held.map((asset) => readPriceHistory(db, clock, asset, range)));
    const prices = new Map<string, { at: string; usd: bigint }[]>(
      histories.map((history) => [history.asset, history.points.map((point) => ({ at: point.at, usd: units(point.usd) }))]),
    );
    const grid = [...new Set(histories.flatMap((history) => history.points.map((point) => point.at)))].sort();

    const balances = new Map<string, bigint>();
    const cursors = new Map<string, number>();
    let next = 0;
    const points: PortfolioHistory['points'] = [];
    grid.forEach((at, index) => {
      const end = grid[index + 1] ?? now.toISOString();
      // Entries up to the bucket's end: the last point (now) includes every one.
      while (next < entries.length && (index === grid.length - 1 || entries[next]!.at.toISOString() < end)) {
        const { asset, amount } = entries[next++]!;
        balances.set(asset, (balances.get(asset) ?? 0n) + units(amount));
      }
      // Nothing was held yet: the line starts with the customer's first movement.
      if (next === 0) return;
      let value = 0n;
      for (const [asset, balance] of balances) {
        const line = prices.get(asset)!;
        // The price of the bucket: its asset's last point at or before it (its first, before its history starts).
        let cursor = cursors.get(asset) ?? 0;
        while (cursor + 1 < line.length && line[cursor + 1]!.at <= at) cursor++;
        cursors.set(asset, cursor);
        value += balance * (line[cursor]?.usd ?? 0n);
      }
      points.push({ at, value: cents(value) });
    });
    const first = points[0]?.value ?? '0.00';
    const last = points.at(-1)?.value ?? '0.00';
    const change = formatDecimal(fromUnits(units(last) - units(first), SCALE));
    const simulated = histories
      .map((history) => history.simulatedUntil)
      .filter((until): until is string => until !== null && points.length > 0 && until >= points[0]!.at)
      .sort()
      .at(-1);
    return {
      range,
      currency: PORTFOLIO_CURRENCY,
      points,
      change: { amount: change, percent: percentOf(change, first) },
      simulatedUntil: simulated ?? null,
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

  return { portfolioHistory, allocation, cardSpending };
}
