import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  encodeFunctionData,
  erc20Abi,
  keccak256,
  parseUnits,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { CryptoAsset } from '../../contract/assets';
import type { Chain } from '../../contract/chains';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { activities, hotWalletNonces, withdrawals, withdrawalTransactions } from '../db/schema';
import { describeError, type Logger } from '../logger';
import { formatDecimal } from '../../contract/decimal';
import { publicClientOf } from './chains';
import { roundPerChain, runWhileLeader, type LeaderStart } from './leader';
import { confirmWithdrawal, failWithdrawal } from './settlement';
import { onChainUnits, receivedOf, tokenOf, type ChainToken } from './withdrawals';

/** Any 64-bit number of our own: the advisory lock only one instance's signer holds. */
export const SIGNER_LOCK_KEY = 7_402_113_002n;
/** At most this many withdrawals per chain and round, so the nonce row is not held for long. */
const PER_ROUND = 50;
/** What a node answers when it already has the transaction, or mined it: the send is not a failure, the receipt tells. */
const ALREADY_SENT = /already known|nonce too low|replacement (transaction )?underpriced|nonce has already been used/i;

type WithdrawalRow = typeof withdrawals.$inferSelect;
type TransactionRow = typeof withdrawalTransactions.$inferSelect;
interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const wei = (amount: string) => parseUnits(formatDecimal(amount), 18);
/** Nodes take a replacement only when it pays at least 10% more on both fee fields; rounded up. */
const bumped = (fee: bigint) => fee + (fee + 9n) / 10n;
const larger = (a: bigint, b: bigint) => (a > b ? a : b);

export interface SignerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  chains: readonly Chain[];
  account: PrivateKeyAccount;
  /** A sent transaction still in the node's pool this long after it was signed is replaced with higher fees. */
  replaceAfterSeconds: number;
  /** A replacement offers at most this many times the first transaction's max fee per gas (WITHDRAWAL_MAX_FEE_MULTIPLE). */
  maxFeeMultiple: number;
  /** The client of a chain; tests hand in one whose sends never arrive, as when the process dies before sending. */
  clientOf?: (chain: Chain) => PublicClient;
}

/**
 * The hot wallet: sends the held withdrawals and follows them to their confirmations. One nonce sequence
 * per chain: the chain's row in `hot_wallet_nonces` is locked while a round signs, so however many rounds
 * or instances run, each nonce goes to one withdrawal (the table's unique key says so too).
 *
 * Every signed transaction is committed (`withdrawal_transactions`) before it is sent, and nothing is
 * written after sending: a process that dies around the send leaves the signed transaction, which the
 * next round sends again unless the node has it or mined it — never a new signature, so never a second
 * payout. A send that fails is therefore never a failure of the withdrawal: it is followed by its
 * hashes' receipts. A withdrawal fails (a reversing ledger transaction returns the held amount) only when
 * it cannot be paid: the hot wallet lacks the funds before signing, its transaction reverted, or its
 * nonce was used, deep enough, by a transaction that is none of its own.
 */
