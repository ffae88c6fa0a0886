import type { Asset } from '../../contract/assets';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { maybeRewardReferrer } from './referrals';
import { createAccountService } from './accounts';
import { credit, type ActivityInput, type LedgerKind } from './ledger';
import { createLimitService } from './limits';

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
 * the asset — opened when they have none — within their daily and monthly top-up limits (`limit_exceeded`,
 * nothing written; server/services/limits.ts locks the customer, so their top-ups are checked one after the
 * other). `tx` is the request's transaction.
 */
export async function creditTopUp(tx: Db, clock: Clock, topUp: TopUp): Promise<{ transactionId: string; accountId: string }> {
  await createLimitService(tx, clock).assertWithinLimit(tx, topUp.userId, 'top_up', topUp.asset, topUp.amount);
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
  // A deposit may be the one that earns the customer's referrer its reward.
  if (topUp.kind === 'deposit') await maybeRewardReferrer(tx, topUp.userId, clock);
  return { transactionId, accountId: account.id };
}

/** Whether a refusal is the customer's limit (a bank transfer is then held rather than refused). */
export const isLimitRefusal = (error: unknown) => error instanceof ApiError && error.code === 'limit_exceeded';
