import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ActivityType } from '../../contract/activities';
import { LIMITED_OPERATIONS, type LimitedOperation, type UserDepositLevels } from '../../contract/users';
import type { Db } from '../db/database';
import { activities, depositLevelLimits, depositLevels, users } from '../db/schema';
import { ApiError } from '../errors';
import { formatDecimal } from '../../contract/decimal';

/** The first instant of the calendar month (UTC) that `now` is in: monthly limits count from it. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The first instant of the UTC day that `now` is in: daily limits count from it. */
export function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Which activities use up each limited operation, and in which direction: money arriving for top-ups,
 * money leaving for the rest (an exchange writes an activity on both accounts; only the side paid
 * counts). Pending ones count too, so money held for an operation in flight is not spent twice.
 */
export const OPERATION_USAGE: Record<LimitedOperation, { types: readonly ActivityType[]; direction: 'in' | 'out' }> = {
  top_up: { types: ['deposit', 'voucher_redeemed'], direction: 'in' },
  transfer: { types: ['exchange'], direction: 'out' },
  payment: { types: ['payment_sent', 'money_sent'], direction: 'out' },
  withdrawal: { types: ['withdrawal'], direction: 'out' },
  // What other customers sent: more than the level allows waits in the holding account (services/sendMoney.ts).
  receive: { types: ['money_received'], direction: 'in' },
};

/** Completed deposits, in US dollars at the rate of their moment (a deposit without a known rate counts 0). */
const depositsUsd = sql<string>`coalesce(sum(${activities.usdValue}), 0)::text`;
/**
 * What makes a level: completed money arriving of the kinds the top-up limit counts (a bank transfer, a
 * redeemed voucher…), from the same list, so "Deposit $… more" never leaves out what the limit counted.
 * Written out (not as parameters) so the planner matches the partial index `activities_user_deposits_idx`.
 */
const isCompletedDeposit = sql`${activities.type} IN (${sql.raw(OPERATION_USAGE.top_up.types.map((type) => `'${type}'`).join(', '))})
  AND ${activities.status} = 'completed' AND ${activities.amount} > 0`;

/** The customer's level as SQL: the highest reached by completed deposits, at most 1 until KYC is approved. */
export function currentLevelSql(userId: string): SQL {
  const deposits = sql`(SELECT coalesce(sum(${activities.usdValue}), 0) FROM ${activities} WHERE ${activities.userId} = ${userId} AND ${isCompletedDeposit})`;
  const reached = sql`(SELECT coalesce(max(l.level), 1) FROM deposit_levels l WHERE l.min_total_deposit_usd <= ${deposits})`;
  return sql`(SELECT CASE WHEN u.kyc_status = 'approved' THEN ${reached} ELSE least(${reached}, 1) END FROM users u WHERE u.id = ${userId})`;
}

/**
 * What activities of `operation` since `since` used of its limit, in US dollars, as an aggregate over rows
 * of one customer's counted activities (`countedActivities`): one scan can sum every operation and period.
 */
export function operationUsedSql(operation: LimitedOperation, since: Date): SQL {
  const { types, direction } = OPERATION_USAGE[operation];
  const sign = direction === 'in' ? sql`> 0` : sql`< 0`;
  return sql`coalesce(sum(abs(${activities.usdValue})) FILTER (WHERE ${inArray(activities.type, [...types])}
    AND ${activities.amount} ${sign} AND ${activities.createdAt} >= ${since}), 0)`;
}

/** The customer's activities that can count against a limit since `since`: pending ones hold their amount too. */
export const countedActivities = (userId: string, since: Date): SQL =>
  sql`${activities.userId} = ${userId} AND ${activities.status} IN ('pending', 'completed') AND ${activities.createdAt} >= ${since}`;

/** What the customer's activities of `operation` since `since` used of its limit, in US dollars, as SQL. */
export function operationUsageSql(userId: string, operation: LimitedOperation, since: Date): SQL {
  return sql`(SELECT ${operationUsedSql(operation, since)} FROM ${activities} WHERE ${countedActivities(userId, since)})`;
}

/**
 * The monthly top-up limit and what the month used of it, as a one-row subquery (`limitUsd`, `usedUsd`) to
 * join: the balances summary reads it in its own statement, and PostgreSQL plans the level and the month's
 * sum once.
 */
