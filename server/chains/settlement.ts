import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { activities, ledgerEntries, withdrawals } from '../db/schema';
import { formatDecimal, negate } from '../../contract/decimal';
import { post } from '../services/ledger';

type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * How a held withdrawal ends, whoever settles it (the EVM signer, the simulated Bitcoin processor): the
 * caller holds the withdrawal's row lock and has checked it is still open.
 */

/** Confirmed: the activity completes; the hold already moved the money. */
export async function confirmWithdrawal(tx: Db, withdrawal: WithdrawalRow, at: Date): Promise<void> {
  await tx.update(withdrawals).set({ status: 'confirmed', settledAt: at }).where(eq(withdrawals.id, withdrawal.id));
  await tx.update(activities).set({ status: 'completed' }).where(eq(activities.id, withdrawal.activityId));
}

/** Failed: the hold's own entries, negated, return exactly what it moved; the activity says it failed. */
export async function failWithdrawal(tx: Db, withdrawal: WithdrawalRow, failure: string, at: Date): Promise<void> {
  const hold = await tx
    .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, withdrawal.holdTransactionId));
  const reversalTransactionId = await post(tx, {
    kind: 'withdrawal',
    userId: withdrawal.userId,
    at,
    entries: hold.map((entry) => ({ accountId: entry.accountId, amount: negate(formatDecimal(entry.amount)) })),
  });
  await tx
    .update(withdrawals)
    .set({ status: 'failed', reversalTransactionId, failure, settledAt: at })
    .where(eq(withdrawals.id, withdrawal.id));
  await tx.update(activities).set({ status: 'failed' }).where(eq(activities.id, withdrawal.activityId));
}
