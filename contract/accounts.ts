import { z } from 'zod';
import { assetSchema, cryptoAssetSchema, fiatAssetSchema } from './assets';
import { decimalSchema, signedDecimalSchema, timestampSchema } from './common';

/**
 * Accounts and balances. Amounts are decimal strings (never binary floats), written with at least two
 * decimals and without trailing zeros beyond them: `2450.75`, `310.00`, `0.0425`. Field names older than
 * this contract (`coin_balances`, `full_accounts_total`, …) are kept as they are; the others
 * follow this contract's camelCase.
 */

/** A fiat account of `GET /bank-accounts/accounts`; `type` is always `fiat`. */
export const bankAccountSchema = z.object({
  id: z.uuid(),
  type: z.literal('fiat'),
  currency: fiatAssetSchema,
  name: z.string(),
  iban: z.string().nullable(),
  balance: decimalSchema,
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountsSchema = z.array(bankAccountSchema);

/**
 * What every account of the summary carries besides its balance: its value at the current rate of its
 * asset, and that rate. A stale rate (older than 5 minutes: the price feed stopped) still values the
 * balance for display, flagged `stale`; no quote is ever made on it.
 */
const valuedAccount = {
  id: z.uuid(),
  name: z.string(),
  balance: decimalSchema,
  /** The balance in USDT at the current rates. */
  usdtValue: decimalSchema,
  /** The balance in US dollars at the current rate. */
  usdValue: decimalSchema,
  /** US dollars per unit of the asset. */
  rate: decimalSchema,
  /** When the rate was set. */
  rateAt: timestampSchema,
  /** Change of the rate over the last 24 hours, in percent (`-2.15`), two decimals; null without history. */
  change24h: signedDecimalSchema.nullable(),
  /** True when the rate is older than 5 minutes. */
  stale: z.boolean(),
};

/** One crypto account in the summary. */
export const coinBalanceSchema = z.object({ ...valuedAccount, currency: cryptoAssetSchema });
export type CoinBalance = z.infer<typeof coinBalanceSchema>;

/**
 * What is left of the customer's monthly top-up limit (that of their deposit level, over all their
 * fiat accounts, calendar month in UTC). US dollar figures are exact; `left` is `leftUsd` in the
 * account's currency at the current rate, rounded down to cents.
 */
export const topUpLimitSchema = z.object({
  limitUsd: decimalSchema,
  usedUsd: decimalSchema,
  leftUsd: decimalSchema,
  left: decimalSchema,
});
export type TopUpLimit = z.infer<typeof topUpLimitSchema>;

/** One fiat account in the summary, with what it can still be topped up by this month. */
export const accountLimitBalanceSchema = z.object({
  ...valuedAccount,
  currency: fiatAssetSchema,
  iban: z.string().nullable(),
  topUpLimit: topUpLimitSchema,
});
export type AccountLimitBalance = z.infer<typeof accountLimitBalanceSchema>;

/**
 * `GET /accounts-management/summary-balance`, at the current rates (server/services/rates.ts).
 * - `total`: everything the customer has, in US dollars: every account (fiat, crypto, collateral) minus
 *   card debt — `crypto.full_accounts_total` in dollars.
 * - `crypto.coin_balances` / `crypto.total`: all the customer's crypto, free to spend plus pledged as
 *   collateral plus held for pending operations, in USDT.
 * - `crypto.utgl`: the crypto free to spend (the customer's crypto accounts), its `total` in USDT.
 * - `crypto.full_accounts_total`: every account of the customer minus card debt, in USDT.
 * - `fiat.accounts_limit_balances`: each fiat account with what is left of the monthly top-up limit.
 * - `stale`: true when any rate behind these figures is older than 5 minutes.
 */
export const balancesSummarySchema = z.object({
  total: decimalSchema,
  crypto: z.object({
    coin_balances: z.array(coinBalanceSchema),
    total: decimalSchema,
    full_accounts_total: decimalSchema,
    utgl: z.object({ coin_balances: z.array(coinBalanceSchema), total: decimalSchema }),
  }),
  fiat: z.object({ accounts_limit_balances: z.array(accountLimitBalanceSchema) }),
  stale: z.boolean(),
});
export type BalancesSummary = z.infer<typeof balancesSummarySchema>;

/** The customer's card account, answered by `POST /accounts-management/create-accounts-card`. */
export const cardAccountSchema = z.object({
  id: z.uuid(),
  type: z.literal('card'),
  currency: fiatAssetSchema,
  name: z.string(),
  /** Below zero while card payments are owed (down to minus the credit limit). */
  balance: signedDecimalSchema,
  createdAt: timestampSchema,
});
export type CardAccount = z.infer<typeof cardAccountSchema>;

/**
 * One of the customer's own fiat or crypto accounts (`GET /accounts-management/accounts/:id`, and what
 * `POST /accounts-management/open-account` answers). Fiat accounts carry their IBAN and the bank's BIC;
 * crypto accounts carry neither.
 */
export const accountSchema = z.object({
  id: z.uuid(),
  type: z.enum(['fiat', 'crypto']),
  currency: assetSchema,
  name: z.string(),
  balance: decimalSchema,
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Account = z.infer<typeof accountSchema>;

/** `POST /accounts-management/open-account`: the asset of the new account (fiat or crypto). */
export const openAccountBodySchema = z.strictObject({ currency: assetSchema });
export type OpenAccountBody = z.infer<typeof openAccountBodySchema>;
