import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ActivitiesPage, ActivitiesQuery, Activity, ActivityLeg } from '../../contract/activities';
import type { Asset, CryptoAsset } from '../../contract/assets';
import type { Db } from '../db/database';
import { accounts, activities, payouts, recurringBuyRuns, recurringBuys } from '../db/schema';
import { ApiError } from '../errors';
import { AMOUNT_PATTERN, formatDecimal } from '../../contract/decimal';

/** Where the previous page ended: its last activity's instant and id (the order's two keys). */
interface Cursor {
  at: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  const [iso = '', id = ''] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== iso || !UUID.test(id)) throw new ApiError('cursor_invalid');
  return { at, id };
}

/** `%`, `_` and `\` typed by the customer are looked for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The customer's activities, newest first. Keyset pagination on (created_at, id) over the index
 * `activities_user_created_idx`: a deep page costs what the first one does, and an activity written
 * while the customer scrolls never shifts a page.
 */
/** An activity as the contract gives it: amounts as the database's exact text, the dollar value in cents. */
const columns = {
  id: activities.id,
  accountId: activities.accountId,
  type: activities.type,
  status: activities.status,
  counterparty: activities.counterparty,
  reference: activities.reference,
  amount: sql<string>`${activities.amount}::text`,
  currency: activities.currency,
  counterAmount: sql<string | null>`${activities.counterAmount}::text`,
  counterCurrency: activities.counterCurrency,
  usdValue: sql<string | null>`round(${activities.usdValue}, 2)::text`,
  createdAt: activities.createdAt,
  transactionId: activities.transactionId,
  returnReason: payouts.returnReason,
  recurringBuyId: recurringBuys.id,
  recurringBuyAsset: accounts.currency,
};

// A payout's activity carries the bank's reason once the payout was returned; a recurring buy's run its
// plan and the asset it buys (found by the run's transaction: recurring_buy_runs_transaction_idx).
const selectActivities = (db: Db) =>
  db
    .select(columns)
    .from(activities)
    .leftJoin(payouts, eq(payouts.activityId, activities.id))
    .leftJoin(recurringBuyRuns, eq(recurringBuyRuns.transactionId, activities.transactionId))
    .leftJoin(recurringBuys, eq(recurringBuys.id, recurringBuyRuns.planId))
    .leftJoin(accounts, eq(accounts.id, recurringBuys.toAccountId));

type Row = Awaited<ReturnType<typeof selectActivities>>[number];

function toActivity({ transactionId: _transaction, recurringBuyId, recurringBuyAsset, ...row }: Row, legs: ActivityLeg[]): Activity {
  return {
    ...row,
    recurringBuy: recurringBuyId && recurringBuyAsset ? { id: recurringBuyId, asset: recurringBuyAsset as CryptoAsset } : null,
    legs,
    amount: formatDecimal(row.amount),
    currency: row.currency as Asset,
    counterAmount: row.counterAmount === null ? null : formatDecimal(row.counterAmount),
    counterCurrency: row.counterCurrency as Asset | null,
    usdValue: row.usdValue === null ? null : formatDecimal(row.usdValue),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Hides the side of a move between the customer's own accounts that money arrived on: the action is
 * listed once, as the account it left (whose `legs` show the other), so a page counts actions, not rows.
 */
const notArrivingSide = sql`NOT (${activities.amount} > 0 AND EXISTS (SELECT 1 FROM activities AS debit
  WHERE debit.transaction_id = ${activities.transactionId} AND debit.user_id = ${activities.userId} AND debit.amount < 0))`;

export function createActivityService(db: Db) {
  /** Each row with the customer's other activities of its ledger transaction. */
  async function withLegs(userId: string, rows: Row[]): Promise<Activity[]> {
    const transactionIds = [...new Set(rows.flatMap((row) => (row.transactionId ? [row.transactionId] : [])))];
    const related = transactionIds.length
      ? await selectActivities(db).where(and(eq(activities.userId, userId), inArray(activities.transactionId, transactionIds)))
      : [];
    return rows.map((row) =>
      toActivity(
        row,
        related
          .filter((other) => row.transactionId !== null && other.transactionId === row.transactionId && other.id !== row.id)
          .map((other) => ({
            id: other.id,
            accountId: other.accountId,
            amount: formatDecimal(other.amount),
            currency: other.currency as Asset,
          })),
      ),
    );
  }

  async function list(userId: string, query: ActivitiesQuery): Promise<ActivitiesPage> {
    const conditions: (SQL | undefined)[] = [eq(activities.userId, userId)];
    conditions.push(query.accountId ? eq(activities.accountId, query.accountId) : notArrivingSide);
    if (query.type) conditions.push(eq(activities.type, query.type));
    if (query.status) conditions.push(eq(activities.status, query.status));
    if (query.from) conditions.push(gte(activities.createdAt, new Date(query.from)));
    if (query.to) conditions.push(lt(activities.createdAt, new Date(query.to)));
    if (query.q) {
      const amount = query.q.replace(/^[-+]/, '');
      conditions.push(
        or(
          ilike(activities.counterparty, likePattern(query.q)),
          ilike(activities.reference, likePattern(query.q)),
          AMOUNT_PATTERN.test(amount) ? sql`abs(${activities.amount}) = ${amount}::numeric` : undefined,
        ),
      );
    }
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor);
      conditions.push(sql`(${activities.createdAt}, ${activities.id}) < (${cursor.at}, ${cursor.id}::uuid)`);
    }
    const rows = await selectActivities(db)
      .where(and(...conditions))
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: await withLegs(userId, page),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
    };
  }

  /** One of the customer's activities; any other id, well-formed or not, is `activity_not_found`. */
  async function one(userId: string, id: string): Promise<Activity> {
    if (!UUID.test(id)) throw new ApiError('activity_not_found');
    const [row] = await selectActivities(db).where(and(eq(activities.id, id), eq(activities.userId, userId)));
    if (!row) throw new ApiError('activity_not_found');
    const [activity] = await withLegs(userId, [row]);
    return activity!;
  }

  return { list, one };
}

export type ActivityService = ReturnType<typeof createActivityService>;
