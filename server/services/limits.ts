import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Asset } from '../../contract/assets';
import { RATE_FRESH_MS } from '../../contract/rates';
import { LIMITED_OPERATIONS, type LimitedOperation, type OperationLimits } from '../../contract/users';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { activities, depositLevelLimits, rates, users } from '../db/schema';
import { ApiError } from '../errors';
import { compare, formatDecimal, subtract } from '../../contract/decimal';
import { countedActivities, currentLevelSql, dayStart, monthStart, operationUsageSql, operationUsedSql } from './levels';

const PERIODS = ['daily', 'monthly'] as const;
type Period = (typeof PERIODS)[number];

/** Queues the customer's money movements behind each other (see `assertWithinLimit`). */
const lockCustomer = (tx: Db, userId: string) => tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR NO KEY UPDATE`);

/**
 * The limits of the customer's deposit level, per operation and per UTC day and calendar month, in US
 * dollars: what each allows, what the customer's activities used of it and what is left. Every money
 * flow calls `assertWithinLimit` inside its own database transaction, so the check and the posting
 * it allows commit together.
 */
export function createLimitService(db: Db, clock: Clock) {
  function periodSql(userId: string, operation: LimitedOperation, period: 'daily' | 'monthly') {
    const now = clock();
    const column = period === 'daily' ? sql`daily_usd` : sql`monthly_usd`;
    const limit = sql`(SELECT ${column} FROM deposit_level_limits WHERE level = ${currentLevelSql(userId)} AND operation = ${operation})`;
    const used = operationUsageSql(userId, operation, period === 'daily' ? dayStart(now) : monthStart(now));
    return { limit, used, left: sql`greatest(${limit} - ${used}, 0)` };
  }

  /**
   * Every operation's limits for the customer, read in one statement: the level's limits, each beside
   * the sums of one scan of the customer's activities since the month began. (Written as a subquery per
   * figure, the statement took PostgreSQL ~100 ms to plan on every transfer and quote: docs/performance.md.)
   */
  async function remaining(userId: string, on: Db = db): Promise<OperationLimits> {
    const now = clock();
    const since = { daily: dayStart(now), monthly: monthStart(now) };
    const sums: Record<string, SQL.Aliased<string>> = {};
    for (const operation of LIMITED_OPERATIONS) {
      for (const period of PERIODS) {
        const key = `${operation}_${period}`;
        sums[key] = sql<string>`${operationUsedSql(operation, since[period])}::text`.as(key);
      }
    }
    const used = on.select(sums).from(activities).where(countedActivities(userId, since.monthly)).as('used');
    const usedColumns: Record<string, SQL.Aliased<string>> = Object.fromEntries(Object.keys(sums).map((key) => [key, used[key]!]));
    const rows = await on
      .select({
        operation: depositLevelLimits.operation,
        daily: sql<string>`${depositLevelLimits.dailyUsd}::text`,
        monthly: sql<string>`${depositLevelLimits.monthlyUsd}::text`,
        used: usedColumns,
      })
      .from(depositLevelLimits)
      .crossJoin(used)
      .where(eq(depositLevelLimits.level, currentLevelSql(userId)));
    const limitsOf = new Map(rows.map((row) => [row.operation, row]));
    const period = (operation: LimitedOperation, name: Period) => {
      const row = limitsOf.get(operation);
      if (!row) throw new Error(`no ${operation} limit for the customer's level`);
      const usedUsd = formatDecimal(row.used[`${operation}_${name}`]!);
      const left = subtract(row[name], usedUsd);
      return { limit: formatDecimal(row[name]), used: usedUsd, left: formatDecimal(compare(left, '0') > 0 ? left : '0') };
    };
    return Object.fromEntries(
      LIMITED_OPERATIONS.map((operation) => [operation, { daily: period(operation, 'daily'), monthly: period(operation, 'monthly') }]),
    ) as OperationLimits;
  }

  /**
   * Refuses `amount` of `asset` for `operation` when it would pass what is left today or this month
   * (`limit_exceeded`, `fields.period` = `day` or `month`, `fields.left` = what is left in USD), valued at
   * the asset's fresh rate (`rate_stale` otherwise). The customer's row is locked first, so two movements
   * of one customer are checked one after the other, never both against the same remainder. NO KEY
   * UPDATE: it still queues them, but does not conflict with the key-share locks that inserts
   * referencing the customer (an idempotency record) already hold in the same transaction.
   */
  async function assertWithinLimit(tx: Db, userId: string, operation: LimitedOperation, asset: Asset, amount: string): Promise<void> {
    await lockCustomer(tx, userId);
    const [rate] = await tx.select({ updatedAt: rates.updatedAt }).from(rates).where(eq(rates.asset, asset));
    if (!rate || rate.updatedAt.getTime() < clock().getTime() - RATE_FRESH_MS) throw new ApiError('rate_stale');
    const daily = periodSql(userId, operation, 'daily');
    const monthly = periodSql(userId, operation, 'monthly');
    const [check] = await tx
      .select({
        usd: sql<string>`(${amount}::numeric * ${rates.usd})::text`,
        dailyLeft: sql<string>`${daily.left}::text`,
        monthlyLeft: sql<string>`${monthly.left}::text`,
      })
      .from(rates)
      .where(eq(rates.asset, asset));
    const [fits] = await tx
      .select({
        day: sql<boolean>`${check!.usd}::numeric <= ${check!.dailyLeft}::numeric`,
        month: sql<boolean>`${check!.usd}::numeric <= ${check!.monthlyLeft}::numeric`,
      })
      .from(sql`(SELECT 1) AS one`);
    if (!fits!.month) {
      throw new ApiError('limit_exceeded', undefined, { fields: { operation, period: 'month', left: formatDecimal(check!.monthlyLeft) } });
    }
    if (!fits!.day) {
      throw new ApiError('limit_exceeded', undefined, { fields: { operation, period: 'day', left: formatDecimal(check!.dailyLeft) } });
    }
  }

  /**
   * How much of `amount` of `asset` fits in what is left of the customer's `operation` limit today and
   * this month, rounded down to the asset's decimals (`decimals`); the customer's row is locked first,
   * as in `assertWithinLimit`, so two receipts are measured one after the other. Without a fresh rate
   * nothing fits.
   */
  async function portionWithin(tx: Db, userId: string, operation: LimitedOperation, asset: Asset, amount: string, decimals: number) {
    await lockCustomer(tx, userId);
    const fresh = new Date(clock().getTime() - RATE_FRESH_MS);
    const left = sql`least(${periodSql(userId, operation, 'daily').left}, ${periodSql(userId, operation, 'monthly').left})`;
    const [row] = await tx
      .select({ fits: sql<string>`least(${amount}::numeric, trunc(${left} / ${rates.usd}, ${decimals}))::text` })
      .from(rates)
      .where(and(eq(rates.asset, asset), gte(rates.updatedAt, fresh)));
    return formatDecimal(row?.fits ?? '0');
  }

  return { remaining, assertWithinLimit, portionWithin };
}

export type LimitService = ReturnType<typeof createLimitService>;
