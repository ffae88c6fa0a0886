import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomInt, randomUUID } from 'node:crypto';
import type { ActivityStatus, ActivityType } from '../../contract/activities';
import { fitsAssetDecimals, type Asset } from '../../contract/assets';
import type { SystemRole } from '../../contract/transfers';
import type { Db } from '../db/database';
import { accounts, activities, ledgerEntries, ledgerTransactions, rates } from '../db/schema';
import { ApiError } from '../errors';
import { isEntryAmount, isPositiveAmount, negate } from '../../contract/decimal';

export type LedgerKind = (typeof ledgerTransactions.$inferSelect)['kind'];

/** What the customer sees of a posting on one of their accounts. */
export interface ActivityInput {
  accountId: string;
  type: ActivityType;
  /** A posted activity is `completed` unless told otherwise. */
  status?: ActivityStatus;
  counterparty?: string | null;
  reference?: string | null;
  /** Signed, like the entries: what the transaction posts to `accountId`. */
  amount: string;
  counterAmount?: string;
  counterCurrency?: Asset;
}

export interface Posting {
  kind: LedgerKind;
  /** The customer who asked for it; null for system postings. */
  userId: string | null;
  idempotencyKey?: string | null;
  at: Date;
  /** Signed decimal strings; per asset they must sum to zero (the database checks at commit). */
  entries: { accountId: string; amount: string }[];
  /** Written in the same database transaction as the entries, so neither exists without the other. */
  activities?: ActivityInput[];
}

function isNegativeBalanceRefusal(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { constraint?: unknown }).constraint === 'accounts_customer_balance_not_negative') return true;
  }
  return false;
}

/**
 * Writes one ledger transaction, its entries and its activities, in one database transaction (a
 * savepoint when `db` is already one, so a refusal undoes exactly this posting). Amounts are checked
 * first against their account's asset: a malformed amount is `amount_invalid`, one with more decimals
 * than the asset keeps `amount_too_precise`. The database applies each entry to its account's balance
 * and refuses the whole posting when a customer balance would go below zero (`insufficient_funds`)
 * or the entries do not balance per asset.
 */
export async function post(db: Db, posting: Posting): Promise<string> {
  const amounts = [...posting.entries.map((entry) => entry.amount), ...(posting.activities ?? []).map((activity) => activity.amount)];
  if (!amounts.every(isEntryAmount)) throw new ApiError('amount_invalid');
  const accountIds = [...new Set([...posting.entries, ...(posting.activities ?? [])].map((item) => item.accountId))];
  const assetOf = new Map(
    (await db.select({ id: accounts.id, currency: accounts.currency }).from(accounts).where(inArray(accounts.id, accountIds))).map(
      (row) => [row.id, row.currency as Asset],
    ),
  );
  for (const item of [...posting.entries, ...(posting.activities ?? [])]) {
    const asset = assetOf.get(item.accountId);
    if (!asset) throw new Error(`No account ${item.accountId}`);
    if (!fitsAssetDecimals(item.amount, asset)) throw new ApiError('amount_too_precise');
  }

  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(ledgerTransactions).values({
        id,
        userId: posting.userId,
        kind: posting.kind,
        idempotencyKey: posting.idempotencyKey ?? null,
        createdAt: posting.at,
      });
      await tx.insert(ledgerEntries).values(posting.entries.map((entry) => ({ transactionId: id, ...entry })));
      for (const activity of posting.activities ?? []) {
        const currency = assetOf.get(activity.accountId)!;
        await tx.insert(activities).values({
          id: randomUUID(),
          userId: sql`(SELECT user_id FROM accounts WHERE id = ${activity.accountId})`,
          accountId: activity.accountId,
          transactionId: id,
          type: activity.type,
          status: activity.status ?? 'completed',
          counterparty: activity.counterparty ?? null,
          reference: activity.reference ?? null,
          amount: activity.amount,
          currency,
          counterAmount: activity.counterAmount ?? null,
          counterCurrency: activity.counterCurrency ?? null,
          usdValue: sql`(SELECT round(${activity.amount}::numeric * ${rates.usd}, 18) FROM ${rates} WHERE ${rates.asset} = ${currency})`,
          createdAt: posting.at,
        });
      }
    });
  } catch (error) {
    if (isNegativeBalanceRefusal(error)) throw new ApiError('insufficient_funds');
    throw error;
  }
  return id;
}

/** Rows each system account is split into (migration 0039_system_account_shards.sql). */
export const SYSTEM_SHARDS = 32;

/**
 * A shard of the system account of `asset` with `role`: by default the `external` one, the
 * counter-side of money entering or leaving Meridian; exchanges also use `treasury` and `revenue`
 * (migration 0019). The shard is locked here, in `tx` (the transaction that posts to it), and is one no
 * other open transaction holds, tried from a random one, so postings of unrelated customers never wait
 * on each other; only when every shard is held does this wait, for one of them.
 */
export async function systemAccountId(tx: Db, asset: Asset, role: SystemRole = 'external'): Promise<string> {
  const shards = (skipLocked: boolean) =>
    tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(isNull(accounts.userId), eq(accounts.currency, asset), eq(accounts.systemRole, role)))
      .orderBy(sql`(${accounts.shard} + ${randomInt(SYSTEM_SHARDS)}) % ${SYSTEM_SHARDS}`)
      .limit(1)
      // No key update, as the entry's own update of the balance: entries referencing the row still go in.
      .for('no key update', skipLocked ? { skipLocked } : undefined);
  const [free] = await shards(true);
  const row = free ?? (await shards(false))[0];
  if (!row) throw new Error(`No ${role} system account for ${asset}`);
  return row.id;
}

interface Movement {
  kind: LedgerKind;
  userId: string;
  accountId: string;
  asset: Asset;
  /** Positive. */
  amount: string;
  at: Date;
  idempotencyKey?: string;
  /** What the customer's activity shows; none when absent. */
  activity?: Omit<ActivityInput, 'accountId' | 'amount'>;
}

/** Money coming in from outside Meridian: the system account of the asset pays the customer account. */
export async function credit(db: Db, movement: Movement): Promise<string> {
  return move(db, movement, movement.amount);
}

/** Money leaving Meridian: the customer account pays the system account (refused below zero). */
export async function debit(db: Db, movement: Movement): Promise<string> {
  return move(db, movement, negate(movement.amount));
}

async function move(db: Db, movement: Movement, signed: string): Promise<string> {
  if (!isPositiveAmount(movement.amount)) throw new ApiError('amount_invalid');
  // The shard stays locked from its choice to the posting's commit: one transaction (a savepoint in the caller's).
  return db.transaction(async (tx) =>
    post(tx, {
      kind: movement.kind,
      userId: movement.userId,
      idempotencyKey: movement.idempotencyKey,
      at: movement.at,
      entries: [
        { accountId: movement.accountId, amount: signed },
        { accountId: await systemAccountId(tx, movement.asset), amount: negate(signed) },
      ],
      activities: movement.activity ? [{ ...movement.activity, accountId: movement.accountId, amount: signed }] : [],
    }),
  );
}
