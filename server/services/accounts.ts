import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AccountLimitBalance, BalancesSummary, BankAccount, CardAccount, CoinBalance } from '../../contract/accounts';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, rates } from '../db/schema';
import { formatDecimal } from './decimal';

/** The card account every customer may open: one per customer, in euros. */
export const CARD_ACCOUNT = { currency: 'EUR', name: 'Meridian card' } as const;

/** Listing order: fiat first, then the coins by importance. */
const CURRENCY_ORDER = sql.raw(`ARRAY['EUR', 'USD', 'BTC', 'ETH', 'USDT', 'USDC']::text[]`);
/** US dollars per USDT, from the (demo) rates table. */
const USDT_RATE = sql`(SELECT r.usd FROM rates r WHERE r.currency = 'USDT')`;
/** Quotients are rounded to the 18 decimals an amount holds; products and sums are exact. */
const toUsdt = (usd: ReturnType<typeof sql>) => sql`round(${usd} / ${USDT_RATE}, 18)`;

/**
 * Reads of the customer's accounts. Every sum and conversion happens in SQL on numerics; the service
 * only formats the decimal text (server/services/decimal.ts).
 */
export function createAccountService(db: Db, clock: Clock) {
  function rowsOf(userId: string) {
    const usd = sql`${accounts.balance} * ${rates.usd}`;
    return db
      .select({
        id: accounts.id,
        kind: accounts.kind,
        currency: accounts.currency,
        name: accounts.name,
        iban: accounts.iban,
        balance: sql<string>`${accounts.balance}::text`,
        usdtValue: sql<string>`${toUsdt(usd)}::text`,
      })
      .from(accounts)
      .innerJoin(rates, eq(rates.currency, accounts.currency))
      .where(eq(accounts.userId, userId))
      .orderBy(sql`array_position(${CURRENCY_ORDER}, ${accounts.currency})`, accounts.kind);
  }

  async function bankAccounts(userId: string): Promise<BankAccount[]> {
    const rows = await rowsOf(userId);
    return rows
      .filter((row) => row.kind === 'fiat')
      .map((row) => ({
        id: row.id,
        type: 'fiat' as const,
        currency: row.currency as BankAccount['currency'],
        name: row.name,
        iban: row.iban,
        balance: formatDecimal(row.balance),
      }));
  }

  async function summary(userId: string): Promise<BalancesSummary> {
    const usd = sql`${accounts.balance} * ${rates.usd}`;
    const [rows, [totals]] = await Promise.all([
      rowsOf(userId),
      db
        .select({
          totalUsd: sql<string>`coalesce(sum(${usd}), 0)::text`,
          cryptoUsdt: sql<string>`coalesce(${toUsdt(sql`sum(${usd}) FILTER (WHERE ${accounts.kind} = 'crypto')`)}, 0)::text`,
        })
        .from(accounts)
        .innerJoin(rates, eq(rates.currency, accounts.currency))
        .where(eq(accounts.userId, userId)),
    ]);
    const coins: CoinBalance[] = rows
      .filter((row) => row.kind === 'crypto')
      .map((row) => ({
        id: row.id,
        currency: row.currency as CoinBalance['currency'],
        name: row.name,
        balance: formatDecimal(row.balance),
        usdtValue: formatDecimal(row.usdtValue),
      }));
    const fiat: AccountLimitBalance[] = rows
      .filter((row) => row.kind === 'fiat')
      .map((row) => ({
        id: row.id,
        currency: row.currency as AccountLimitBalance['currency'],
        name: row.name,
        iban: row.iban,
        balance: formatDecimal(row.balance),
        limit: null,
      }));
    const cryptoTotal = formatDecimal(totals!.cryptoUsdt);
    return {
      total: formatDecimal(totals!.totalUsd),
      crypto: {
        coin_balances: coins,
        total: cryptoTotal,
        full_accounts_total: cryptoTotal,
        utgl: { coin_balances: coins, total: cryptoTotal },
      },
      fiat: { accounts_limit_balances: fiat },
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
      currency: card!.currency as CardAccount['currency'],
      name: card!.name,
      balance: formatDecimal(card!.balance),
      createdAt: card!.createdAt.toISOString(),
    };
  }

  return { bankAccounts, summary, ensureCardAccount };
}

export type AccountService = ReturnType<typeof createAccountService>;
