/** Crypto assets the product knows; `:iso` route parameters must name one of these. */
export const CRYPTO_ASSETS = ['BTC', 'ETH', 'USDT', 'USDC', 'BNB', 'AVAX'] as const;
export type CryptoAsset = (typeof CRYPTO_ASSETS)[number];

export function isCryptoAsset(value: string): value is CryptoAsset {
  return (CRYPTO_ASSETS as readonly string[]).includes(value.toUpperCase());
}

/**
 * Decimal places each asset is counted in: what the ledger keeps and what an amount may carry. Fiat is
 * counted in cents; crypto to its token's smallest unit (Bitcoin's satoshi, ERC-20 USDT/USDC's 6, wei's 18).
 */
export const FIAT_DECIMALS = 2;
export const ASSET_DECIMALS: Record<CryptoAsset, number> = { BTC: 8, ETH: 18, BNB: 18, AVAX: 18, USDT: 6, USDC: 6 };

/** Decimal places of a crypto asset code (any case) or, for anything else, of a fiat currency. */
export function assetDecimals(code: string): number {
  const upper = code.toUpperCase();
  return isCryptoAsset(upper) ? ASSET_DECIMALS[upper] : FIAT_DECIMALS;
}
