import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { randomInt, randomUUID } from 'node:crypto';
import type { FiatAsset } from '../../contract/assets';
import type { AssignHeldTransferBody, FiatTopUpDetails, HeldReason, HeldTransfer, ReviewedTransfer } from '../../contract/inject';
import type { IncomingTransfer, SimulateBankTransferBody } from '../../contract/simulate';
import { VOUCHER_ALPHABET } from '../../contract/voucherCode';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, assets, incomingTransfers, paymentReferences, users } from '../db/schema';
import { ApiError } from '../errors';
import { MERIDIAN_BIC } from './accounts';
import { formatDecimal } from '../../contract/decimal';
import { ADMIN_LIST_LIMIT, type SimulationService } from './simulation';
import { creditTopUp, isLimitRefusal } from './top-up';

const REFERENCE_PREFIX = 'MRD';
const REFERENCE_RANDOM_LENGTH = 8;
/** A reference as it may sit inside what a sender typed, once that is read the Crockford way. */
const REFERENCE_IN_TEXT = /MRD[0-9A-HJKMNP-TV-Z]{8}/g;

/** 40 random bits in Crockford base32 after `MRD`: unguessable enough that a typo names nobody. */
function newReference(): string {
  let reference = REFERENCE_PREFIX;
  for (let i = 0; i < REFERENCE_RANDOM_LENGTH; i++) reference += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return reference;
}

/**
 * The personal references a sender's free text may hold: read as Crockford base32 (any case, I and L
 * as 1, O as 0) with spaces, hyphens and other separators dropped, so `mrd-7k2q 9xhp` still matches.
 */
