/**
 * The assets Meridian keeps accounts in, once for client, machines and server. The database holds the
 * same list in its `assets` and `asset_networks` tables (migration 0013; tests/server/assets.test.ts
 * checks that both agree), and the ledger refuses amounts with more decimals than the asset has.
 *
 * Decimal places are what the ledger keeps and what an amount may carry: fiat in cents; crypto to its
 * token's smallest unit (Bitcoin's satoshi, ERC-20 USDT/USDC's 6, wei's 18).
 */
export const NETWORKS = {
  bitcoin: { name: 'Bitcoin', chainId: null },
  ethereum: { name: 'Ethereum', chainId: 1 },
  base: { name: 'Base', chainId: 8453 },
  bsc: { name: 'BNB Smart Chain', chainId: 56 },
  avalanche: { name: 'Avalanche C-Chain', chainId: 43114 },
} as const;
export type Network = keyof typeof NETWORKS;

const EVM_NETWORKS = ['ethereum', 'base', 'bsc', 'avalanche'] as const satisfies readonly Network[];

/** In listing order: fiat first, then the coins by importance. */
export const ASSETS = [
  { code: 'EUR', name: 'Euro', kind: 'fiat', decimals: 2, networks: [] },
  { code: 'USD', name: 'US dollar', kind: 'fiat', decimals: 2, networks: [] },
  { code: 'GBP', name: 'Pound sterling', kind: 'fiat', decimals: 2, networks: [] },
  { code: 'BTC', name: 'Bitcoin', kind: 'crypto', decimals: 8, networks: ['bitcoin'] },
  { code: 'ETH', name: 'Ether', kind: 'crypto', decimals: 18, networks: ['ethereum', 'base'] },
  { code: 'USDT', name: 'Tether USD', kind: 'crypto', decimals: 6, networks: EVM_NETWORKS },
  { code: 'USDC', name: 'USD Coin', kind: 'crypto', decimals: 6, networks: EVM_NETWORKS },
  { code: 'BNB', name: 'BNB', kind: 'crypto', decimals: 18, networks: ['bsc'] },
  { code: 'AVAX', name: 'Avalanche', kind: 'crypto', decimals: 18, networks: ['avalanche'] },
] as const satisfies readonly { code: string; name: string; kind: 'fiat' | 'crypto'; decimals: number; networks: readonly Network[] }[];

export type AssetInfo = (typeof ASSETS)[number];
export type Asset = AssetInfo['code'];
type CodesOf<Kind extends AssetInfo['kind']> = Extract<AssetInfo, { kind: Kind }>['code'];
export type FiatAsset = CodesOf<'fiat'>;
export type CryptoAsset = CodesOf<'crypto'>;

const codesOf = <Kind extends AssetInfo['kind']>(kind: Kind) =>
  ASSETS.filter((asset) => asset.kind === kind).map((asset) => asset.code) as [CodesOf<Kind>, ...CodesOf<Kind>[]];

export const ASSET_CODES = ASSETS.map((asset) => asset.code) as [Asset, ...Asset[]];
export const FIAT_ASSETS = codesOf('fiat');
/** Crypto assets the product knows; `:iso` route parameters must name one of these. */
export const CRYPTO_ASSETS = codesOf('crypto');

/** Every asset is priced in US dollars and in this stablecoin (the crypto totals' unit). */
export const QUOTE_ASSET = 'USDT' satisfies CryptoAsset;

export function assetInfo(code: string): AssetInfo | undefined {
  const upper = code.toUpperCase();
  return ASSETS.find((asset) => asset.code === upper);
}

export function isCryptoAsset(value: string): value is CryptoAsset {
  return assetInfo(value)?.kind === 'crypto';
}

export const FIAT_DECIMALS = 2;

/**
 * Decimal places worth reading in a hint or a limit ("up to 0.412345 ETH", not 18 decimals of wei): at
 * most six for a coin, its cents for a stablecoin, all of Bitcoin's eight.
 */
const DISPLAY_DECIMALS: Partial<Record<Asset, number>> = { BTC: 8, USDT: 2, USDC: 2 };
export function displayDecimals(code: string): number {
  return Math.min(assetDecimals(code), DISPLAY_DECIMALS[assetInfo(code)?.code ?? 'EUR'] ?? 6);
}

/** Decimal places of an asset code (any case); an unknown code counts as fiat (ISO 4217 minor units). */
export function assetDecimals(code: string): number {
  return assetInfo(code)?.decimals ?? FIAT_DECIMALS;
}
