import { endpoint } from './define';
import { balancesSummarySchema, bankAccountsSchema, cardAccountSchema } from '../accounts';
import { emptyBodySchema } from '../common';

/** Accounts and balances. */
export const accountsEndpoints = {
  listBankAccounts: endpoint('GET', '/bank-accounts/accounts', undefined, bankAccountsSchema, {
    summary: "The customer's fiat accounts with their balances.",
    auth: 'bearer',
  }),
  getSummaryBalance: endpoint('GET', '/accounts-management/summary-balance', undefined, balancesSummarySchema, {
    summary: 'Balances of every account and their totals in USD and USDT, converted at fixed demo rates.',
    auth: 'bearer',
  }),
  createAccountsCard: endpoint('POST', '/accounts-management/create-accounts-card', emptyBodySchema, cardAccountSchema, {
    summary: "Open the customer's card account (EUR) unless it exists; answers the card account either way.",
    auth: 'bearer',
    idempotent: true,
  }),
};
