import { and, desc, eq, sql } from 'drizzle-orm';
import { assetInfo, NETWORKS } from '../../contract/assets';
import type { Chain } from '../../contract/chains';
import { MINIMUM_DEPOSIT, type ChainDeposits, type DepositAddress, type DepositAddressQuery } from '../../contract/deposits';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { chainCursors, chainDeposits, depositAddresses, depositIndexes } from '../db/schema';
import { ApiError } from '../errors';
import { formatDecimal } from '../../contract/decimal';
import { btcDepositAddress, evmDepositAddress, type DepositKeys } from './addresses';

export interface DepositServiceDeps {
  db: Db;
  clock: Clock;
  chains: readonly Chain[];
  /** None: on-chain deposits are off (`deposits_unavailable`). */
  keys: DepositKeys | undefined;
}

/** The customer's side of on-chain deposits: their addresses and what arrived at them. */
export function createDepositService({ db, clock, chains, keys }: DepositServiceDeps) {
  /** The customer's derivation index, taken from the sequence on first use (concurrent callers agree on one). */
  async function indexOf(userId: string): Promise<number> {
    await db.execute(
      sql`INSERT INTO deposit_indexes (user_id, derivation_index) VALUES (${userId}, nextval('deposit_index_seq')) ON CONFLICT (user_id) DO NOTHING`,
    );
    const [row] = await db.select({ index: depositIndexes.derivationIndex }).from(depositIndexes).where(eq(depositIndexes.userId, userId));
    return row!.index;
  }

  async function address(userId: string, { asset, network }: DepositAddressQuery): Promise<DepositAddress> {
    const networks: readonly string[] = assetInfo(asset)!.networks;
    if (!networks.includes(network)) throw new ApiError('network_not_supported');
    if (!keys) throw new ApiError('deposits_unavailable');
    const index = await indexOf(userId);
    const base = { asset, network, minimum: MINIMUM_DEPOSIT[asset] };
    if (network === 'bitcoin') {
      const address = btcDepositAddress(keys.btc, index, keys.btcPrefix);
      await remember(userId, network, address);
      // BIP-21; BTC deposits arrive through the simulation, so no confirmations are counted here.
      return { ...base, address, chainId: null, local: keys.btcPrefix !== 'bc', paymentUri: `bitcoin:${address}`, confirmations: null };
    }
    const chain = chains.find((candidate) => candidate.network === network)!;
    const address = evmDepositAddress(keys.evm, index);
    await remember(userId, network, address);
    const token = chain.tokens.find((candidate) => candidate.asset === asset);
    // EIP-681: the native coin straight to the address, a token through its transfer function.
    const paymentUri = token
      ? `ethereum:${token.address}@${chain.chainId}/transfer?address=${address}`
      : `ethereum:${address}@${chain.chainId}`;
    return { ...base, address, chainId: chain.chainId, local: chain.local, paymentUri, confirmations: chain.confirmations };
  }

  async function remember(userId: string, network: string, address: string): Promise<void> {
    await db.insert(depositAddresses).values({ userId, network, address: address.toLowerCase(), createdAt: clock() }).onConflictDoNothing();
  }

  async function list(userId: string, asset: string): Promise<ChainDeposits> {
    const rows = await db
      .select({
        network: chainDeposits.network,
        txHash: chainDeposits.txHash,
        asset: chainDeposits.asset,
        amount: sql<string>`${chainDeposits.amount}::text`,
        status: chainDeposits.status,
        blockNumber: chainDeposits.blockNumber,
        head: chainCursors.blockNumber,
        seenAt: chainDeposits.seenAt,
      })
      .from(chainDeposits)
      .leftJoin(chainCursors, eq(chainCursors.network, chainDeposits.network))
      .where(and(eq(chainDeposits.userId, userId), eq(chainDeposits.asset, asset)))
      .orderBy(desc(chainDeposits.seenAt))
      .limit(10);
    return {
      deposits: rows.map((row) => {
        const required = chains.find((chain) => chain.network === row.network)?.confirmations ?? 1;
        const seen = row.head === null ? 0 : Math.max(0, row.head - row.blockNumber + 1);
        return {
          network: row.network as keyof typeof NETWORKS,
          txHash: row.txHash,
          asset: row.asset as DepositAddress['asset'],
          amount: formatDecimal(row.amount),
          status: row.status,
          confirmations: row.status === 'credited' ? required : row.status === 'dropped' ? 0 : Math.min(seen, required),
          required,
          seenAt: row.seenAt.toISOString(),
        };
      }),
    };
  }

  return { address, list };
}

export type DepositService = ReturnType<typeof createDepositService>;
