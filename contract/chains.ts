import { z } from 'zod';
import { cryptoAssetSchema } from './assets';
import { EVM_NETWORK_CODES } from './chainList';

export * from './chainList';

export const evmNetworkSchema = z.enum(EVM_NETWORK_CODES);
const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/**
 * One chain as this server runs it: in demo mode a local development node (`local: true`, a chain id
 * of 31337–31340, an RPC URL on 127.0.0.1, no public explorer), otherwise mainnet with the configured
 * RPC endpoint. The browser wallet builds its chain list from this.
 */
export const chainSchema = z.object({
  network: evmNetworkSchema,
  chainId: z.number().int().positive(),
  name: z.string(),
  nativeCurrency: z.object({ name: z.string(), symbol: cryptoAssetSchema, decimals: z.number().int() }),
  rpcUrl: z.string().url(),
  /** A block explorer's origin; null on a local node (the app shows transactions itself). */
  explorerUrl: z.string().url().nullable(),
  local: z.boolean(),
  /** Blocks a deposit needs (counting its own) before it is credited. */
  confirmations: z.number().int().positive(),
  /** The watched ERC-20 contracts on this chain and their on-chain decimals. */
  tokens: z.array(z.object({ asset: cryptoAssetSchema, address: addressSchema, decimals: z.number().int() })),
});
export type Chain = z.infer<typeof chainSchema>;

/** `GET /chains`; `walletSdk`: MetaMask's SDK may pair a phone's wallet (the CSP admits its relay). */
export const chainsSchema = z.object({ chains: z.array(chainSchema), walletSdk: z.boolean() });
export type Chains = z.infer<typeof chainsSchema>;
