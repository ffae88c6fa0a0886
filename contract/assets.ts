import { z } from 'zod';
import { ASSET_CODES, CRYPTO_ASSETS, FIAT_ASSETS, assetDecimals, type Asset } from './assetList';
import { fitsDecimals } from './decimal';

// The list lives without zod (./assetList), so what the app loads first (the route table) does not bring it.
export * from './assetList';

export const assetSchema = z.enum(ASSET_CODES);
export const fiatAssetSchema = z.enum(FIAT_ASSETS);
export const cryptoAssetSchema = z.enum(CRYPTO_ASSETS);

/**
 * Whether `amount` (a decimal string) has no more decimals than `asset` keeps, trailing zeros aside: the
 * server's check. It lives here, not in ./assetList, so the route table's list does not bring the arithmetic.
 */
export const fitsAssetDecimals = (amount: string, asset: Asset): boolean => fitsDecimals(amount, assetDecimals(asset));
