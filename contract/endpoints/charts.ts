import { endpoint } from './define';
import { allocationSchema, cardSpendingSchema, portfolioHistoryQuerySchema, portfolioHistorySchema } from '../charts';

/** The charts' figures: the portfolio over time and by asset, a card account's spending. */
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
  getCardSpending: endpoint('GET', '/card-accounts/:accountId/spending', undefined, cardSpendingSchema, {
    summary:
      "What a card account's cards paid per calendar month (UTC) over the last 12 and per merchant category over them. Another customer's account, or none, is `card_account_not_found`.",
    auth: 'bearer',
    errors: ['card_account_not_found'],
  }),
};
