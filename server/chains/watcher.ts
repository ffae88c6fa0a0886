import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { formatUnits, parseAbiItem, parseUnits, type Hash, type PublicClient } from 'viem';
import { assetInfo, type CryptoAsset } from '../../contract/assets';
import type { Chain } from '../../contract/chains';
import { MINIMUM_DEPOSIT } from '../../contract/deposits';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { activities, chainCursors, chainDeposits, depositAddresses, rates } from '../db/schema';
import type { Logger } from '../logger';
import { createAccountService } from '../services/accounts';
import { credit } from '../services/ledger';
import { publicClientOf } from './chains';
import { roundPerChain, runWhileLeader, type LeaderStart } from './leader';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** A chain first watched is read from this many blocks back. */
const FIRST_LOOK_BACK = 64;
/** At most this many blocks per chain and round, so one round stays short on a chain far ahead. */
const BLOCKS_PER_ROUND = 100;
/** Any 64-bit number of our own: the advisory lock only one instance's watcher holds. */
export const WATCHER_LOCK_KEY = 7_402_113_001n;

/** One transfer to a deposit address: the native value (`logIndex` −1) or an ERC-20 Transfer log. */
interface Arrival {
  txHash: Hash;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hash;
  /** When the block was mined (its timestamp). */
  blockTime: Date;
  to: string;
  asset: CryptoAsset;
  value: bigint;
  decimals: number;
}

export interface WatcherDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  chains: readonly Chain[];
}

/**
 * The deposit watcher: follows each chain's new blocks for native transfers and the watched tokens'
 * Transfer logs to deposit addresses. A deposit is recorded as pending (with a pending activity) as
 * soon as its block is read, and credited to the ledger once it has the chain's confirmations — if its
 * block is still the chain's block at that height; otherwise it is dropped (a reorganisation), and
 * credited later only if the transaction reappears and confirms there. Each deposit is one row per
 * (network, transaction, log index), so a restart or a second reading never credits twice.
 */
