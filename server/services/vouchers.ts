import { and, count, eq, gt, max } from 'drizzle-orm';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { fitsAssetDecimals, type Asset } from '../../contract/assets';
import type { CreatedVoucher, CreateVoucherBody, VoucherRedemption } from '../../contract/inject';
import {
  formatVoucherCode,
  normalizeVoucherCode,
  VOUCHER_ALPHABET,
  VOUCHER_CODE_LENGTH,
  voucherCheckCharacter,
} from '../../contract/voucherCode';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { voucherFailures, vouchers } from '../db/schema';
import { ApiError } from '../errors';
import { formatDecimal } from '../../contract/decimal';
import type { SimulationService } from './simulation';
import { creditTopUp } from './top-up';

/** Refused codes that lock the customer, or the address, out; counted over the window, locked as long. */
export const VOUCHER_FAILURE_LIMIT = 5;
export const VOUCHER_LOCK_SECONDS = 15 * 60;
/** The furthest expiry an admin may give a code. */
const MAX_VALIDITY_MS = 366 * 24 * 60 * 60 * 1000;

/** What the customer's activity names as the sender of a voucher's money. */
export const VOUCHER_COUNTERPARTY = 'Meridian voucher';

/** The codes a refusal counts for the lock-out: a wrong guess, not a limit or a stale rate. */
const GUESS_REFUSALS = new Set(['voucher_unknown', 'voucher_used', 'voucher_expired']);
export const isVoucherGuessRefusal = (error: unknown) => error instanceof ApiError && GUESS_REFUSALS.has(error.code);

/** Only this is kept of a code: SHA-256 of its normalized form (75 random bits make guessing by hash hopeless). */
const hashOf = (code: string) => createHash('sha256').update(normalizeVoucherCode(code)).digest('hex');

function newCode(): string {
  let data = '';
  for (let i = 0; i < VOUCHER_CODE_LENGTH - 1; i++) data += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return data + voucherCheckCharacter(data);
}

/**
 * Voucher codes: admins create them (the code shown once, its hash kept), customers redeem them once.
 * Refused codes lock the customer and their address out for 15 minutes after the fifth in 15 minutes.
 */
export function createVoucherService(db: Db, clock: Clock, simulation: Pick<SimulationService, 'record'>) {
  async function create(tx: Db, adminId: string, body: CreateVoucherBody, requestId: string): Promise<CreatedVoucher> {
    const now = clock();
    const expiresAt = new Date(body.expiresAt);
    if (expiresAt <= now || expiresAt.getTime() - now.getTime() > MAX_VALIDITY_MS) throw new ApiError('voucher_expiry_invalid');
    if (!fitsAssetDecimals(body.amount, body.currency)) throw new ApiError('amount_too_precise');
    const id = randomUUID();
    const code = newCode();
    await tx.insert(vouchers).values({
      id,
      codeHash: hashOf(code),
      amount: body.amount,
      currency: body.currency,
      expiresAt,
      createdBy: adminId,
      createdAt: now,
    });
    // The audit row names the voucher, never its code.
    await simulation.record(tx, {
      adminId,
      action: 'voucher_created',
      requestId,
      details: { voucher: id, amount: body.amount, asset: body.currency, expiresAt: expiresAt.toISOString() },
    });
    return { id, code: formatVoucherCode(code), amount: body.amount, currency: body.currency, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Credits the code's amount once. The voucher row is locked first: of two redemptions at once, the
   * second waits, then finds it used. Runs in the request's transaction `tx`.
   */
  async function redeem(tx: Db, userId: string, typed: string, idempotencyKey: string): Promise<VoucherRedemption> {
    const [voucher] = await tx
      .select()
      .from(vouchers)
      .where(eq(vouchers.codeHash, hashOf(typed)))
      .for('update');
    if (!voucher) throw new ApiError('voucher_unknown');
    if (voucher.redeemedAt) throw new ApiError('voucher_used');
    if (voucher.expiresAt <= clock()) throw new ApiError('voucher_expired');
    const amount = formatDecimal(voucher.amount);
    const asset = voucher.currency as Asset;
    const { transactionId, accountId } = await creditTopUp(tx, clock, {
      userId,
      asset,
      amount,
      kind: 'voucher',
      idempotencyKey,
      activity: { type: 'voucher_redeemed', counterparty: VOUCHER_COUNTERPARTY },
    });
    await tx.update(vouchers).set({ redeemedBy: userId, redeemedAt: clock(), transactionId }).where(eq(vouchers.id, voucher.id));
    return { amount, currency: asset, accountId, transactionId };
  }

  /** The seconds the customer or the address must still wait, or 0. */
  async function lockedFor(userId: string, ip: string): Promise<number> {
    const waits = await Promise.all([lockOf(eq(voucherFailures.userId, userId)), lockOf(eq(voucherFailures.ip, ip))]);
    return Math.max(...waits);
  }

  /** Locked when the last failure ended a run of five within 15 minutes, for 15 minutes from it. */
  async function lockOf(whose: ReturnType<typeof eq>): Promise<number> {
    const now = clock();
    const since = new Date(now.getTime() - 2 * VOUCHER_LOCK_SECONDS * 1000);
    const [latest] = await db
      .select({ at: max(voucherFailures.createdAt) })
      .from(voucherFailures)
      .where(and(whose, gt(voucherFailures.createdAt, since)));
    const last = latest?.at ? new Date(latest.at) : null;
    if (!last) return 0;
    const lockEnds = last.getTime() + VOUCHER_LOCK_SECONDS * 1000;
    if (lockEnds <= now.getTime()) return 0;
    const windowStart = new Date(last.getTime() - VOUCHER_LOCK_SECONDS * 1000);
    const [run] = await db
      .select({ n: count() })
      .from(voucherFailures)
      .where(and(whose, gt(voucherFailures.createdAt, windowStart)));
    return (run?.n ?? 0) >= VOUCHER_FAILURE_LIMIT ? Math.ceil((lockEnds - now.getTime()) / 1000) : 0;
  }

  /** Refuses while the customer or the address is locked out (`rate_limited`, `Retry-After`). */
  async function refuseWhileLocked(userId: string, ip: string): Promise<void> {
    const wait = await lockedFor(userId, ip);
    if (wait > 0) throw new ApiError('rate_limited', 'Too many voucher codes were refused; try again later.', { retryAfter: wait });
  }

  /** A refused code, written outside the refused request's transaction (which rolls back). */
  async function countFailure(userId: string, ip: string): Promise<void> {
    await db.insert(voucherFailures).values({ userId, ip, createdAt: clock() });
  }

  return { create, redeem, refuseWhileLocked, countFailure };
}

export type VoucherService = ReturnType<typeof createVoucherService>;
