import { eq, sql } from 'drizzle-orm';
import type { Asset } from '../../contract/assets';
import { RATE_FRESH_MS } from '../../contract/rates';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rates, users } from '../db/schema';
import { ApiError } from '../errors';
import { createAccountService } from './accounts';
import { credit, type ActivityInput, type LedgerKind } from './ledger';
import { createLevelService } from './levels';

export interface TopUp {
  userId: string;
  asset: Asset;
  /** Positive decimal string. */
  amount: string;
  kind: LedgerKind;
  activity: Omit<ActivityInput, 'accountId' | 'amount'>;
  idempotencyKey?: string;
}

/**
 * Money arriving for a customer from outside (a bank transfer, a voucher): credited to their account in
 * the asset — opened when they have none — within their top-up limit (`top_up_limit_exceeded`, nothing
 * written). The customer's row is locked first, so two top-ups of one customer are checked one after
 * the other, never both against the same remainder. `tx` is the request's transaction.
 */
export async function creditTopUp(tx: Db, clock: Clock, topUp: TopUp): Promise<{ transactionId: string; accountId: string }> {
  // NO KEY UPDATE, as for the simulated deposits: it queues this customer's top-ups without conflicting
  // with the key-share locks the idempotency record's insert already holds.
  await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${topUp.userId} FOR NO KEY UPDATE`);
  await checkTopUpLimit(tx, clock, topUp.userId, topUp.asset, topUp.amount);
  const account = await createAccountService(tx, clock).openAccount(topUp.userId, topUp.asset);
  const transactionId = await credit(tx, {
    kind: topUp.kind,
    userId: topUp.userId,
    accountId: account.id,
    asset: topUp.asset,
    amount: topUp.amount,
    at: clock(),
    idempotencyKey: topUp.idempotencyKey,
    activity: topUp.activity,
  });
  return { transactionId, accountId: account.id };
}

/** What is left of the month's top-up limit must hold the amount, valued at the asset's fresh rate. */
async function checkTopUpLimit(tx: Db, clock: Clock, userId: string, asset: Asset, amount: string): Promise<void> {
  const [rate] = await tx.select({ updatedAt: rates.updatedAt }).from(rates).where(eq(rates.asset, asset));
  if (!rate || rate.updatedAt.getTime() < clock().getTime() - RATE_FRESH_MS) throw new ApiError('rate_stale');
  const { leftUsd } = await createLevelService(tx, clock).monthlyTopUp(userId);
  const [check] = await tx
    .select({ fits: sql<boolean>`(${amount}::numeric * ${rates.usd}) <= ${leftUsd}::numeric` })
    .from(rates)
    .where(eq(rates.asset, asset));
  if (!check?.fits) throw new ApiError('top_up_limit_exceeded');
}

/** Whether a refusal is the customer's limit (a bank transfer is then held rather than refused). */
export const isLimitRefusal = (error: unknown) => error instanceof ApiError && error.code === 'top_up_limit_exceeded';