export function referencesIn(text: string): string[] {
  const read = text
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return [...new Set(read.match(REFERENCE_IN_TEXT) ?? [])];
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Top-ups by bank transfer: the details a customer pays into, incoming transfers matched by the
 * customer's reference, and the admins' review of the transfers no reference matched (or that would
 * pass the customer's top-up limit).
 */
export function createFiatTopUpService(db: Db, clock: Clock, simulation: Pick<SimulationService, 'record'>) {
  /** The customer's reference, given on first use; a clash with another customer's draws again. */
  async function referenceOf(userId: string): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const [existing] = await db.select().from(paymentReferences).where(eq(paymentReferences.userId, userId));
      if (existing) return existing.reference;
      try {
        await db.insert(paymentReferences).values({ userId, reference: newReference(), createdAt: clock() }).onConflictDoNothing({
          target: paymentReferences.userId,
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  async function details(userId: string): Promise<FiatTopUpDetails> {
    const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError('unauthorized');
    const reference = await referenceOf(userId);
    const rows = await db
      .select({ accountId: accounts.id, currency: accounts.currency, iban: accounts.iban })
      .from(accounts)
      .innerJoin(assets, eq(assets.code, accounts.currency))
      .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'fiat')))
      .orderBy(asc(assets.sortOrder));
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    return {
      // Never the e-mail address: a bank transfer to it would bounce; the page asks for the name instead.
      holderName: name || null,
      bic: MERIDIAN_BIC,
      reference,
      accounts: rows
        .filter((row) => row.iban)
        .map((row) => ({ accountId: row.accountId, currency: row.currency as FiatAsset, iban: row.iban! })),
    };
  }

  /** The customer one of the text's references names, if any. */
  async function customerNamedIn(tx: Db, text: string): Promise<string | null> {
    const candidates = referencesIn(text);
    if (candidates.length === 0) return null;
    const [row] = await tx
      .select({ userId: paymentReferences.userId })
      .from(paymentReferences)
      .where(inArray(paymentReferences.reference, candidates))
      .limit(1);
    return row?.userId ?? null;
  }

  /**
   * A bank transfer reached Meridian's bank: credited as a deposit to the customer its reference names,
   * else held for review (no reference matched, or it would pass that customer's top-up limit). Runs in
   * the request's transaction `tx`. The ledger transaction carries no idempotency key: the key is the
   * sender's request's (its record keeps it), the money the customer's.
   */
  async function receive(tx: Db, body: SimulateBankTransferBody): Promise<IncomingTransfer> {
    const id = randomUUID();
    const userId = await customerNamedIn(tx, body.reference);
    let held: HeldReason | null = userId ? null : 'unknown_reference';
    let transactionId: string | null = null;
    if (userId) {
      try {
        // A savepoint: a limit refusal undoes only the credit, and the transfer is held instead.
        ({ transactionId } = await tx.transaction((savepoint) =>
          creditTopUp(savepoint, clock, {
            userId,
            asset: body.currency,
            amount: body.amount,
            kind: 'deposit',
            activity: { type: 'deposit', counterparty: body.senderName, reference: body.reference },
          }),
        ));
      } catch (error) {
        if (!isLimitRefusal(error)) throw error;
        held = 'over_limit';
      }
    }
    await tx.insert(incomingTransfers).values({
      id,
      currency: body.currency,
      amount: body.amount,
      senderName: body.senderName,
      reference: body.reference,
      status: held ? 'held' : 'credited',
      heldReason: held,
      userId,
      transactionId,
      receivedAt: clock(),
    });
    return { transferId: id, status: held ? 'held' : 'credited' };
  }

  async function held(): Promise<HeldTransfer[]> {
    const rows = await db
      .select({
        id: incomingTransfers.id,
        currency: incomingTransfers.currency,
        amount: sql<string>`${incomingTransfers.amount}::text`,
        senderName: incomingTransfers.senderName,
        reference: incomingTransfers.reference,
        reason: incomingTransfers.heldReason,
        customerEmail: users.email,
        receivedAt: incomingTransfers.receivedAt,
      })
      .from(incomingTransfers)
      .leftJoin(users, eq(users.id, incomingTransfers.userId))
      .where(eq(incomingTransfers.status, 'held'))
      .orderBy(asc(incomingTransfers.receivedAt))
      .limit(ADMIN_LIST_LIMIT);
    return rows.map((row) => ({
      ...row,
      currency: row.currency as FiatAsset,
      amount: formatDecimal(row.amount),
      reason: row.reason!,
      receivedAt: row.receivedAt.toISOString(),
    }));
  }

  /** The held transfer, locked until the review commits: of two admins deciding at once, one finds it decided. */
  async function lockHeld(tx: Db, id: string) {
    if (!UUID.test(id)) throw new ApiError('held_transfer_not_found');
    const [row] = await tx.select().from(incomingTransfers).where(eq(incomingTransfers.id, id)).for('update');
    if (!row) throw new ApiError('held_transfer_not_found');
    if (row.status !== 'held') throw new ApiError('transfer_already_reviewed');
    return row;
  }

  async function assign(tx: Db, adminId: string, id: string, body: AssignHeldTransferBody, requestId: string): Promise<ReviewedTransfer> {
    const transfer = await lockHeld(tx, id);
    const [customer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, body.email), eq(users.role, 'customer')));
    if (!customer) throw new ApiError('customer_not_found');
    const { transactionId, accountId } = await creditTopUp(tx, clock, {
      userId: customer.id,
      asset: transfer.currency as FiatAsset,
      amount: formatDecimal(transfer.amount),
      kind: 'deposit',
      activity: { type: 'deposit', counterparty: transfer.senderName, reference: transfer.reference },
    });
    await tx
      .update(incomingTransfers)
      .set({ status: 'assigned', userId: customer.id, transactionId, reviewedAt: clock() })
      .where(eq(incomingTransfers.id, id));
    await simulation.record(tx, {
      adminId,
      action: 'held_transfer_assigned',
      requestId,
      targetUserId: customer.id,
      targetAccountId: accountId,
      transactionId,
      details: { transfer: id, amount: formatDecimal(transfer.amount), asset: transfer.currency },
      reason: body.reason,
    });
    return { id, status: 'assigned', transactionId };
  }

  async function returnToSender(tx: Db, adminId: string, id: string, reason: string, requestId: string): Promise<ReviewedTransfer> {
    const transfer = await lockHeld(tx, id);
    await tx.update(incomingTransfers).set({ status: 'returned', reviewedAt: clock() }).where(eq(incomingTransfers.id, id));
    await simulation.record(tx, {
      adminId,
      action: 'held_transfer_returned',
      requestId,
      targetUserId: transfer.userId,
      details: { transfer: id, amount: formatDecimal(transfer.amount), asset: transfer.currency, sender: transfer.senderName },
      reason,
    });
    return { id, status: 'returned', transactionId: null };
  }

  return { details, receive, held, assign, returnToSender };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FiatTopUpService = ReturnType<typeof createFiatTopUpService>;
