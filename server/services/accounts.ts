import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { randomInt, randomUUID } from 'node:crypto';
import type { Account, AccountLimitBalance, BalancesSummary, BankAccount, CardAccount } from '../../contract/accounts';
import { QUOTE_ASSET, assetInfo, isCryptoAsset, type Asset, type CryptoAsset, type FiatAsset } from '../../contract/assets';
import { RATE_FRESH_MS } from '../../contract/rates';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, assets, rates } from '../db/schema';
import { ApiError } from '../errors';
import { formatDecimal, roundToSum } from '../../contract/decimal';
import { monthlyTopUpQuery } from './levels';
import { RATE_HISTORY_MS } from './rates';

/** The card account every customer may open: one per customer, in euros. */
export const CARD_ACCOUNT = { currency: 'EUR', name: 'Meridian card' } as const;

/** The BIC of Meridian's own bank, under which it issues its customers' IBANs. */
export const MERIDIAN_BIC = 'MRDNDEB1XXX';
/** The German bank code (Bankleitzahl) of those IBANs. */
const MERIDIAN_BANK_CODE = '10020030';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A German IBAN for a new account number: ISO 13616 check digits (mod 97) over bank code and number. */
export function germanIban(accountNumber: string): string {
  const bban = MERIDIAN_BANK_CODE + accountNumber.padStart(10, '0');
  // Letters count as two digits (A = 10 … Z = 35): "DE" is 1314; the check digits start as 00.
  const remainder = [...`${bban}131400`].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0);
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/**
 * Reads of the customer's accounts, valued at the current rates (server/services/rates.ts). Every sum
 * and conversion happens in SQL on numerics; the service only formats the decimal text
 * (contract/decimal.ts). Values in US dollars are rounded to cents and values in USDT to USDT's
 * 6 decimals, after summing.
 */
