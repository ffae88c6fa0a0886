import { and, asc, desc, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { randomBytes, randomUUID } from 'node:crypto';
import { ASSETS, NETWORKS, type Asset } from '../../contract/assets';
import type {
  AdjustmentBody,
  AdminAction,
  AdminCustomer,
  AuditEntry,
  SimulateCryptoDepositBody,
  SimulatedMovement,
  SimulationAccount,
} from '../../contract/simulate';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, adminAuditLog, assets, users } from '../db/schema';
import { ApiError } from '../errors';
import { createLimitService } from './limits';
import { formatDecimal } from '../../contract/decimal';
import { credit, debit } from './ledger';
import { maybeRewardReferrer } from './referrals';

/** At most this many customers per search and audit rows per page. */
export const ADMIN_LIST_LIMIT = 50;

/** Where a customer-facing activity of an admin's correction says it came from. */
export const ADJUSTMENT_COUNTERPARTY = 'Meridian';

/** What an admin action records besides who did it and when. */
export interface AuditRecord {
  adminId: string;
  action: AdminAction;
  requestId: string;
  targetUserId?: string | null;
  targetAccountId?: string | null;
  transactionId?: string | null;
  details?: Record<string, string>;
  reason?: string | null;
}

type AccountRow = { id: string; userId: string | null; kind: string; currency: string; name: string; balance: string };

const accountColumns = {
  id: accounts.id,
  userId: accounts.userId,
  kind: accounts.kind,
  currency: accounts.currency,
  name: accounts.name,
  balance: sql<string>`${accounts.balance}::text`,
};

function toSimulationAccount(row: AccountRow): SimulationAccount {
  return {
    id: row.id,
    kind: row.kind as SimulationAccount['kind'],
    currency: row.currency as Asset,
    name: row.name,
    balance: formatDecimal(row.balance),
  };
}

/** A simulated on-chain transaction id: 64 hex digits after `0x` on EVM networks, bare on Bitcoin. */
function simulatedTxHash(network: keyof typeof NETWORKS): string {
  const hex = randomBytes(32).toString('hex');
  return NETWORKS[network].chainId === null ? hex : `0x${hex}`;
}

/**
 * The simulation area's money movements and the admins' tools. Everything runs on the `db` it is
 * given (the idempotent request's transaction), so a refusal leaves nothing behind and the audit row
 * commits with the movement it describes.
 */
