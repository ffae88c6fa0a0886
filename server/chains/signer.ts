import { and, asc, eq, inArray } from 'drizzle-orm';
import { BaseError, HttpRequestError, keccak256, parseUnits, TimeoutError, type Hash, type PublicClient } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Chain } from '../../contract/chains';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { activities, hotWalletNonces, ledgerEntries, withdrawals } from '../db/schema';
import { describeError, type Logger } from '../logger';
import { formatDecimal, negate } from '../services/decimal';
import { post } from '../services/ledger';
import { publicClientOf } from './chains';
import { runWhileLeader } from './leader';
import { NATIVE_TRANSFER_GAS } from './withdrawals';

/** Any 64-bit number of our own: the advisory lock only one instance's signer holds. */
export const SIGNER_LOCK_KEY = 7_402_113_002n;
/** At most this many withdrawals per chain and round, so the nonce row is not held for long. */
const PER_ROUND = 50;

type WithdrawalRow = typeof withdrawals.$inferSelect;

export interface SignerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  chains: readonly Chain[];
  account: PrivateKeyAccount;
}

/** The node answered, and said no (funds, fee, a malformed transaction): nothing went out. A network failure may have. */
function refusedByNode(error: unknown): boolean {
  return !(error instanceof BaseError && error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError));
}

/**
 * The hot wallet: sends the held withdrawals and follows them to their confirmations. One nonce sequence
 * per chain: the chain's row in `hot_wallet_nonces` is locked while a round signs and sends, so however
 * many rounds or instances run, each nonce goes to one withdrawal (the table's unique key says so too).
 * A withdrawal the node refuses, or whose transaction reverts, fails: a reversing ledger transaction
 * returns the held amount. A transaction stuck in the pool is not replaced yet.
 */