export function createAccountService(db: Db, clock: Clock) {
  async function bankAccounts(userId: string): Promise<BankAccount[]> {
    const rows = await db
      .select({
        id: accounts.id,
        currency: accounts.currency,
        name: accounts.name,
        iban: accounts.iban,
        balance: sql<string>`${accounts.balance}::text`,
      })
      .from(accounts)
      .innerJoin(assets, eq(assets.code, accounts.currency))
      .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'fiat')))
      .orderBy(asc(assets.sortOrder));
    return rows.map((row) => ({ ...row, type: 'fiat' as const, currency: row.currency as FiatAsset, balance: formatDecimal(row.balance) }));
  }

  async function summary(userId: string): Promise<BalancesSummary> {
    const now = clock();
    const topUp = monthlyTopUpQuery(db, userId, now);
    const topUpLeftUsd = sql`greatest(${topUp.limitUsd} - ${topUp.usedUsd}, 0)`;
    const quote = alias(rates, 'quote');
    const usd = sql`${accounts.balance} * ${rates.usd}`;
    const usdt = sql`round(${usd} / ${quote.usd}, 18)`;
    const staleBefore = new Date(now.getTime() - RATE_FRESH_MS);
    const stale = sql`(${rates.updatedAt} < ${staleBefore} OR ${quote.updatedAt} < ${staleBefore})`;
    // One statement (bench: a round trip per query was most of the time): the totals are window sums
    // over the same rows, and the top-up limit is one joined row (its level and sum planned once).
    const rows = await db
      .select({
        id: accounts.id,
        kind: accounts.kind,
        currency: accounts.currency,
        name: accounts.name,
        iban: accounts.iban,
        balance: sql<string>`${accounts.balance}::text`,
        // Exact here: the lines and the total are rounded together below, so they add up.
        exactUsd: sql<string>`(${usd})::text`,
        usdtValue: sql<string>`round(${usdt}, 6)::text`,
        rate: sql<string>`${rates.usd}::text`,
        rateAt: rates.updatedAt,
        stale: sql<boolean>`${stale}`,
        // The oldest price of the last 24 hours that is older than the current one.
        change24h: sql<string | null>`(SELECT round((${rates.usd} - h.usd) * 100 / h.usd, 2) FROM rate_history h
          WHERE h.asset = ${accounts.currency} AND h.at >= ${new Date(now.getTime() - RATE_HISTORY_MS)} AND h.at < ${rates.updatedAt}
          ORDER BY h.at LIMIT 1)::text`,
        limitUsd: sql<string>`${topUp.limitUsd}::text`,
        usedUsd: sql<string>`${topUp.usedUsd}::text`,
        leftUsd: sql<string>`${topUpLeftUsd}::text`,
        // What is left of the month's top-up limit, in this account's asset, rounded down to its decimals.
        topUpLeft: sql<string>`trunc(${topUpLeftUsd} / ${rates.usd}, ${assets.decimals})::text`,
        fullUsdt: sql<string>`round(sum(${usdt}) OVER (), 6)::text`,
        cryptoUsdt: sql<string>`round(coalesce(sum(${usdt}) FILTER (WHERE ${assets.kind} = 'crypto') OVER (), 0), 6)::text`,
        freeUsdt: sql<string>`round(coalesce(sum(${usdt}) FILTER (WHERE ${accounts.kind} = 'crypto') OVER (), 0), 6)::text`,
        anyStale: sql<boolean>`bool_or(${stale}) OVER ()`,
      })
      .from(accounts)
      .innerJoin(assets, eq(assets.code, accounts.currency))
      .innerJoin(rates, eq(rates.asset, accounts.currency))
      .innerJoin(quote, eq(quote.asset, QUOTE_ASSET))
      .crossJoin(topUp)
      .where(eq(accounts.userId, userId))
      .orderBy(asc(assets.sortOrder), accounts.kind);
    // Without accounts there are no rows to sum: every total is zero and nothing is stale.
    const totals = rows[0] ?? { fullUsdt: '0', cryptoUsdt: '0', freeUsdt: '0', anyStale: false };
    const usdValues = roundToSum(
      rows.map((row) => row.exactUsd),
      2,
    );
    const usdValueOf = new Map(rows.map((row, index) => [row, usdValues.parts[index]!]));
    const valued = (row: (typeof rows)[number]) => ({
      id: row.id,
      name: row.name,
      balance: formatDecimal(row.balance),
      usdtValue: formatDecimal(row.usdtValue),
      usdValue: usdValueOf.get(row)!,
      rate: formatDecimal(row.rate),
      rateAt: row.rateAt.toISOString(),
      change24h: row.change24h === null ? null : formatDecimal(row.change24h),
      stale: row.stale,
    });
    // Collateral and held crypto (card accounts, pending operations) are crypto too, but not free to spend.
    const cryptoRows = rows.filter((row) => isCryptoAsset(row.currency));
    const coin = (row: (typeof rows)[number]) => ({ ...valued(row), currency: row.currency as CryptoAsset });
    const crypto = cryptoRows.map(coin);
    const free = cryptoRows.filter((row) => row.kind === 'crypto').map(coin);
    const fiat: AccountLimitBalance[] = rows
      .filter((row) => row.kind === 'fiat')
      .map((row) => ({
        ...valued(row),
        currency: row.currency as FiatAsset,
        iban: row.iban,
        topUpLimit: {
          limitUsd: formatDecimal(row.limitUsd),
          usedUsd: formatDecimal(row.usedUsd),
          leftUsd: formatDecimal(row.leftUsd),
          left: formatDecimal(row.topUpLeft),
        },
      }));
    return {
      total: usdValues.total,
      crypto: {
        coin_balances: crypto,
        total: formatDecimal(totals.cryptoUsdt),
        full_accounts_total: formatDecimal(totals.fullUsdt),
        utgl: { coin_balances: free, total: formatDecimal(totals.freeUsdt) },
      },
      fiat: { accounts_limit_balances: fiat },
      stale: totals.anyStale,
    };
  }

  /**
   * Opens the card account unless it exists and answers it. A concurrent second call waits on the
   * unique index (one card account per customer), then finds the first one's account.
   */
  async function ensureCardAccount(tx: Db, userId: string): Promise<CardAccount> {
    await tx
      .insert(accounts)
      .values({ id: randomUUID(), userId, kind: 'card', currency: CARD_ACCOUNT.currency, name: CARD_ACCOUNT.name, createdAt: clock() })
      .onConflictDoNothing();
    const [card] = await tx
      .select({
        id: accounts.id,
        currency: accounts.currency,
        name: accounts.name,
        balance: sql<string>`${accounts.balance}::text`,
        createdAt: accounts.createdAt,
      })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'card')));
    return {
      id: card!.id,
      type: 'card',
      currency: card!.currency as FiatAsset,
      name: card!.name,
      balance: formatDecimal(card!.balance),
      createdAt: card!.createdAt.toISOString(),
    };
  }

  const accountColumns = {
    id: accounts.id,
    kind: accounts.kind,
    currency: accounts.currency,
    name: accounts.name,
    iban: accounts.iban,
    balance: sql<string>`${accounts.balance}::text`,
    createdAt: accounts.createdAt,
  };

  function toAccount(row: {
    id: string;
    kind: string;
    currency: string;
    name: string;
    iban: string | null;
    balance: string;
    createdAt: Date;
  }): Account {
    const fiat = row.kind === 'fiat';
    return {
      id: row.id,
      type: fiat ? 'fiat' : 'crypto',
      currency: row.currency as Asset,
      name: row.name,
      balance: formatDecimal(row.balance),
      iban: row.iban,
      bic: fiat ? MERIDIAN_BIC : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * One of the customer's fiat or crypto accounts. Anything else answers the same `account_not_found`
   * (a malformed id, another customer's account, a card or system account), so an answer tells nothing
   * about accounts that are not the caller's.
   */
  async function account(userId: string, id: string): Promise<Account> {
    if (!UUID.test(id)) throw new ApiError('account_not_found');
    const [row] = await db
      .select(accountColumns)
      .from(accounts)
      .where(and(eq(accounts.id, id), eq(accounts.userId, userId), inArray(accounts.kind, ['fiat', 'crypto'])));
    if (!row) throw new ApiError('account_not_found');
    return toAccount(row);
  }

  /**
   * Opens the customer's account in `currency` unless it exists, and answers it: one account per kind and
   * asset (the unique index decides between concurrent calls; the loser finds the winner's account). A
   * fiat account gets a new IBAN over a random 10-digit account number (no unique index on IBANs yet: a
   * clash is one in 10^10 per pair of accounts).
   */
  async function openAccount(userId: string, currency: Asset): Promise<Account> {
    const asset = assetInfo(currency)!;
    const fiat = asset.kind === 'fiat';
    await db
      .insert(accounts)
      .values({
        id: randomUUID(),
        userId,
        kind: asset.kind,
        currency,
        name: fiat ? `${asset.name} account` : asset.name,
        iban: fiat ? germanIban(String(randomInt(1, 10_000_000_000))) : null,
        createdAt: clock(),
      })
      .onConflictDoNothing();
    const [row] = await db
      .select(accountColumns)
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.kind, asset.kind), eq(accounts.currency, currency)));
    return toAccount(row!);
  }

  return { bankAccounts, summary, ensureCardAccount, account, openAccount };
}

export type AccountService = ReturnType<typeof createAccountService>;