export function createWithdrawalSigner({
  db,
  clock,
  logger,
  chains,
  account,
  replaceAfterSeconds,
  maxFeeMultiple,
  clientOf = publicClientOf,
}: SignerDeps) {
  const clients = new Map<string, PublicClient>(chains.map((chain) => [chain.network, clientOf(chain)]));

  /** What arrives at the address, in the native coin's wei or the token contract's unit. */
  function payout(withdrawal: WithdrawalRow, token: ChainToken | undefined): bigint {
    const received = receivedOf(withdrawal.amount, withdrawal.fee, withdrawal.asset as CryptoAsset);
    return token ? onChainUnits(received, withdrawal.asset as CryptoAsset, token) : wei(received);
  }

  /**
   * Signs the withdrawal's payout with this nonce and fees and saves it as its latest transaction; answers
   * it raw. The native coin goes straight to the address; a token is the contract's `transfer(to, amount)`.
   */
  async function signAndSave(tx: Db, chain: Chain, withdrawal: WithdrawalRow, nonce: number, fees: Fees): Promise<Hex> {
    const token = tokenOf(chain, withdrawal.asset);
    const to = withdrawal.address as Address;
    const amount = payout(withdrawal, token);
    const call = token
      ? {
          to: token.address as Address,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
        }
      : { to, value: amount };
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: chain.chainId,
      ...call,
      nonce,
      gas: BigInt(withdrawal.gasLimit),
      ...fees,
    });
    const hash = keccak256(raw);
    await tx.insert(withdrawalTransactions).values({
      hash,
      withdrawalId: withdrawal.id,
      raw,
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      signedAt: clock(),
    });
    await showHash(tx, withdrawal, hash);
    return raw;
  }

  /** The hash the customer sees: the latest signed, then the one mined. */
  async function showHash(tx: Db, withdrawal: WithdrawalRow, txHash: string): Promise<void> {
    await tx.update(withdrawals).set({ txHash }).where(eq(withdrawals.id, withdrawal.id));
    await tx.update(activities).set({ reference: txHash }).where(eq(activities.id, withdrawal.activityId));
  }

  /** Whatever the node answers, the withdrawal stays as saved: its receipts decide. */
  async function send(chain: Chain, client: PublicClient, raw: Hex): Promise<void> {
    const hash = keccak256(raw);
    try {
      await client.sendRawTransaction({ serializedTransaction: raw });
    } catch (error) {
      const known = ALREADY_SENT.test(error instanceof Error ? error.message : String(error));
      logger[known ? 'info' : 'warn'](known ? 'withdrawals.already_sent' : 'withdrawals.send_failed', {
        network: chain.network,
        hash,
        ...describeError(error),
      });
    }
  }

  function tokenBalance(client: PublicClient, token: ChainToken): Promise<bigint> {
    return client.readContract({
      address: token.address as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account.address],
      blockTag: 'pending',
    });
  }

  /** Signs and saves the chain's held withdrawals with the next nonces in one commit; answers them raw, to send. */
  async function sign(chain: Chain, client: PublicClient): Promise<Hex[]> {
    const [due] = await db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.network, chain.network), eq(withdrawals.status, 'pending')))
      .limit(1);
    if (!due) return [];
    return db.transaction(async (tx) => {
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
      // A signed transaction is never taken back, so one the hot wallet cannot pay (its gas in the native
      // coin, its payout in the coin or the token) is not signed.
      let funds = await client.getBalance({ address: account.address, blockTag: 'pending' });
      const tokenFunds = new Map<string, bigint>();
      const signed: Hex[] = [];
      for (const withdrawal of pending) {
        // The customer paid for the gas at the quoted price: that is the most this transaction may pay.
        const maxFeePerGas = BigInt(withdrawal.maxFeePerGas);
        const token = tokenOf(chain, withdrawal.asset);
        const paid = payout(withdrawal, token);
        const gas = BigInt(withdrawal.gasLimit) * maxFeePerGas;
        const tokens = token ? (tokenFunds.get(token.address) ?? (await tokenBalance(client, token))) : 0n;
        if (gas + (token ? 0n : paid) > funds || (token && paid > tokens)) {
          logger.warn('withdrawals.refused', { network: chain.network, id: withdrawal.id, reason: 'hot_wallet_funds' });
          await fail(tx, withdrawal, 'refused');
          continue;
        }
        funds -= gas + (token ? 0n : paid);
        if (token) tokenFunds.set(token.address, tokens - paid);
        const maxPriorityFeePerGas = priority < maxFeePerGas ? priority : maxFeePerGas;
        signed.push(await signAndSave(tx, chain, withdrawal, nonce, { maxFeePerGas, maxPriorityFeePerGas }));
        await tx
          .update(withdrawals)
          .set({ status: 'broadcast', fromAddress: account.address, nonce, broadcastAt: clock() })
          .where(eq(withdrawals.id, withdrawal.id));
        nonce += 1;
      }
      await tx
        .update(hotWalletNonces)
        .set({ nextNonce: nonce })
        .where(and(eq(hotWalletNonces.network, key.network), eq(hotWalletNonces.address, key.address)));
      return signed;
    });
  }

  const fail = (tx: Db, withdrawal: WithdrawalRow, failure: string) => failWithdrawal(tx, withdrawal, failure, clock());

  /** Runs `change` on the withdrawal while it is still broadcast, under its row's lock: a second round or instance waits, then finds it changed. */
  async function whileBroadcast<T>(id: string, change: (tx: Db, row: WithdrawalRow) => Promise<T>): Promise<T | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'broadcast')))
        .for('update');
      return row ? change(tx, row) : undefined;
    });
  }

  /** Confirmed once the receipt is the chain's number of blocks deep, with the hash that was mined; failed when it reverted. */
  async function settleBy(chain: Chain, withdrawal: WithdrawalRow, receipt: TransactionReceipt, head: bigint): Promise<void> {
    if (receipt.status === 'success' && head - receipt.blockNumber + 1n < BigInt(chain.confirmations)) return;
    await whileBroadcast(withdrawal.id, async (tx, row) => {
      if (receipt.status !== 'success') return fail(tx, row, 'reverted');
      await showHash(tx, row, receipt.transactionHash);
      await confirmWithdrawal(tx, row, clock());
    });
  }

  /**
   * The same payout with the same nonce and higher fees (at least +10% on both, or what the chain asks
   * now if more), saved as the latest transaction unless another round replaced it first; answers it raw.
   * Only a transaction in the pool, or one offering less than the chain asks now, is replaced: one the
   * node refused for another reason (the hot wallet's funds) is sent again as it is, its fees never
   * climbing for nothing. Fees beyond the ceiling (`maxFeeMultiple` × the first's) are never offered:
   * the transaction stays as it is, broadcast, for an operator to look at.
   */
  async function replaced(
    chain: Chain,
    client: PublicClient,
    withdrawal: WithdrawalRow,
    transactions: readonly TransactionRow[],
    inPool: boolean,
  ) {
    const stuck = transactions.at(-1)!;
    const now = await client.estimateFeesPerGas();
    if (!inPool && now.maxFeePerGas <= BigInt(stuck.maxFeePerGas)) return undefined;
    const fees = {
      maxFeePerGas: larger(bumped(BigInt(stuck.maxFeePerGas)), now.maxFeePerGas),
      maxPriorityFeePerGas: larger(bumped(BigInt(stuck.maxPriorityFeePerGas)), now.maxPriorityFeePerGas),
    };
    if (fees.maxFeePerGas > BigInt(transactions[0]!.maxFeePerGas) * BigInt(maxFeeMultiple)) {
      logger.warn('withdrawals.fee_ceiling', { network: chain.network, id: withdrawal.id, stuck: stuck.hash });
      return undefined;
    }
    return whileBroadcast(withdrawal.id, async (tx, row) => {
      const [latest] = await tx
        .select({ hash: withdrawalTransactions.hash })
        .from(withdrawalTransactions)
        .where(eq(withdrawalTransactions.withdrawalId, row.id))
        .orderBy(desc(withdrawalTransactions.signedAt), desc(withdrawalTransactions.hash))
        .limit(1);
      if (latest!.hash !== stuck.hash) return undefined;
      logger.info('withdrawals.replaced', { network: chain.network, id: row.id, stuck: stuck.hash });
      return signAndSave(tx, chain, row, row.nonce!, fees);
    });
  }

  /**
   * Follows the chain's broadcast withdrawals: settles those one of whose hashes was mined, fails those
   * whose nonce another transaction used, replaces one stuck in the pool for too long, and sends again
   * the latest transaction of one the node does not have (never sent: the process died first; or dropped).
   */
  async function follow(chain: Chain, client: PublicClient): Promise<void> {
    const sent = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.network, chain.network), eq(withdrawals.status, 'broadcast')))
      .orderBy(asc(withdrawals.nonce));
    if (sent.length === 0) return;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    // Nonces used in blocks deep enough to stay. Read before the receipts: a nonce used here by none of a
    // withdrawal's hashes (their receipts read after) was used by another transaction, for good.
    const deep = head - BigInt(chain.confirmations) + 1n;
    const usedNonces = await client.getTransactionCount({ address: account.address, blockNumber: deep > 0n ? deep : 0n });
    for (const withdrawal of sent) {
      const transactions = await db
        .select()
        .from(withdrawalTransactions)
        .where(eq(withdrawalTransactions.withdrawalId, withdrawal.id))
        .orderBy(asc(withdrawalTransactions.signedAt), asc(withdrawalTransactions.hash));
      const receipt = await firstReceipt(client, transactions);
      if (receipt) {
        await settleBy(chain, withdrawal, receipt, head);
        continue;
      }
      if (withdrawal.nonce! < usedNonces) {
        logger.error('withdrawals.nonce_used', { network: chain.network, id: withdrawal.id, nonce: withdrawal.nonce });
        await whileBroadcast(withdrawal.id, (tx, row) => fail(tx, row, 'nonce_used'));
        continue;
      }
      const latest = transactions.at(-1)!;
      if (!latest.raw) continue;
      const known = await client.getTransaction({ hash: latest.hash as Hash }).then(
        () => true,
        () => false,
      );
      const raw =
        clock().getTime() - latest.signedAt.getTime() < replaceAfterSeconds * 1000
          ? undefined
          : await replaced(chain, client, withdrawal, transactions, known);
      if (raw) await send(chain, client, raw);
      // Not known to the node: never sent (the process died first), or dropped (anvil evicts what pays less than the base fee).
      else if (!known) await send(chain, client, latest.raw as Hex);
    }
  }

  /**
   * The receipt of whichever of the withdrawal's transactions was mined (at most one can be: they share a
   * nonce). Only the node's "no such receipt" counts as not mined: any other error ends the round, since
   * a withdrawal whose nonce is used and has no receipt is failed and refunded.
   */
  async function firstReceipt(client: PublicClient, transactions: readonly TransactionRow[]): Promise<TransactionReceipt | undefined> {
    for (const { hash } of transactions) {
      const receipt = await client.getTransactionReceipt({ hash: hash as Hash }).catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return undefined;
        throw error;
      });
      if (receipt) return receipt;
    }
    return undefined;
  }

  /** One round over every chain with open withdrawals; a chain whose node fails is logged and tried again next round. */
  async function runOnce(): Promise<void> {
    const open = new Set(
      (
        await db
          .selectDistinct({ network: withdrawals.network })
          .from(withdrawals)
          .where(inArray(withdrawals.status, ['pending', 'broadcast']))
      ).map((row) => row.network),
    );
    await roundPerChain(
      chains.filter((chain) => open.has(chain.network)),
      'withdrawals.chain_failed',
      logger,
      async (chain) => {
        const client = clients.get(chain.network)!;
        // In nonce order: a node holds a later nonce back until the earlier one arrives.
        for (const raw of await sign(chain, client)) await send(chain, client, raw);
        await follow(chain, client);
      },
    );
  }

  /** Runs rounds every `pollMs` on whichever instance holds the signer's advisory lock. */
  function start({ databaseUrl, pollMs, monitor }: LeaderStart): () => Promise<void> {
    return runWhileLeader({ databaseUrl, pollMs, monitor, lockKey: SIGNER_LOCK_KEY, name: 'withdrawals', logger, runOnce });
  }

  return { runOnce, start };
}
