import { z } from 'zod';
import { ASSET_CODES, CRYPTO_ASSETS, FIAT_ASSETS } from './assetList';

// The list lives without zod (./assetList), so what the app loads first (the route table) does not bring it.
export * from './assetList';

export const assetSchema = z.enum(ASSET_CODES);
export const fiatAssetSchema = z.enum(FIAT_ASSETS);
export const cryptoAssetSchema = z.enum(CRYPTO_ASSETS);