export function createDepositWatcher({ db, clock, logger, chains }: WatcherDeps) {
  const clients = new Map<string, PublicClient>(chains.map((chain) => [chain.network, publicClientOf(chain)]));

  /** One pass over one chain: read new blocks, then settle what has its confirmations. */
  async function round(chain: Chain): Promise<void> {
    const client = clients.get(chain.network)!;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const from = await resumeFrom(chain, client, head);
    const to = head < from ? from - 1n : minBig(head, from + BigInt(BLOCKS_PER_ROUND) - 1n);
    if (to >= from) {
      for (const arrival of await arrivals(chain, client, from, to)) await record(chain, arrival);
      const last = await client.getBlock({ blockNumber: to });
      await db
        .insert(chainCursors)
        .values({ network: chain.network, blockNumber: Number(to), blockHash: last.hash! })
        .onConflictDoUpdate({ target: chainCursors.network, set: { blockNumber: Number(to), blockHash: last.hash! } });
    }
    await settle(chain, client, head);
  }

  /** The first block to read: after the cursor when its block is still the chain's, else a little before it. */
  async function resumeFrom(chain: Chain, client: PublicClient, head: bigint): Promise<bigint> {
    const [cursor] = await db.select().from(chainCursors).where(eq(chainCursors.network, chain.network));
    if (!cursor) return maxBig(0n, head - BigInt(FIRST_LOOK_BACK) + 1n);
    const at = BigInt(cursor.blockNumber);
    const canonical = at <= head ? await client.getBlock({ blockNumber: at }).catch(() => undefined) : undefined;
    if (canonical?.hash === cursor.blockHash) return at + 1n;
    // Reorganised (or rewound) below the cursor: read again from before the deepest block a pending
    // deposit could still be in; what changed is found by `settle` comparing block hashes.
    logger.warn('deposits.reorg', { network: chain.network, cursor: cursor.blockNumber, head: Number(head) });
    return maxBig(0n, minBig(at, head) - BigInt(chain.confirmations) - 1n);
  }

  async function arrivals(chain: Chain, client: PublicClient, from: bigint, to: bigint): Promise<Arrival[]> {
    const watched = new Set(
      (
        await db.select({ address: depositAddresses.address }).from(depositAddresses).where(eq(depositAddresses.network, chain.network))
      ).map((row) => row.address),
    );
    if (watched.size === 0) return [];
    const found: Arrival[] = [];
    const blockTimes = new Map<bigint, Date>();
    for (let number = from; number <= to; number++) {
      const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
      blockTimes.set(number, blockTime(block));
      for (const tx of block.transactions) {
        const recipient = tx.to?.toLowerCase();
        if (!recipient || !watched.has(recipient) || tx.value === 0n) continue;
        // A reverted transaction moved no value.
        const receipt = await client.getTransactionReceipt({ hash: tx.hash });
        if (receipt.status !== 'success') continue;
        found.push({
          txHash: tx.hash,
          logIndex: -1,
          blockNumber: number,
          blockHash: block.hash!,
          blockTime: blockTime(block),
          to: recipient,
          asset: chain.nativeCurrency.symbol,
          value: tx.value,
          decimals: chain.nativeCurrency.decimals,
        });
      }
    }
    const logs = await client.getLogs({
      address: chain.tokens.map((token) => token.address as `0x${string}`),
      event: TRANSFER,
      fromBlock: from,
      toBlock: to,
    });
    for (const log of logs) {
      const to = log.args.to?.toLowerCase();
      const token = chain.tokens.find((candidate) => candidate.address.toLowerCase() === log.address.toLowerCase());
      if (!to || !watched.has(to) || !token || !log.args.value || log.removed) continue;
      found.push({
        txHash: log.transactionHash!,
        logIndex: log.logIndex!,
        blockNumber: log.blockNumber!,
        blockHash: log.blockHash!,
        // The logs are of the blocks just read (the same range).
        blockTime: blockTimes.get(log.blockNumber!)!,
        to,
        asset: token.asset,
        value: log.args.value,
        decimals: token.decimals,
      });
    }
    return found;
  }

  /** Pending at once, with its activity; a dropped one seen again in a new block is pending again. */
  async function record(chain: Chain, arrival: Arrival): Promise<void> {
    const { amount, dust } = toAssetAmount(arrival.value, arrival.decimals, arrival.asset);
    if (parseUnits(amount, 18) < parseUnits(MINIMUM_DEPOSIT[arrival.asset], 18)) {
      logger.info('deposits.below_minimum', { network: chain.network, txHash: arrival.txHash, asset: arrival.asset, amount });
      return;
    }
    const key = { network: chain.network, txHash: arrival.txHash.toLowerCase(), logIndex: arrival.logIndex };
    await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: depositAddresses.userId })
        .from(depositAddresses)
        .where(and(eq(depositAddresses.network, chain.network), eq(depositAddresses.address, arrival.to)));
      if (!owner) return;
      const [existing] = await tx.select().from(chainDeposits).where(depositKey(key)).for('update');
      if (existing) {
        if (existing.status !== 'dropped') return;
        await tx
          .update(chainDeposits)
          .set({ status: 'pending', blockNumber: Number(arrival.blockNumber), blockHash: arrival.blockHash, blockTime: arrival.blockTime })
          .where(depositKey(key));
        await tx.update(activities).set({ status: 'pending' }).where(eq(activities.id, existing.activityId));
        return;
      }
      const account = await createAccountService(tx, clock).openAccount(owner.userId, arrival.asset);
      const activityId = randomUUID();
      await tx.insert(activities).values({
        id: activityId,
        userId: owner.userId,
        accountId: account.id,
        type: 'deposit',
        status: 'pending',
        counterparty: chain.name,
        reference: key.txHash,
        amount,
        currency: arrival.asset,
        createdAt: clock(),
      });
      await tx.insert(chainDeposits).values({
        ...key,
        blockNumber: Number(arrival.blockNumber),
        blockHash: arrival.blockHash,
        blockTime: arrival.blockTime,
        userId: owner.userId,
        address: arrival.to,
        asset: arrival.asset,
        amount,
        dust,
        status: 'pending',
        activityId,
        seenAt: clock(),
      });
    });
  }

  /** Credits the pending deposits that have their confirmations and are still where they were seen. */
  async function settle(chain: Chain, client: PublicClient, head: bigint): Promise<void> {
    const deep = Number(head) - chain.confirmations + 1;
    const due = await db
      .select()
      .from(chainDeposits)
      .where(and(eq(chainDeposits.network, chain.network), eq(chainDeposits.status, 'pending'), lte(chainDeposits.blockNumber, deep)));
    for (const deposit of due) {
      const canonical = await client.getBlock({ blockNumber: BigInt(deposit.blockNumber) }).catch(() => undefined);
      if (canonical?.hash === deposit.blockHash) {
        await creditDeposit(deposit);
        continue;
      }
      const receipt = await client.getTransactionReceipt({ hash: deposit.txHash as Hash }).catch(() => undefined);
      const key = depositKey(deposit);
      if (receipt?.status === 'success') {
        // Mined again in another block: count its confirmations (and its time) from there.
        const block = await client.getBlock({ blockHash: receipt.blockHash });
        await db
          .update(chainDeposits)
          .set({ blockNumber: Number(receipt.blockNumber), blockHash: receipt.blockHash, blockTime: blockTime(block) })
          .where(key);
      } else {
        logger.warn('deposits.dropped', { network: chain.network, txHash: deposit.txHash });
        await db.transaction(async (tx) => {
          await tx
            .update(chainDeposits)
            .set({ status: 'dropped' })
            .where(and(key, eq(chainDeposits.status, 'pending')));
          await tx.update(activities).set({ status: 'cancelled' }).where(eq(activities.id, deposit.activityId));
        });
      }
    }
  }

  async function creditDeposit(deposit: typeof chainDeposits.$inferSelect): Promise<void> {
    await db.transaction(async (tx) => {
      // The row lock makes a second instance or round that got here too wait, then find it credited.
      const [row] = await tx
        .select()
        .from(chainDeposits)
        .where(and(depositKey(deposit), eq(chainDeposits.status, 'pending')))
        .for('update');
      if (!row) return;
      const [activity] = await tx.select({ accountId: activities.accountId }).from(activities).where(eq(activities.id, row.activityId));
      const asset = row.asset as CryptoAsset;
      const transactionId = await credit(tx, {
        kind: 'deposit',
        userId: row.userId,
        accountId: activity!.accountId,
        asset,
        amount: row.amount,
        at: clock(),
      });
      await tx
        .update(activities)
        .set({
          status: 'completed',
          transactionId,
          usdValue: sql`(SELECT round(${row.amount}::numeric * ${rates.usd}, 18) FROM ${rates} WHERE ${rates.asset} = ${asset})`,
        })
        .where(eq(activities.id, row.activityId));
      await tx.update(chainDeposits).set({ status: 'credited', transactionId, creditedAt: clock() }).where(depositKey(row));
    });
  }

  /** One round over every chain; a chain whose node fails is logged and tried again next round. */
  async function runOnce(): Promise<void> {
    await roundPerChain(chains, 'deposits.chain_failed', logger, round);
  }

  /** Runs rounds every `pollMs` on whichever instance holds the watcher's advisory lock. */
  function start({ databaseUrl, pollMs, monitor }: LeaderStart): () => Promise<void> {
    return runWhileLeader({ databaseUrl, pollMs, monitor, lockKey: WATCHER_LOCK_KEY, name: 'deposits', logger, runOnce });
  }

  return { runOnce, start };
}

function depositKey(deposit: { network: string; txHash: string; logIndex: number }) {
  return and(
    eq(chainDeposits.network, deposit.network),
    eq(chainDeposits.txHash, deposit.txHash),
    eq(chainDeposits.logIndex, deposit.logIndex),
  );
}

/**
 * An on-chain value in the asset's decimals: exact when the token has no more decimals than the asset;
 * otherwise the finer part is cut off and kept as `dust` (in the asset's unit, to 18 places).
 */
export function toAssetAmount(value: bigint, tokenDecimals: number, asset: CryptoAsset): { amount: string; dust: string } {
  const decimals = assetInfo(asset)!.decimals;
  if (tokenDecimals <= decimals) return { amount: formatUnits(value, tokenDecimals), dust: '0' };
  const scale = 10n ** BigInt(tokenDecimals - decimals);
  return { amount: formatUnits(value / scale, decimals), dust: formatUnits(value % scale, tokenDecimals) };
}

const blockTime = (block: { timestamp: bigint }) => new Date(Number(block.timestamp) * 1000);
const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);
