import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { checkBankAccount } from '../../contract/bankAccount';
import { add, compare, formatDecimal, isPositive, negate, subtract } from '../../contract/decimal';
import { fitsAssetDecimals } from '../../contract/assets';
import { formatAmount } from '../../contract/money';
import {
  MINIMUM_PAYOUT,
  PAYOUT_FEE,
  PAYOUT_QUOTE_SECONDS,
  type AddBeneficiaryBody,
  type Beneficiaries,
  type Beneficiary,
  type Payout,
  type PayoutCurrency,
  type PayoutQuote,
  type PayoutQuoteBody,
  type PayoutReturnReason,
  type Payouts,
} from '../../contract/payouts';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, activities, beneficiaries, ledgerEntries, payoutBatches, payoutQuotes, payouts } from '../db/schema';
import { ApiError } from '../errors';
import { post, systemAccountId } from '../services/ledger';
import type { LimitService } from '../services/limits';
import { withdrawalAddressAddedNotice, withdrawalRequestedNotice } from '../services/notices';
import type { Outbox } from '../services/outbox';
import { noticeRecipient } from '../services/recipient';
import { recordSecurityEvent } from '../services/security-log';
import type { StepUpService } from '../services/step-up';
import type { ClientInfo, Principal } from '../services/tokens';
import type { PayoutRail } from './rails';

/** What the notices call the rail the money goes by. */
const RAIL_NAME = 'SEPA';
/** The most payouts one batch (one file) carries; more wait for the next round. */
export const BATCH_SIZE = 500;

const isUuid = (id: string) => z.uuid().safeParse(id).success;

/**
 * When a SEPA credit transfer made at `at` is expected on the bank account: the next business day
 * (D+1, Monday to Friday; TARGET2 holidays are not counted, so the estimate is early on those).
 */
