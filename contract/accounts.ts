import { z } from 'zod';
import { decimalSchema, timestampSchema } from './common';

/**
 * Accounts and balances. Amounts are decimal strings (never binary floats), written with at least two
 * decimals and without trailing zeros beyond them: `2450.75`, `310.00`, `0.0425`. Field names the
 * specification gives (`coin_balances`, `full_accounts_total`, …) are kept as they are; the others
 * follow this contract's camelCase.
 */

export const FIAT_CURRENCIES = ['EUR', 'USD'] as const;
export const CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDT', 'USDC'] as const;
export const fiatCurrencySchema = z.enum(FIAT_CURRENCIES);
export const cryptoCurrencySchema = z.enum(CRYPTO_CURRENCIES);
export type FiatCurrency = z.infer<typeof fiatCurrencySchema>;
export type CryptoCurrency = z.infer<typeof cryptoCurrencySchema>;

/** A fiat account of `GET /bank-accounts/accounts`; `type` is always `fiat`. */
export const bankAccountSchema = z.object({
  id: z.uuid(),
  type: z.literal('fiat'),
  currency: fiatCurrencySchema,
  name: z.string(),
  iban: z.string().nullable(),
  balance: decimalSchema,
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountsSchema = z.array(bankAccountSchema);

/** One crypto account in the summary, with its value in USDT at the current (demo) rates. */
export const coinBalanceSchema = z.object({
  id: z.uuid(),
  currency: cryptoCurrencySchema,
  name: z.string(),
  balance: decimalSchema,
  usdtValue: decimalSchema,
});
export type CoinBalance = z.infer<typeof coinBalanceSchema>;

/** One fiat account in the summary; `limit` is its spending limit, `null` while none is set. */
export const accountLimitBalanceSchema = z.object({
  id: z.uuid(),
  currency: fiatCurrencySchema,
  name: z.string(),
  iban: z.string().nullable(),
  balance: decimalSchema,
  limit: decimalSchema.nullable(),
});
export type AccountLimitBalance = z.infer<typeof accountLimitBalanceSchema>;

/**
 * `GET /accounts-management/summary-balance`. Conversions use the rates table, which holds fixed demo
 * rates (not market prices).
 * - `total`: every account of the customer (fiat, card, crypto) in USD.
 * - `crypto.total`: the crypto accounts in USDT; `crypto.utgl` the personal crypto balances (today the
 *   same list); `crypto.full_accounts_total`: all crypto accounts in USDT (equal to `total` while every
 *   crypto account is personal).
 * - `fiat.accounts_limit_balances`: the fiat accounts with their limits.
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
});
export type BalancesSummary = z.infer<typeof balancesSummarySchema>;

/** The customer's card account, answered by `POST /accounts-management/create-accounts-card`. */
export const cardAccountSchema = z.object({
  id: z.uuid(),
  type: z.literal('card'),
  currency: fiatCurrencySchema,
  name: z.string(),
  balance: decimalSchema,
  createdAt: timestampSchema,
});
export type CardAccount = z.infer<typeof cardAccountSchema>;