export function createWithdrawalSigner({ db, clock, logger, chains, account }: SignerDeps) {
  const clients = new Map<string, PublicClient>(chains.map((chain) => [chain.network, publicClientOf(chain)]));

  async function broadcast(chain: Chain, client: PublicClient): Promise<void> {
    const [due] = await db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.network, chain.network), eq(withdrawals.status, 'pending')))
      .limit(1);
    if (!due) return;
    await db.transaction(async (tx) => {
      const key = { network: chain.network, address: account.address };
      await tx
        .insert(hotWalletNonces)
        .values({ ...key, nextNonce: 0 })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(hotWalletNonces)
        .where(and(eq(hotWalletNonces.network, key.network), eq(hotWalletNonces.address, key.address)))
        .for('update');
      // The chain may know more (a transaction sent by hand from the same key): never reuse one of those.
      let nonce = Math.max(row!.nextNonce, await client.getTransactionCount({ address: account.address, blockTag: 'pending' }));
      const pending = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.network, chain.network), eq(withdrawals.status, 'pending')))
        .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
        .limit(PER_ROUND)
        .for('update');
      const priority = await client.estimateMaxPriorityFeePerGas();
      for (const withdrawal of pending) {
        const fee = parseUnits(formatDecimal(withdrawal.fee), 18);
        // The customer paid for the gas at the quoted price: that is the most this transaction may pay.
        const maxFeePerGas = fee / NATIVE_TRANSFER_GAS;
        const serializedTransaction = await account.signTransaction({
          type: 'eip1559',
          chainId: chain.chainId,
          to: withdrawal.address as `0x${string}`,
          value: parseUnits(formatDecimal(withdrawal.amount), 18) - fee,
          nonce,
          gas: NATIVE_TRANSFER_GAS,
          maxFeePerGas,
          maxPriorityFeePerGas: priority < maxFeePerGas ? priority : maxFeePerGas,
        });
        const txHash = keccak256(serializedTransaction);
        try {
          await client.sendRawTransaction({ serializedTransaction });
        } catch (error) {
          if (refusedByNode(error)) {
            logger.warn('withdrawals.refused', { network: chain.network, id: withdrawal.id, ...describeError(error) });
            await fail(tx, withdrawal, 'refused');
            continue;
          }
          // It may have reached the node: the hash is known, so it is followed like a sent one.
          logger.warn('withdrawals.send_uncertain', { network: chain.network, id: withdrawal.id, ...describeError(error) });
        }
        await tx
          .update(withdrawals)
          .set({ status: 'broadcast', fromAddress: account.address, nonce, txHash, broadcastAt: clock() })
          .where(eq(withdrawals.id, withdrawal.id));
        await tx.update(activities).set({ reference: txHash }).where(eq(activities.id, withdrawal.activityId));
        nonce += 1;
      }
      await tx
        .update(hotWalletNonces)
        .set({ nextNonce: nonce })
        .where(and(eq(hotWalletNonces.network, key.network), eq(hotWalletNonces.address, key.address)));
    });
  }

  /** Returns the held amount with the hold's entries reversed; the activity says it failed. */
  async function fail(tx: Db, withdrawal: WithdrawalRow, failure: string): Promise<void> {
    const reversalTransactionId = await post(tx, {
      kind: 'withdrawal',
      userId: withdrawal.userId,
      at: clock(),
      entries: await reversalEntries(tx, withdrawal),
    });
    await tx
      .update(withdrawals)
      .set({ status: 'failed', reversalTransactionId, failure, settledAt: clock() })
      .where(eq(withdrawals.id, withdrawal.id));
    await tx.update(activities).set({ status: 'failed' }).where(eq(activities.id, withdrawal.activityId));
  }

  /** The hold's own entries, negated: exactly what it moved comes back. */
  async function reversalEntries(tx: Db, withdrawal: WithdrawalRow) {
    const hold = await tx
      .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, withdrawal.holdTransactionId));
    return hold.map((entry) => ({ accountId: entry.accountId, amount: negate(formatDecimal(entry.amount)) }));
  }

  /** Confirmed once the receipt is the chain's number of blocks deep; failed when it reverted. */
  async function settle(chain: Chain, client: PublicClient): Promise<void> {
    const sent = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.network, chain.network), eq(withdrawals.status, 'broadcast')));
    if (sent.length === 0) return;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    for (const withdrawal of sent) {
      const receipt = await client.getTransactionReceipt({ hash: withdrawal.txHash as Hash }).catch(() => undefined);
      if (!receipt) continue;
      await db.transaction(async (tx) => {
        // A second round or instance that got here too waits, then finds it settled.
        const [row] = await tx
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.id, withdrawal.id), eq(withdrawals.status, 'broadcast')))
          .for('update');
        if (!row) return;
        if (receipt.status !== 'success') {
          await fail(tx, row, 'reverted');
          return;
        }
        if (head - receipt.blockNumber + 1n < BigInt(chain.confirmations)) return;
        await tx.update(withdrawals).set({ status: 'confirmed', settledAt: clock() }).where(eq(withdrawals.id, row.id));
        await tx.update(activities).set({ status: 'completed' }).where(eq(activities.id, row.activityId));
      });
    }
  }

  /** One round over every chain with open withdrawals; a chain that fails is logged and tried again next round. */
  async function runOnce(): Promise<void> {
    const open = new Set(
      (
        await db
          .selectDistinct({ network: withdrawals.network })
          .from(withdrawals)
          .where(inArray(withdrawals.status, ['pending', 'broadcast']))
      ).map((row) => row.network),
    );
    await Promise.all(
      chains
        .filter((chain) => open.has(chain.network))
        .map(async (chain) => {
          const client = clients.get(chain.network)!;
          try {
            await broadcast(chain, client);
            await settle(chain, client);
          } catch (error) {
            logger.error('withdrawals.round_failed', { network: chain.network, ...describeError(error) });
          }
        }),
    );
  }

  /** Runs rounds every `pollMs` on whichever instance holds the signer's advisory lock. */
  function start({ databaseUrl, pollMs }: { databaseUrl: string | undefined; pollMs: number }): () => Promise<void> {
    return runWhileLeader({ databaseUrl, pollMs, lockKey: SIGNER_LOCK_KEY, name: 'withdrawals', logger, runOnce });
  }

  return { runOnce, start };
}
