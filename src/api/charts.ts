import * as routes from 'virtual:meridian/endpoint-routes';
import { defineApi, type ReadOptions } from './endpoints';
import type { Asset } from '../../contract/assets';
import type { PriceRange } from '../../contract/rates';

/** The charts' figures: the portfolio over time and by asset, a card account's spending. */
export const chartsApi = defineApi((client) => ({
  getPortfolioHistory: (range: PriceRange, options?: ReadOptions) =>
    client.call(routes.getPortfolioHistory, { ...options, query: { range } }),
  getAllocation: (options?: ReadOptions) => client.call(routes.getAllocation, options),
  getAssetHistory: (asset: Asset, range: PriceRange, options?: ReadOptions) =>
    client.call(routes.getAssetHistory, { ...options, query: { asset, range } }),
  getCardSpending: (accountId: string, options?: ReadOptions) =>
    client.call(routes.getCardSpending, { ...options, pathParams: { accountId } }),
}));
