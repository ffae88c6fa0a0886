import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { assetInfo, type Asset } from '../../contract/assetList';
import type { Db } from '../db/database';
import { accounts, users } from '../db/schema';
import { ApiError } from '../errors';

/** What money between customers needs of them: their names and accounts (pay links, sends, requests). */

/** The customer's display name as SQL: first and last name, null when they gave none. */
export const displayNameSql = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/** `Ada Lovelace` → `Ada L.`: enough to recognise who asks, not enough to find them. */
export function maskedName(name: string): string {
  const words = name.split(/\s+/);
  if (words.length === 1) return words[0]!;
  const [initial] = Array.from(words.at(-1)!);
  return `${words[0]} ${initial}.`;
}

/** The receiver's account of the asset, opened when they have none yet (the unique index decides races). */
export async function receivingAccount(tx: Db, userId: string, asset: Asset, at: Date): Promise<string> {
  const info = assetInfo(asset)!;
  const mine = and(eq(accounts.userId, userId), eq(accounts.kind, info.kind), eq(accounts.currency, asset));
  const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(mine);
  if (existing) return existing.id;
  await tx
    .insert(accounts)
    .values({
      id: randomUUID(),
      userId,
      kind: info.kind,
      currency: asset,
      name: info.kind === 'fiat' ? `${info.name} account` : info.name,
      createdAt: at,
    })
    .onConflictDoNothing();
  const [opened] = await tx.select({ id: accounts.id }).from(accounts).where(mine);
  return opened!.id;
}

/** One of the payer's fiat or crypto accounts, in any asset; anything else is `account_not_found`, whoever owns it. */
export async function payingAccount(tx: Db, userId: string, id: string) {
  const [row] = await tx
    .select({ id: accounts.id, currency: accounts.currency, balance: accounts.balance })
    .from(accounts)
    .where(and(sql`${accounts.id}::text = ${id}`, eq(accounts.userId, userId), inArray(accounts.kind, ['fiat', 'crypto'])));
  if (!row) throw new ApiError('account_not_found');
  return { ...row, asset: row.currency as Asset };
}
