/** Crypto assets the product knows; `:iso` route parameters must name one of these. */
export const CRYPTO_ASSETS = ['BTC', 'ETH', 'USDT', 'USDC', 'BNB', 'AVAX'] as const;
export type CryptoAsset = (typeof CRYPTO_ASSETS)[number];

export function isCryptoAsset(value: string): value is CryptoAsset {
  return (CRYPTO_ASSETS as readonly string[]).includes(value.toUpperCase());
}
