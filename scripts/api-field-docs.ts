// What each field of the money answers means, for docs/api.md (scripts/openapi.ts puts these next to
// the fields). Kept here, not as zod descriptions, so none of this text ships in the app's bundle.
import type { z } from 'zod';
import {
  accountLimitBalanceSchema,
  balancesSummarySchema,
  bankAccountSchema,
  cardAccountSchema,
  coinBalanceSchema,
  topUpLimitSchema,
} from '../contract/accounts';
import { activitiesPageSchema, activitiesQuerySchema, activitySchema } from '../contract/activities';
import { meSchema } from '../contract/auth';
import { rateSchema, setRatesBodySchema } from '../contract/rates';
import { depositLevelSchema, userDepositLevelsSchema } from '../contract/users';

const valued = {
  id: 'The account id.',
  name: 'The account’s name.',
  balance: 'What the account holds, in `currency`.',
  usdtValue: 'The balance in USDT at the current rates (6 decimals).',
  usdValue: 'The balance in US dollars at the current rate (cents).',
  rate: 'US dollars per unit of `currency`.',
  rateAt: 'When the rate was set.',
  change24h: 'Change of the rate over the last 24 hours in percent, two decimals (`-2.15`); null without history.',
  stale: 'True when the rate is older than 5 minutes: the figures are for display, no quote is made on it.',
};

/** Field descriptions per object schema, by field name. */
export const FIELD_DOCS = new Map<unknown, Record<string, string>>([
  [
    balancesSummarySchema,
    {
      total: 'Everything the customer has in US dollars: every account (fiat, crypto, collateral) minus card debt.',
      crypto:
        '`coin_balances`: every crypto account of the customer (CoinBalance), free, pledged as collateral or held; `total`: their sum in USDT; `full_accounts_total`: every account of the customer minus card debt, in USDT; `utgl`: the crypto free to spend — its `coin_balances` (the crypto accounts) and their `total` in USDT.',
      fiat: '`accounts_limit_balances`: each fiat account (AccountLimitBalance) with what is left of the monthly top-up limit.',
      stale: 'True when any rate behind these figures is older than 5 minutes.',
    },
  ],
  [coinBalanceSchema, { ...valued, currency: 'The crypto asset.' }],
  [
    accountLimitBalanceSchema,
    {
      ...valued,
      currency: 'The fiat currency.',
      iban: 'The IBAN, or null.',
      topUpLimit: 'What is left of the monthly top-up limit (TopUpLimit).',
    },
  ],
  [
    topUpLimitSchema,
    {
      limitUsd: 'The monthly top-up limit of the customer’s deposit level, in US dollars.',
      usedUsd: 'Completed top-ups (deposits) of the customer this calendar month (UTC), in US dollars at their moment.',
      leftUsd: '`limitUsd` minus `usedUsd`, at least 0.',
      left: '`leftUsd` in the account’s currency at the current rate, rounded down to cents.',
    },
  ],
  [
    bankAccountSchema,
    {
      id: 'The account id.',
      type: 'Always `fiat`.',
      currency: 'The fiat currency.',
      name: 'The account’s name.',
      iban: 'The IBAN, or null.',
      balance: 'What the account holds.',
    },
  ],
  [
    cardAccountSchema,
    {
      id: 'The card account id.',
      type: 'Always `card`.',
      currency: 'Always EUR.',
      name: 'The account’s name.',
      balance: 'What the card account holds.',
      createdAt: 'When it was opened.',
    },
  ],
  [
    meSchema,
    {
      kycStatus: 'Where the identity check stands: `not_started` for a new customer; levels above 1 need `approved`.',
      role: '`admin` reaches the operator tools; everyone else is a `customer`.',
    },
  ],
  [
    userDepositLevelsSchema,
    {
      currentLevel: 'The level whose limits apply: the highest the deposits reach, but 1 until KYC is approved.',
      reachedLevel: 'The level the completed deposits alone reach.',
      kycRequired: 'True while KYC is not approved: no level above 1 applies until it is.',
      totalDeposits: 'Completed deposits so far, in US dollars at their moment.',
      levels: 'Every level, lowest first (DepositLevel).',
      next: 'The level after `currentLevel` (`level`, `name`, `minTotalDeposit`), the deposits still `remaining` for it in US dollars (0.00 when only KYC is missing) and `progressPercent` (0–100) from the current threshold to the next; null on the highest.',
    },
  ],
  [
    depositLevelSchema,
    {
      level: 'The level number, from 1.',
      name: 'Its name.',
      minTotalDeposit: 'Total deposits from which the level applies.',
      currency: 'Always USD.',
      limits:
        'Per operation (`top_up`, `transfer`, `payment`, `withdrawal`) the `daily` and `monthly` (calendar month, UTC) limits in US dollars.',
    },
  ],
  [
    activitySchema,
    {
      id: 'The activity id.',
      accountId: 'The customer’s account it touched.',
      type: 'What happened.',
      status: 'Where it stands; a completed activity’s amount is exactly what its ledger transaction posted to the account.',
      counterparty: 'Who paid or was paid (merchant, sender, address); null when nobody else was involved.',
      reference: 'The payment reference, or null.',
      amount: 'Signed, in `currency`: negative left the account.',
      currency: 'The account’s asset.',
      counterAmount: 'The other side of an exchange, or null.',
      counterCurrency: 'The asset of `counterAmount`, or null.',
      usdValue: 'The amount in US dollars when it happened (cents); null when no rate was known.',
      createdAt: 'When it happened.',
      returnReason: 'Why the bank sent a payout back (ISO 20022 return code), or null.',
      recurringBuy: 'The recurring buy this exchange was a run of: its plan’s `id` and the `asset` it buys; null for anything else.',
    },
  ],
  [
    activitiesPageSchema,
    {
      items: 'This page’s activities, newest first (Activity).',
      nextCursor: 'Pass as `cursor` for the next page; null on the last one.',
    },
  ],
  [
    activitiesQuerySchema,
    {
      cursor: 'The previous page’s `nextCursor`; absent for the first page.',
      limit: 'Activities per page, 1–100 (20).',
      q: 'Text found in the counterparty or the reference (case-insensitive), or an amount (`12.5`) matched either way.',
      accountId: 'Only this account’s activities.',
      type: 'Only activities of this type.',
      status: 'Only activities in this status.',
      from: 'From this instant (inclusive).',
      to: 'Until this instant (exclusive).',
    },
  ],
  [
    rateSchema,
    {
      asset: 'The asset.',
      usd: 'US dollars per unit.',
      usdt: 'USDT per unit (`usd` divided by USDT’s own US dollar price).',
      at: 'When the rate was set.',
      stale: 'True when older than 5 minutes: never used for a quote.',
    },
  ],
  [setRatesBodySchema, { rates: 'The prices to set: `asset` and its `usd` price (a positive decimal string).' }],
]);

/** The schemas documented on their own under "Shared schemas". */
export const NAMED_MONEY_SCHEMAS: [z.ZodType, string][] = [
  [coinBalanceSchema, 'CoinBalance'],
  [accountLimitBalanceSchema, 'AccountLimitBalance'],
  [topUpLimitSchema, 'TopUpLimit'],
  [depositLevelSchema, 'DepositLevel'],
  [activitySchema, 'Activity'],
  [rateSchema, 'Rate'],
];