export function createSimulationService(db: Db, clock: Clock) {
  const limits = createLimitService(db, clock);
  /** The customer's fiat and crypto accounts (card and system accounts are never simulated on). */
  async function accountsOf(userId: string, tx: Db = db): Promise<SimulationAccount[]> {
    const rows = await tx
      .select(accountColumns)
      .from(accounts)
      .innerJoin(assets, eq(assets.code, accounts.currency))
      .where(and(eq(accounts.userId, userId), inArray(accounts.kind, ['fiat', 'crypto'])))
      .orderBy(asc(assets.sortOrder), asc(accounts.createdAt));
    return rows.map(toSimulationAccount);
  }

  /** The account by id when it is of `kind` and, with `ownerId`, that customer's; else `account_not_found`, whoever owns it. */
  async function accountOf(tx: Db, accountId: string, kinds: readonly ('fiat' | 'crypto')[], ownerId?: string): Promise<AccountRow> {
    const [row] = await tx
      .select(accountColumns)
      .from(accounts)
      .where(and(eq(accounts.id, accountId), inArray(accounts.kind, [...kinds]), isNotNull(accounts.userId)));
    if (!row || (ownerId !== undefined && row.userId !== ownerId)) throw new ApiError('account_not_found');
    return row;
  }

  async function movementAnswer(tx: Db, transactionId: string, accountId: string): Promise<SimulatedMovement> {
    const [row] = await tx.select(accountColumns).from(accounts).where(eq(accounts.id, accountId));
    return { transactionId, account: toSimulationAccount(row!) };
  }

  async function receiveCrypto(
    tx: Db,
    userId: string,
    body: SimulateCryptoDepositBody,
    idempotencyKey: string,
  ): Promise<SimulatedMovement> {
    const account = await accountOf(tx, body.accountId, ['crypto'], userId);
    const asset = account.currency as Asset;
    const networks: readonly string[] = ASSETS.find((info) => info.code === asset)?.networks ?? [];
    if (!networks.includes(body.network)) throw new ApiError('network_not_supported');
    await limits.assertWithinLimit(tx, userId, 'top_up', asset, body.amount);
    const transactionId = await credit(tx, {
      kind: 'deposit',
      userId,
      accountId: account.id,
      asset,
      amount: body.amount,
      at: clock(),
      idempotencyKey,
      activity: { type: 'deposit', counterparty: NETWORKS[body.network].name, reference: simulatedTxHash(body.network) },
    });
    await maybeRewardReferrer(tx, userId, clock);
    return movementAnswer(tx, transactionId, account.id);
  }

  async function record(tx: Db, entry: AuditRecord): Promise<void> {
    await tx.insert(adminAuditLog).values({
      id: randomUUID(),
      adminId: entry.adminId,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      targetAccountId: entry.targetAccountId ?? null,
      transactionId: entry.transactionId ?? null,
      details: entry.details ?? {},
      reason: entry.reason ?? null,
      requestId: entry.requestId,
      createdAt: clock(),
    });
  }

  /**
   * An admin's correction against the asset's system account, with the customer's `adjustment`
   * activity and the audit row in the same transaction. A debit below zero is refused by the database.
   */
  async function adjust(tx: Db, adminId: string, body: AdjustmentBody, requestId: string): Promise<SimulatedMovement> {
    const account = await accountOf(tx, body.accountId, ['fiat', 'crypto']);
    const asset = account.currency as Asset;
    const movement = {
      kind: 'adjustment' as const,
      userId: account.userId!,
      accountId: account.id,
      asset,
      amount: body.amount,
      at: clock(),
      activity: { type: 'adjustment' as const, counterparty: ADJUSTMENT_COUNTERPARTY, reference: body.reason },
    };
    // No idempotency key on the ledger transaction: the key is the admin's (their request's row keeps
    // it), while the transaction belongs to the customer.
    const transactionId = body.direction === 'credit' ? await credit(tx, movement) : await debit(tx, movement);
    await record(tx, {
      adminId,
      action: body.direction === 'credit' ? 'account_credited' : 'account_debited',
      requestId,
      targetUserId: account.userId,
      targetAccountId: account.id,
      transactionId,
      details: { amount: body.amount, asset },
      reason: body.reason,
    });
    return movementAnswer(tx, transactionId, account.id);
  }

  /** Customers (never admins) whose e-mail contains `q`, with their accounts. */
  async function customers(q: string | undefined): Promise<AdminCustomer[]> {
    const pattern = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        kycStatus: users.kycStatus,
      })
      .from(users)
      .where(and(ilike(users.email, pattern), eq(users.role, 'customer')))
      .orderBy(asc(users.email))
      .limit(ADMIN_LIST_LIMIT);
    const owned =
      rows.length === 0
        ? []
        : await db
            .select(accountColumns)
            .from(accounts)
            .innerJoin(assets, eq(assets.code, accounts.currency))
            .where(
              and(
                inArray(
                  accounts.userId,
                  rows.map((row) => row.id),
                ),
                inArray(accounts.kind, ['fiat', 'crypto']),
              ),
            )
            .orderBy(asc(assets.sortOrder), asc(accounts.createdAt));
    return rows.map((row) => ({ ...row, accounts: owned.filter((account) => account.userId === row.id).map(toSimulationAccount) }));
  }

  async function auditLog(): Promise<AuditEntry[]> {
    const admin = alias(users, 'admin');
    const target = alias(users, 'target');
    const rows = await db
      .select({
        id: adminAuditLog.id,
        adminEmail: admin.email,
        action: adminAuditLog.action,
        targetEmail: target.email,
        targetAccountId: adminAuditLog.targetAccountId,
        details: adminAuditLog.details,
        reason: adminAuditLog.reason,
        requestId: adminAuditLog.requestId,
        createdAt: adminAuditLog.createdAt,
      })
      .from(adminAuditLog)
      .innerJoin(admin, eq(admin.id, adminAuditLog.adminId))
      .leftJoin(target, eq(target.id, adminAuditLog.targetUserId))
      .orderBy(desc(adminAuditLog.seq))
      .limit(ADMIN_LIST_LIMIT);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  return { accountsOf, receiveCrypto, adjust, record, customers, auditLog };
}

export type SimulationService = ReturnType<typeof createSimulationService>;
