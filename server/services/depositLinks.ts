import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ASSETS } from '../../contract/assetList';
import type { Chain } from '../../contract/chains';
import { depositLinkHashSchema, type CreateDepositLinkBody, type DepositLink } from '../../contract/depositLinks';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { depositLinks } from '../db/schema';
import { ApiError } from '../errors';
import { formatDecimal, isPositiveAmount } from './decimal';

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

  function view(hash: string, row: typeof depositLinks.$inferSelect): DepositLink {
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
    };
  }

  async function create(userId: string, body: CreateDepositLinkBody): Promise<DepositLink> {
    const found = onChain(body.asset, body.network);
    if (!found) throw new ApiError('network_not_supported');
    const assetDecimals = ASSETS.find((asset) => asset.code === body.asset)!.decimals;
    const fraction = body.amount.split('.')[1] ?? '';
    if (!isPositiveAmount(body.amount) || fraction.length > assetDecimals)
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
    return view(hash, row!);
  }

  async function get(hash: string): Promise<DepositLink> {
    if (!depositLinkHashSchema.safeParse(hash).success) throw new ApiError('deposit_link_not_found');
    const [row] = await db
      .select()
      .from(depositLinks)
      .where(eq(depositLinks.hashDigest, digest(hash)));
    // A link whose chain is no longer run is as gone as one that never was.
    if (!row || !onChain(row.asset, row.network)) throw new ApiError('deposit_link_not_found');
    return view(hash, row);
  }

  return { create, get };
}

export type DepositLinkService = ReturnType<typeof createDepositLinkService>;
