import { z } from 'zod';
import { cryptoAssetSchema, NETWORKS, type CryptoAsset, type Network } from './assets';
import { decimalSchema, timestampSchema } from './common';

export const depositNetworkSchema = z.enum(Object.keys(NETWORKS) as [Network, ...Network[]]);

/**
 * The least a deposit may bring, in the asset's unit: less is not credited (the screen says so). Kept
 * above what a transfer costs, so dust sent to mark an address does not litter activities.
 */
export const MINIMUM_DEPOSIT = {
  BTC: '0.0001',
  ETH: '0.001',
  USDT: '1',
  USDC: '1',
  BNB: '0.01',
  AVAX: '0.1',
} as const satisfies Record<CryptoAsset, string>;

/** `GET /deposits/address`: which asset over which network. */
export const depositAddressQuerySchema = z.strictObject({ asset: cryptoAssetSchema, network: depositNetworkSchema });
export type DepositAddressQuery = z.infer<typeof depositAddressQuerySchema>;

/** The customer's address to send `asset` to over `network`, and what the screen must tell about it. */
export const depositAddressSchema = z.object({
  asset: cryptoAssetSchema,
  network: depositNetworkSchema,
  address: z.string(),
  /** The chain id in force (a development id on a local node); null on Bitcoin. */
  chainId: z.number().int().positive().nullable(),
  /** Served by a local development node (demo mode): never send real funds. */
  local: z.boolean(),
  /** What a wallet scans: EIP-681 (`ethereum:…@chainId`, a token's `transfer`), or BIP-21 `bitcoin:` for BTC. */
  paymentUri: z.string(),
  minimum: decimalSchema,
  /** Blocks the deposit needs before it is credited; null where deposits arrive otherwise (BTC through the simulation). */
  confirmations: z.number().int().positive().nullable(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

/** `GET /deposits`: the customer's on-chain deposits of one asset. */
export const depositsQuerySchema = z.strictObject({ asset: cryptoAssetSchema });

export const DEPOSIT_STATUSES = ['pending', 'credited', 'dropped'] as const;

/** One transfer the watcher saw reach the customer's address. */
export const chainDepositSchema = z.object({
  network: depositNetworkSchema,
  txHash: z.string(),
  asset: cryptoAssetSchema,
  amount: decimalSchema,
  /** pending: waiting for confirmations; credited: in the account; dropped: its block left the chain, never credited. */
  status: z.enum(DEPOSIT_STATUSES),
  /** Blocks on top of it so far, its own included (at most `required`). */
  confirmations: z.number().int().nonnegative(),
  required: z.number().int().positive(),
  seenAt: timestampSchema,
});
export type ChainDeposit = z.infer<typeof chainDepositSchema>;

/** The 10 latest, newest first. */
export const chainDepositsSchema = z.object({ deposits: z.array(chainDepositSchema) });
export type ChainDeposits = z.infer<typeof chainDepositsSchema>;