export function sepaArrival(at: Date): Date {
  const next = new Date(at.getTime() + 86_400_000);
  while (next.getUTCDay() === 0 || next.getUTCDay() === 6) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

type BeneficiaryRow = typeof beneficiaries.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;

const toBeneficiary = (row: BeneficiaryRow): Beneficiary => ({
  id: row.id,
  holderName: row.holderName,
  iban: row.iban,
  bic: row.bic,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  usableAt: row.usableAt.toISOString(),
});

const toPayout = (row: PayoutRow): Payout => ({
  id: row.id,
  currency: row.currency as PayoutCurrency,
  holderName: row.holderName,
  iban: row.iban,
  bic: row.bic,
  amount: formatDecimal(row.amount),
  fee: formatDecimal(row.fee),
  received: formatDecimal(subtract(row.amount, row.fee)),
  status: row.status,
  arrivesBy: row.arrivesBy.toISOString(),
  returnReason: row.returnReason,
  activityId: row.activityId,
  createdAt: row.createdAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
});

/** Every account's net amount over the entries, without the accounts that net to zero. */
function netted(entries: readonly { accountId: string; amount: string }[]): { accountId: string; amount: string }[] {
  const sums = new Map<string, string>();
  for (const entry of entries) sums.set(entry.accountId, add(sums.get(entry.accountId) ?? '0', entry.amount));
  return [...sums].filter(([, amount]) => compare(amount, '0') !== 0).map(([accountId, amount]) => ({ accountId, amount }));
}

export interface PayoutServiceDeps {
  db: Db;
  clock: Clock;
  limits: Pick<LimitService, 'assertWithinLimit'>;
  stepUp: Pick<StepUpService, 'consume'>;
  outbox: Pick<Outbox, 'enqueue' | 'deliverPending'>;
  /** None: no rail is configured, payouts are off (`withdrawals_unavailable`). */
  rail: PayoutRail | undefined;
  /** The address book's: a new beneficiary can be paid this long after it was added. */
  coolingOffSeconds: number;
}

/**
 * Bank payouts: the beneficiary book (the crypto address book's rules: a step-up to add, a cooling-off
 * period, a notice), the quote with the fee and arrival estimate, the payout (the customer's fiat
 * account pays the `payouts_in_transit` system account, the fee goes to revenue), the rail's rounds
 * (batches handed to the bank; on the simulated rail, settlement at the estimate) and the return, a
 * compensating ledger transaction with the bank's reason.
 */
export function createPayoutService({ db, clock, limits, stepUp, outbox, rail, coolingOffSeconds }: PayoutServiceDeps) {
  async function list(userId: string): Promise<Beneficiaries> {
    const rows = await db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.userId, userId))
      .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id));
    return { beneficiaries: rows.map(toBeneficiary), coolingOffSeconds };
  }

  /** Another customer's id and a made-up one are the same `beneficiary_not_found`. */
  async function ownBeneficiary(userId: string, id: string): Promise<BeneficiaryRow> {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(beneficiaries)
          .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
      : [];
    if (!row) throw new ApiError('beneficiary_not_found');
    return row;
  }

  /** The account is checked before the step-up grant is touched, so a typo does not spend it. */
  async function addBeneficiary(principal: Principal, body: AddBeneficiaryBody, client: ClientInfo): Promise<Beneficiary> {
    const account = checkBankAccount(body);
    if (!account.ok) throw new ApiError(account.code);
    const added = await db.transaction(async (tx) => {
      await stepUp.consume(tx, principal, 'withdrawal.address');
      const now = clock();
      const [row] = await tx
        .insert(beneficiaries)
        .values({
          id: randomUUID(),
          userId: principal.userId,
          holderName: body.holderName,
          iban: account.iban,
          bic: account.bic,
          label: body.label,
          createdAt: now,
          usableAt: addSeconds(now, coolingOffSeconds),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ApiError('beneficiary_exists');
      // The address book's security event and notice: a stranger's bank account is noticed within its cooling-off period.
      await recordSecurityEvent(tx, now, principal.userId, { kind: 'withdrawal_address_added', client, detail: row.iban });
      const to = await noticeRecipient(tx, principal.userId);
      await outbox.enqueue(
        tx,
        withdrawalAddressAddedNotice(to.email, to.language, { address: row.iban, network: RAIL_NAME, usableAt: row.usableAt }),
      );
      return toBeneficiary(row);
    });
    await outbox.deliverPending();
    return added;
  }

  async function label(userId: string, id: string, text: string): Promise<Beneficiary> {
    const row = await ownBeneficiary(userId, id);
    const [updated] = await db.update(beneficiaries).set({ label: text }).where(eq(beneficiaries.id, row.id)).returning();
    return toBeneficiary(updated!);
  }

  async function remove(userId: string, id: string): Promise<Beneficiaries> {
    const row = await ownBeneficiary(userId, id);
    await db.delete(beneficiaries).where(eq(beneficiaries.id, row.id));
    return list(userId);
  }

  /** The balance covers `amount` and the level's withdrawal limit allows it; asked by the quote and again before the step-up is spent. */
  async function assertCovered(tx: Db, userId: string, currency: PayoutCurrency, amount: string): Promise<{ id: string }> {
    const [account] = await tx
      .select({ id: accounts.id, balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'fiat'), eq(accounts.currency, currency)));
    if (!account || compare(formatDecimal(account.balance), amount) < 0) throw new ApiError('insufficient_funds');
    await limits.assertWithinLimit(tx, userId, 'withdrawal', currency, amount);
    return { id: account.id };
  }

  async function quote(userId: string, body: PayoutQuoteBody): Promise<PayoutQuote> {
    const beneficiary = await ownBeneficiary(userId, body.beneficiaryId);
    const now = clock();
    if (beneficiary.usableAt > now) {
      throw new ApiError('beneficiary_cooling_off', undefined, { fields: { usableAt: beneficiary.usableAt.toISOString() } });
    }
    if (!rail) throw new ApiError('withdrawals_unavailable');
    // Past 20 integer digits no ledger keeps it; decimals of any length reach the precision check.
    if (!isPositive(body.amount) || body.amount.split('.')[0]!.length > 20) throw new ApiError('amount_invalid');
    if (!fitsAssetDecimals(body.amount, body.currency)) throw new ApiError('amount_too_precise');
    const minimum = MINIMUM_PAYOUT[body.currency];
    if (compare(body.amount, minimum) < 0) throw new ApiError('amount_too_small', undefined, { fields: { minimum } });
    const amount = formatDecimal(body.amount);
    const fee = formatDecimal(PAYOUT_FEE[body.currency]);
    const account = await db.transaction((tx) => assertCovered(tx, userId, body.currency, amount));
    const [row] = await db
      .insert(payoutQuotes)
      .values({
        id: randomUUID(),
        userId,
        accountId: account.id,
        currency: body.currency,
        beneficiaryId: beneficiary.id,
        holderName: beneficiary.holderName,
        iban: beneficiary.iban,
        bic: beneficiary.bic,
        amount,
        fee,
        arrivesBy: sepaArrival(now),
        createdAt: now,
        expiresAt: addSeconds(now, PAYOUT_QUOTE_SECONDS),
      })
      .returning();
    return {
      id: row!.id,
      currency: body.currency,
      beneficiaryId: beneficiary.id,
      holderName: beneficiary.holderName,
      iban: beneficiary.iban,
      amount,
      fee,
      received: formatDecimal(subtract(amount, fee)),
      minimum: formatDecimal(minimum),
      arrivesBy: row!.arrivesBy.toISOString(),
      expiresAt: row!.expiresAt.toISOString(),
    };
  }

  /**
   * Holds the quote's amount in transit, once: the quote row is locked first, so of two confirms of one
   * quote the second waits and finds it used. Funds and limit are checked before the step-up (as a
   * withdrawal's), so `step_up_required` only comes for a payout that would go through; the grant is
   * spent in the same database transaction, and the arrival estimate is made again from now.
   */
  async function pay(tx: Db, principal: Principal, quoteId: string, idempotencyKey: string, client: ClientInfo): Promise<Payout> {
    const { userId } = principal;
    const [row] = await tx.select().from(payoutQuotes).where(eq(payoutQuotes.id, quoteId)).for('update');
    if (!row || row.userId !== userId) throw new ApiError('quote_not_found');
    if (row.usedAt) throw new ApiError('quote_used');
    const now = clock();
    if (row.expiresAt <= now) throw new ApiError('quote_expired');
    const currency = row.currency as PayoutCurrency;
    const amount = formatDecimal(row.amount);
    const fee = formatDecimal(row.fee);
    await assertCovered(tx, userId, currency, amount);
    await stepUp.consume(tx, principal, 'withdrawal');
    const holdTransactionId = await post(tx, {
      kind: 'withdrawal',
      userId,
      idempotencyKey,
      at: now,
      entries: [
        { accountId: row.accountId, amount: negate(amount) },
        { accountId: await systemAccountId(tx, currency, 'payouts_in_transit'), amount: subtract(amount, fee) },
        ...(compare(fee, '0') > 0 ? [{ accountId: await systemAccountId(tx, currency, 'revenue'), amount: fee }] : []),
      ],
      activities: [
        {
          accountId: row.accountId,
          type: 'withdrawal',
          status: 'pending',
          counterparty: row.holderName,
          reference: row.iban,
          amount: negate(amount),
        },
      ],
    });
    const [activity] = await tx.select({ id: activities.id }).from(activities).where(eq(activities.transactionId, holdTransactionId));
    const [created] = await tx
      .insert(payouts)
      .values({
        id: randomUUID(),
        userId,
        quoteId: row.id,
        accountId: row.accountId,
        currency,
        holderName: row.holderName,
        iban: row.iban,
        bic: row.bic,
        amount,
        fee,
        status: 'pending',
        arrivesBy: sepaArrival(now),
        activityId: activity!.id,
        holdTransactionId,
        createdAt: now,
      })
      .returning();
    await tx.update(payoutQuotes).set({ usedAt: now }).where(eq(payoutQuotes.id, row.id));
    await recordSecurityEvent(tx, now, userId, { kind: 'withdrawal_requested', client, detail: `${amount} ${currency} → ${row.iban}` });
    const to = await noticeRecipient(tx, userId);
    await outbox.enqueue(
      tx,
      withdrawalRequestedNotice(to.email, to.language, {
        amount: formatAmount(amount, currency, to.language),
        address: row.iban,
        network: RAIL_NAME,
      }),
    );
    return toPayout(created!);
  }

  async function history(userId: string): Promise<Payouts> {
    const rows = await db
      .select()
      .from(payouts)
      .where(eq(payouts.userId, userId))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(50);
    return { payouts: rows.map(toPayout) };
  }

  async function ownPayout(on: Db, userId: string, id: string, lock: boolean): Promise<PayoutRow> {
    const query = isUuid(id)
      ? on
          .select()
          .from(payouts)
          .where(and(eq(payouts.id, id), eq(payouts.userId, userId)))
      : undefined;
    const [row] = query ? await (lock ? query.for('update') : query) : [];
    if (!row) throw new ApiError('payout_not_found');
    return row;
  }

  const get = async (userId: string, id: string): Promise<Payout> => toPayout(await ownPayout(db, userId, id, false));

  const entriesOf = (tx: Db, transactionId: string) =>
    tx
      .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, transactionId));

  /**
   * The bank sent the payout back: one compensating transaction returns the whole amount (the fee too)
   * from wherever the money is now — in transit, or outside once settled (the hold and the settlement
   * negated and netted) — and the activity says it was returned. The caller holds the payout's row lock; a
   * second return finds it `returned` (and `return_transaction_id` is unique besides).
   */
  async function returnLocked(tx: Db, row: PayoutRow, reason: PayoutReturnReason): Promise<PayoutRow> {
    if (row.status === 'returned') throw new ApiError('payout_returned');
    const moved = [
      ...(await entriesOf(tx, row.holdTransactionId)),
      ...(row.settleTransactionId ? await entriesOf(tx, row.settleTransactionId) : []),
    ];
    const now = clock();
    const returnTransactionId = await post(tx, {
      kind: 'reversal',
      userId: row.userId,
      at: now,
      entries: netted(moved.map((entry) => ({ accountId: entry.accountId, amount: negate(formatDecimal(entry.amount)) }))),
    });
    const [returned] = await tx
      .update(payouts)
      .set({ status: 'returned', returnTransactionId, returnReason: reason, settledAt: now })
      .where(eq(payouts.id, row.id))
      .returning();
    await tx.update(activities).set({ status: 'returned' }).where(eq(activities.id, row.activityId));
    return returned!;
  }

  /** The simulated bank's return (demo mode; the route is mounted nowhere else), in the request's transaction with its Idempotency-Key. */
  async function simulateReturn(tx: Db, userId: string, id: string, reason: PayoutReturnReason): Promise<Payout> {
    return toPayout(await returnLocked(tx, await ownPayout(tx, userId, id, true), reason));
  }

  /**
   * One round of the rail, safe on several instances at once (rows taken with SKIP LOCKED): the held
   * payouts are recorded in one batch, and after that commit every batch not yet handed over goes to the
   * rail. A batch's payouts are fixed before the bank sees them, so a failed hand-over or mark is tried
   * again with the same batch (the rail takes it twice without paying twice), never a new one. On the
   * simulated rail, then, those due are settled: out of transit, to the external account; the activity
   * completes. Answers how many were handed over and settled.
   */
  async function runRail(): Promise<{ sent: number; settled: number }> {
    if (!rail) return { sent: 0, settled: 0 };
    await db.transaction(async (tx) => {
      const held = await tx
        .select()
        .from(payouts)
        .where(eq(payouts.status, 'pending'))
        .orderBy(asc(payouts.createdAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (held.length === 0) return;
      const id = randomUUID();
      await tx.insert(payoutBatches).values({
        id,
        createdAt: clock(),
        rail: rail.name,
        count: held.length,
        total: held.reduce((sum, row) => add(sum, subtract(row.amount, row.fee)), '0'),
      });
      await tx
        .update(payouts)
        .set({ status: 'sent', batchId: id })
        .where(
          inArray(
            payouts.id,
            held.map((row) => row.id),
          ),
        );
    });
    let sent = 0;
    const waiting = await db.select().from(payoutBatches).where(isNull(payoutBatches.handedOverAt)).orderBy(asc(payoutBatches.createdAt));
    for (const batch of waiting) sent += await handOver(rail, batch);
    let settled = 0;
    if (rail.settlesAtArrival) {
      const due = await db
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.status, 'sent'), lte(payouts.arrivesBy, clock())))
        .limit(BATCH_SIZE);
      for (const { id } of due) if (await db.transaction((tx) => settle(tx, id))) settled += 1;
    }
    return { sent, settled };
  }

  /** Gives one recorded batch to the rail and marks it handed over; answers its number of payouts. */
  async function handOver(to: PayoutRail, batch: typeof payoutBatches.$inferSelect): Promise<number> {
    const rows = await db.select().from(payouts).where(eq(payouts.batchId, batch.id)).orderBy(asc(payouts.createdAt), asc(payouts.id));
    await to.send({
      id: batch.id,
      createdAt: batch.createdAt,
      transfers: rows.map((row) => ({ ...row, amount: subtract(row.amount, row.fee) })),
    });
    await db.update(payoutBatches).set({ handedOverAt: clock() }).where(eq(payoutBatches.id, batch.id));
    return rows.length;
  }

  /** Moves one sent payout out of transit, under its row lock (another instance's round may have settled or a return come first). */
  async function settle(tx: Db, id: string): Promise<boolean> {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update', { skipLocked: true });
    if (!row || row.status !== 'sent') return false;
    // The shard of in transit the hold paid (the fee's entry went to revenue).
    const [inTransit] = await tx
      .select({ accountId: ledgerEntries.accountId })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerEntries.transactionId, row.holdTransactionId), eq(accounts.systemRole, 'payouts_in_transit')));
    const received = subtract(row.amount, row.fee);
    const now = clock();
    const settleTransactionId = await post(tx, {
      kind: 'withdrawal',
      userId: null,
      at: now,
      entries: [
        { accountId: inTransit!.accountId, amount: negate(received) },
        { accountId: await systemAccountId(tx, row.currency as PayoutCurrency), amount: received },
      ],
    });
    await tx.update(payouts).set({ status: 'settled', settleTransactionId, settledAt: now }).where(eq(payouts.id, row.id));
    await tx.update(activities).set({ status: 'completed' }).where(eq(activities.id, row.activityId));
    return true;
  }

  return {
    list,
    add: addBeneficiary,
    label,
    remove,
    quote,
    pay,
    history,
    get,
    simulateReturn,
    runRail,
    deliverNotices: outbox.deliverPending,
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
