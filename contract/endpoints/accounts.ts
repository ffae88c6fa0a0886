import { endpoint } from './define';
import { accountSchema, balancesSummarySchema, bankAccountsSchema, cardAccountSchema, openAccountBodySchema } from '../accounts';
import { activitiesPageSchema, activitiesQuerySchema, activitySchema } from '../activities';
import { emptyBodySchema } from '../common';
import { priceHistoryQuerySchema, priceHistorySchema, ratesSchema, setRatesBodySchema } from '../rates';
import { fileAnswerSchema, STATEMENT_MEDIA_TYPES, statementQuerySchema } from '../statements';

/** Accounts, balances, activities and rates. */
export const accountsEndpoints = {
  listBankAccounts: endpoint('GET', '/bank-accounts/accounts', undefined, bankAccountsSchema, {
    summary: "The customer's fiat accounts with their balances.",
    auth: 'bearer',
  }),
  getSummaryBalance: endpoint('GET', '/accounts-management/summary-balance', undefined, balancesSummarySchema, {
    summary: 'Balances of every account with their values, rates and 24-hour changes, and the totals in USD and USDT.',
    auth: 'bearer',
  }),
  createAccountsCard: endpoint('POST', '/accounts-management/create-accounts-card', emptyBodySchema, cardAccountSchema, {
    summary:
      "Open the customer's card account (EUR) unless it exists; answers the card account either way, so a second call answers the same account. No body (or `{}`). Takes an `Idempotency-Key` like the money POSTs.",
    auth: 'bearer',
    requires: ['email-verified'],
    idempotent: true,
  }),
  getAccount: endpoint('GET', '/accounts-management/accounts/:id', undefined, accountSchema, {
    summary:
      "One of the customer's fiat or crypto accounts with its balance (fiat: IBAN and BIC). Any other id — another customer's, a card account's, none at all — is `account_not_found`, alike.",
    auth: 'bearer',
    errors: ['account_not_found'],
  }),
  openAccount: endpoint('POST', '/accounts-management/open-account', openAccountBodySchema, accountSchema, {
    summary:
      'Open a fiat (with an IBAN) or crypto account in the given currency unless the customer has one; answers that account either way, so a second call answers the same account. Needs a verified e-mail and an `Idempotency-Key`.',
    auth: 'bearer',
    requires: ['email-verified'],
    idempotent: true,
  }),
  listActivities: endpoint('GET', '/activities', undefined, activitiesPageSchema, {
    summary: "The customer's activities, newest first, a page at a time (keyset pagination), searched and filtered.",
    auth: 'bearer',
    query: activitiesQuerySchema,
    errors: ['cursor_invalid'],
  }),
  getStatement: endpoint('GET', '/activities/statement', undefined, fileAnswerSchema, {
    summary:
      "One of the customer's accounts over a date range (UTC days, both included, at most 366): the opening balance, every posting, the closing balance, in the customer's saved language. A file to save (CSV or PDF), not JSON; another customer's account is `not_found`.",
    auth: 'bearer',
    query: statementQuerySchema,
    download: Object.values(STATEMENT_MEDIA_TYPES),
    errors: ['not_found'],
  }),
  getActivity: endpoint('GET', '/activities/:id', undefined, activitySchema, {
    summary:
      "One of the customer's activities, as the list gives it (a transfer's receipt links to it). Any other id — another customer's, none at all — is `activity_not_found`, alike.",
    auth: 'bearer',
    errors: ['activity_not_found'],
  }),
  listRates: endpoint('GET', '/rates', undefined, ratesSchema, {
    summary: 'Every asset’s current price in USD and USDT, with the time it was set and whether it is stale (older than 5 minutes).',
    auth: 'bearer',
  }),
  getPriceHistory: endpoint('GET', '/rates/history', undefined, priceHistorySchema, {
    summary:
      'One asset’s USD price over a day (5-minute points), a week or a month (hourly), a year or all the kept history (daily), oldest first and ending with the current price; in demo mode a backfilled year marked `simulatedUntil`.',
    auth: 'bearer',
    query: priceHistoryQuerySchema,
  }),
  setRates: endpoint('POST', '/admin/rates', setRatesBodySchema, ratesSchema, {
    summary: 'Fix the named assets’ USD prices as of now (tests and demonstrations); answers every rate.',
    auth: 'bearer',
    role: 'admin',
    demoMode: true,
  }),
};