export function monthlyTopUpQuery(db: Db, userId: string, now: Date) {
  const since = monthStart(now);
  return db
    .select({
      limitUsd:
        sql<string>`(SELECT monthly_usd FROM deposit_level_limits WHERE level = ${currentLevelSql(userId)} AND operation = 'top_up')`.as(
          'limit_usd',
        ),
      usedUsd: sql<string>`${operationUsedSql('top_up', since)}`.as('used_usd'),
    })
    .from(activities)
    .where(countedActivities(userId, since))
    .as('top_up');
}

/**
 * Deposit levels: the level a customer is on follows from their completed deposits (the highest level
 * whose threshold they reach), capped at level 1 until KYC is approved; each level limits top-ups,
 * transfers, payments and withdrawals per day and per calendar month in US dollars (enforced by the
 * money flows).
 */
export function createLevelService(db: Db) {
  /** Where the customer stands: completed deposits in USD, the level they reach, and the level that applies. */
  async function position(userId: string): Promise<{ total: string; reached: number; current: number; approved: boolean }> {
    const [[user], [deposits]] = await Promise.all([
      db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId)),
      db
        .select({
          total: depositsUsd,
          // Thresholds and the total compared as numerics by the database, not as floats.
          reached: sql<number>`(SELECT coalesce(max(l.level), 1) FROM deposit_levels l
            WHERE l.min_total_deposit_usd <= coalesce(sum(${activities.usdValue}), 0))::int`,
        })
        .from(activities)
        .where(and(eq(activities.userId, userId), isCompletedDeposit)),
    ]);
    if (!user) throw new ApiError('unauthorized');
    const approved = user.kycStatus === 'approved';
    const { total, reached } = deposits!;
    return { total, reached, current: approved ? reached : Math.min(reached, 1), approved };
  }

  async function standing(userId: string): Promise<UserDepositLevels> {
    const [{ total, reached, current: currentLevel, approved }, levelRows, limitRows] = await Promise.all([
      position(userId),
      db
        .select({ level: depositLevels.level, name: depositLevels.name, min: sql<string>`${depositLevels.minTotalDepositUsd}::text` })
        .from(depositLevels)
        .orderBy(asc(depositLevels.level)),
      db
        .select({
          level: depositLevelLimits.level,
          operation: depositLevelLimits.operation,
          daily: sql<string>`${depositLevelLimits.dailyUsd}::text`,
          monthly: sql<string>`${depositLevelLimits.monthlyUsd}::text`,
        })
        .from(depositLevelLimits),
    ]);
    const levels = levelRows.map((row) => {
      const limitsOf = (operation: LimitedOperation) => {
        const limit = limitRows.find((item) => item.level === row.level && item.operation === operation);
        if (!limit) throw new Error(`Deposit level ${row.level} has no ${operation} limit`);
        return { daily: formatDecimal(limit.daily), monthly: formatDecimal(limit.monthly) };
      };
      return {
        level: row.level,
        name: row.name,
        minTotalDeposit: formatDecimal(row.min),
        currency: 'USD' as const,
        limits: Object.fromEntries(
          LIMITED_OPERATIONS.map((operation) => [operation, limitsOf(operation)]),
        ) as UserDepositLevels['levels'][number]['limits'],
      };
    });
    const current = levelRows.find((row) => row.level === currentLevel)!;
    const following = levelRows.find((row) => row.level === currentLevel + 1);
    let next: UserDepositLevels['next'] = null;
    if (following) {
      const [progress] = await db
        .select({
          remaining: sql<string>`greatest(${following.min}::numeric - ${total}::numeric, 0)::text`,
          percent: sql<string>`round(least(100, greatest(0, (${total}::numeric - ${current.min}::numeric) * 100 / (${following.min}::numeric - ${current.min}::numeric))), 2)::text`,
        })
        .from(sql`(SELECT 1) AS one`);
      next = {
        level: following.level,
        name: following.name,
        minTotalDeposit: formatDecimal(following.min),
        remaining: formatDecimal(progress!.remaining),
        // A share for a progress bar, not money: a number is what a bar takes.
        progressPercent: Number(progress!.percent),
      };
    }
    return {
      currentLevel,
      reachedLevel: reached,
      kycRequired: !approved && levelRows.length > 1,
      totalDeposits: formatDecimal(total),
      levels,
      next,
    };
  }

  return { standing };
}

export type LevelService = ReturnType<typeof createLevelService>;
