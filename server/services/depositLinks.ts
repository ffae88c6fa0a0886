import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { ASSETS } from '../../contract/assetList';
import type { Chain } from '../../contract/chains';
import {
  DEPOSIT_LINK_PAYMENTS_MAX,
  depositLinkHashSchema,
  type CreateDepositLinkBody,
  type DepositLink,
  type DepositLinkPaymentBody,
  type DepositLinkStatus,
} from '../../contract/depositLinks';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { chainDeposits, depositLinkPayments, depositLinks } from '../db/schema';
import { ApiError } from '../errors';
import { fitsDecimals, formatDecimal, isPositive, isPositiveAmount } from '../../contract/decimal';

/** Where a customer's deposits of an asset arrive on a network (the chain area's derivation). */
export type DepositAddressOf = (
  userId: string,
  query: { asset: CreateDepositLinkBody['asset']; network: CreateDepositLinkBody['network'] },
) => Promise<{ address: string }>;

export interface DepositLinkDeps {
  db: Db;
  clock: Clock;
  chains: readonly Chain[];
  depositAddress: DepositAddressOf;
}

const digest = (hash: string) => createHash('sha256').update(hash).digest('hex');

type Row = typeof depositLinks.$inferSelect;

/**
 * Deposit requests paid from a browser wallet: the customer creates one; whoever holds its link reads
 * what to pay, where and on which chain. The link's hash is stored only as its SHA-256.
 */
