import { endpoint } from './define';
import { allocationSchema, assetHistorySchema, cardSpendingSchema, portfolioHistoryQuerySchema, portfolioHistorySchema } from '../charts';
import { priceHistoryQuerySchema } from '../rates';

/** The charts' figures: the portfolio over time and by asset, an asset's price with the customer's exchanges, a card account's spending. */
export const chartsEndpoints = {
  getPortfolioHistory: endpoint('GET', '/portfolio/history', undefined, portfolioHistorySchema, {
    summary:
      "The customer's portfolio in US dollars over a day, a week, a month, a year or all of it: at each point of the price charts, what the ledger held in each asset then times that asset's price, less card debt; oldest first, ending now, with the change in money and percent.",
    auth: 'bearer',
    query: portfolioHistoryQuerySchema,
  }),
  getAllocation: endpoint('GET', '/portfolio/allocation', undefined, allocationSchema, {
    summary:
      "What the customer holds now per asset (accounts and collateral), in US dollars at the current rates, with each asset's share.",
    auth: 'bearer',
  }),
  getAssetHistory: endpoint('GET', '/portfolio/asset-history', undefined, assetHistorySchema, {
    summary:
      "One asset's USD price over a range (as `GET /rates/history`), with the customer's own exchanges of that asset within the range marked: when, how much bought (positive) or sold (negative) and for what. Never another customer's.",
    auth: 'bearer',
    query: priceHistoryQuerySchema,
  }),
  getCardSpending: endpoint('GET', '/card-accounts/:accountId/spending', undefined, cardSpendingSchema, {
    summary:
      "What a card account's cards paid per calendar month (UTC) over the last 12 and per merchant category over them. Another customer's account, or none, is `card_account_not_found`.",
    auth: 'bearer',
    errors: ['card_account_not_found'],
  }),
};
