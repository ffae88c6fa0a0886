import { and, eq, sql } from 'drizzle-orm';
import type { CryptoAsset } from '../../contract/assets';
import type { StepUpAction } from '../../contract/stepUp';
import { randomUUID } from 'node:crypto';
import { accounts, sessions, stepUps } from '../../server/db/schema';
import { formatDecimal } from '../../contract/decimal';
import { credit } from '../../server/services/ledger';
import type { TestDatabase, TestServer } from './helpers';

/** A funded account of the customer in `asset`, opened through the ledger as a deposit would. */
export async function fund(database: TestDatabase, userId: string, asset: 'EUR' | CryptoAsset, amount: string): Promise<string> {
  const kind = asset === 'EUR' ? 'fiat' : 'crypto';
  const [existing] = await database.database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.kind, kind), eq(accounts.currency, asset)));
  const accountId = existing?.id ?? randomUUID();
  if (!existing) {
    await database.database.db
      .insert(accounts)
      .values({ id: accountId, userId, kind, currency: asset, name: asset, createdAt: new Date() });
  }
  await credit(database.database.db, { kind: 'deposit', userId, accountId, asset, amount, at: new Date() });
  return accountId;
}

/** An account's balance as the ledger keeps it, formatted as the API shows amounts. */
export async function balanceOf(database: TestDatabase, accountId: string): Promise<string> {
  const [row] = await database.database.db
    .select({ balance: sql<string>`${accounts.balance}::text` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return formatDecimal(row!.balance);
}

/** A live grant for `action` in each of the customer's sessions, as a verified step-up leaves (the race needs many). */
export async function grantStepUp(database: TestDatabase, testServer: TestServer, userId: string, action: StepUpAction) {
  const now = testServer.clock.now();
  const own = await database.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  for (const session of own) {
    await database.database.db.insert(stepUps).values({
      id: randomUUID(),
      userId,
      sessionId: session.id,
      action,
      proof: 'code',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 300_000),
      grantedAt: now,
    });
  }
}