export function createDepositLinkService({ db, clock, chains, depositAddress }: DepositLinkDeps) {
  /** The asset on the chain: its native currency, or one of its watched tokens. */
  function onChain(asset: string, network: string) {
    const chain = chains.find((candidate) => candidate.network === network);
    if (!chain) return null;
    if (chain.nativeCurrency.symbol === asset) return { chain, token: null, decimals: chain.nativeCurrency.decimals };
    const token = chain.tokens.find((candidate) => candidate.asset === asset);
    return token ? { chain, token: token.address, decimals: token.decimals } : null;
  }

  /**
   * What arrived for a link: the reported transactions that the watcher saw as deposits of the link's
   * asset to its address, mined after the link was created (dropped ones count for nothing). The
   * arithmetic is the database's (numeric).
   */
  async function arrived(db: Db, row: Row): Promise<Pick<DepositLink, 'status' | 'received' | 'remainder'>> {
    const [sums] = await db
      .select({
        received: sql<string>`coalesce(sum(${chainDeposits.amount}) FILTER (WHERE ${chainDeposits.status} = 'credited'), 0)::text`,
        remainder: sql<string>`greatest(${row.amount}::numeric - coalesce(sum(${chainDeposits.amount}) FILTER (WHERE ${chainDeposits.status} = 'credited'), 0), 0)::text`,
        comparison: sql<number>`sign(coalesce(sum(${chainDeposits.amount}) FILTER (WHERE ${chainDeposits.status} = 'credited'), 0) - ${row.amount}::numeric)::int`,
        pending: sql<number>`count(*) FILTER (WHERE ${chainDeposits.status} = 'pending')::int`,
      })
      .from(depositLinkPayments)
      .innerJoin(
        chainDeposits,
        and(eq(chainDeposits.network, depositLinkPayments.network), eq(chainDeposits.txHash, depositLinkPayments.txHash)),
      )
      .where(
        and(
          eq(depositLinkPayments.linkId, row.id),
          eq(chainDeposits.userId, row.userId),
          eq(chainDeposits.asset, row.asset),
          eq(chainDeposits.address, row.address.toLowerCase()),
          // An earlier transaction to the address is anyone's to find on the chain: it never pays the link.
          // Block timestamps are whole seconds, so the link's time is taken to its second (rows from before
          // block times were kept go by when the watcher saw them, never earlier than their block).
          sql`coalesce(${chainDeposits.blockTime}, ${chainDeposits.seenAt}) >= date_trunc('second', ${row.createdAt.toISOString()}::timestamptz)`,
        ),
      );
    const { received, remainder, comparison, pending } = sums!;
    const status: DepositLinkStatus =
      pending > 0 ? 'confirming' : !isPositive(received) ? 'open' : comparison === 0 ? 'paid' : comparison < 0 ? 'underpaid' : 'overpaid';
    return { status, received: formatDecimal(received, 0), remainder: formatDecimal(remainder, 0) };
  }

  async function view(db: Db, hash: string, row: Row): Promise<DepositLink> {
    const found = onChain(row.asset, row.network)!;
    return {
      hash,
      asset: row.asset as DepositLink['asset'],
      network: row.network as DepositLink['network'],
      chainId: found.chain.chainId,
      amount: formatDecimal(row.amount, 0),
      decimals: found.decimals,
      token: found.token,
      address: row.address,
      createdAt: row.createdAt.toISOString(),
      ...(await arrived(db, row)),
    };
  }

  async function create(userId: string, body: CreateDepositLinkBody): Promise<DepositLink> {
    const found = onChain(body.asset, body.network);
    if (!found) throw new ApiError('network_not_supported');
    const assetDecimals = ASSETS.find((asset) => asset.code === body.asset)!.decimals;
    if (!isPositiveAmount(body.amount) || !fitsDecimals(body.amount, assetDecimals))
      throw new ApiError('validation_failed', undefined, { fields: { amount: 'invalid' } });
    const { address } = await depositAddress(userId, { asset: body.asset, network: body.network });
    const hash = randomBytes(32).toString('base64url');
    const [row] = await db
      .insert(depositLinks)
      .values({
        id: randomUUID(),
        hashDigest: digest(hash),
        userId,
        asset: body.asset,
        network: body.network,
        amount: body.amount,
        address,
        createdAt: clock(),
      })
      .returning();
    return view(db, hash, row!);
  }

  /** The link of a hash; `lock` holds its row until the transaction ends (reports of one link queue). */
  async function find(db: Db, hash: string, lock = false): Promise<Row> {
    if (!depositLinkHashSchema.safeParse(hash).success) throw new ApiError('deposit_link_not_found');
    const query = db
      .select()
      .from(depositLinks)
      .where(eq(depositLinks.hashDigest, digest(hash)));
    const [row] = lock ? await query.for('update') : await query;
    // A link whose chain is no longer run is as gone as one that never was.
    if (!row || !onChain(row.asset, row.network)) throw new ApiError('deposit_link_not_found');
    return row;
  }

  async function get(hash: string): Promise<DepositLink> {
    return view(db, hash, await find(db, hash));
  }

  /** The wallet page's report of the transaction it sent; again for the same link, nothing changes. */
  async function reportPayment(hash: string, { txHash }: DepositLinkPaymentBody): Promise<DepositLink> {
    return db.transaction(async (tx) => {
      const row = await find(tx, hash, true);
      const transaction = txHash.toLowerCase();
      const [taken] = await tx
        .select({ linkId: depositLinkPayments.linkId })
        .from(depositLinkPayments)
        .where(and(eq(depositLinkPayments.network, row.network), eq(depositLinkPayments.txHash, transaction)));
      if (taken && taken.linkId !== row.id) throw new ApiError('deposit_link_payment_taken');
      if (!taken) {
        const [reported] = await tx.select({ n: count() }).from(depositLinkPayments).where(eq(depositLinkPayments.linkId, row.id));
        if (reported!.n >= DEPOSIT_LINK_PAYMENTS_MAX) throw new ApiError('deposit_link_payments_limit');
        // Two links reporting one transaction at once: the primary key lets one in, the other is told.
        const inserted = await tx
          .insert(depositLinkPayments)
          .values({ linkId: row.id, network: row.network, txHash: transaction, reportedAt: clock() })
          .onConflictDoNothing()
          .returning();
        if (inserted.length === 0) throw new ApiError('deposit_link_payment_taken');
      }
      return view(tx, hash, row);
    });
  }

  return { create, get, reportPayment };
}

export type DepositLinkService = ReturnType<typeof createDepositLinkService>;
