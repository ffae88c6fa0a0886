import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { accounts, ledgerEntries, ledgerTransactions } from '../db/schema';
import { isPositiveAmount, negate } from './decimal';

export type Currency = (typeof accounts.$inferSelect)['currency'];
export type LedgerKind = (typeof ledgerTransactions.$inferSelect)['kind'];

export interface Posting {
  kind: LedgerKind;
  /** The customer who asked for it; null for system postings. */
  userId: string | null;
  idempotencyKey?: string | null;
  at: Date;
  /** Signed decimal strings; per currency they must sum to zero (the database checks at commit). */
  entries: { accountId: string; amount: string }[];
}

/**
 * Writes one ledger transaction and its entries. The database applies each entry to its account's
 * balance and refuses the whole transaction when a customer balance would go below zero or the
 * entries do not balance. Call it inside the transaction of the request (`Tx`), so a refusal rolls
 * back everything the request wrote.
 */
export async function post(db: Db, posting: Posting): Promise<string> {
  const id = randomUUID();
  await db.insert(ledgerTransactions).values({
    id,
    userId: posting.userId,
    kind: posting.kind,
    idempotencyKey: posting.idempotencyKey ?? null,
    createdAt: posting.at,
  });
  await db.insert(ledgerEntries).values(posting.entries.map((entry) => ({ transactionId: id, ...entry })));
  return id;
}

export async function systemAccountId(db: Db, currency: Currency): Promise<string> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(isNull(accounts.userId), eq(accounts.currency, currency)));
  if (!row) throw new Error(`No system account for ${currency}`);
  return row.id;
}

/** Money coming in from outside Meridian: the system account of the currency pays the customer account. */
export async function credit(
  db: Db,
  options: { kind: LedgerKind; userId: string; accountId: string; currency: Currency; amount: string; at: Date; idempotencyKey?: string },
): Promise<string> {
  if (!isPositiveAmount(options.amount)) throw new Error(`Not a positive amount: ${options.amount}`);
  const system = await systemAccountId(db, options.currency);
  return post(db, {
    kind: options.kind,
    userId: options.userId,
    idempotencyKey: options.idempotencyKey,
    at: options.at,
    entries: [
      { accountId: options.accountId, amount: options.amount },
      { accountId: system, amount: negate(options.amount) },
    ],
  });
}
