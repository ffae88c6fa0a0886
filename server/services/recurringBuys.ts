import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { fitsAssetDecimals, type Asset, type CryptoAsset, type FiatAsset } from '../../contract/assets';
import { formatDecimal } from '../../contract/decimal';
import {
  RECURRING_BUYS_MAX,
  RECURRING_RUNS_SHOWN,
  type CreateRecurringBuyBody,
  type RecurringBuy,
  type RecurringBuys,
} from '../../contract/recurringBuys';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, recurringBuyRuns, recurringBuys } from '../db/schema';
import { databaseFault } from '../db/faults';
import { ApiError } from '../errors';
import { describeError, type Logger } from '../logger';
import { addDays, isDue, localDay, nextDue } from '../../contract/recurringCalendar';
import type { StepUpService } from './step-up';
import type { Principal } from './tokens';
import type { createTransferService } from './transfers';

type PlanRow = typeof recurringBuys.$inferSelect;

export interface RecurringBuyDeps {
  db: Db;
  clock: Clock;
  stepUp: Pick<StepUpService, 'consume'>;
  transfers: Pick<ReturnType<typeof createTransferService>, 'quote' | 'transfer'>;
  logger: Logger;
}

/** The exchange of one run: its Idempotency-Key, the ledger's own guard against a second posting. */
export const runKey = (planId: string, day: string) => `recurring:${planId}:${day}`;

/**
 * Recurring buys (contract/recurringBuys.ts). `runDue` is the job: for each active plan due today in its
 * time zone (by the server's clock), one run. A run is exactly once whatever the number of instances
 * running the job and however often: the plan's row is locked, a (plan, day) row already there ends it,
 * and the exchange carries the Idempotency-Key `recurring:<plan>:<day>`, which the ledger posts once.
 */
export function createRecurringBuyService({ db, clock, stepUp, transfers, logger }: RecurringBuyDeps) {
  async function toPlan(row: PlanRow, on: Db = db): Promise<RecurringBuy> {
    const runs = await on
      .select()
      .from(recurringBuyRuns)
      .where(eq(recurringBuyRuns.planId, row.id))
      .orderBy(desc(recurringBuyRuns.period))
      .limit(RECURRING_RUNS_SHOWN);
    const [from, to] = await Promise.all(
      [row.fromAccountId, row.toAccountId].map(
        async (id) => (await on.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, id)))[0]!,
      ),
    );
    const today = localDay(clock(), row.timeZone);
    // A day already run (today's, or an early one of demo mode's) is not the next one.
    const after = runs[0] && runs[0].period >= today ? addDays(runs[0].period, 1) : today;
    return {
      id: row.id,
      fromAccountId: row.fromAccountId,
      toAccountId: row.toAccountId,
      fromAsset: from!.currency as FiatAsset,
      toAsset: to!.currency as CryptoAsset,
      amount: formatDecimal(row.amount),
      frequency: row.frequency,
      dayOfWeek: row.dayOfWeek,
      dayOfMonth: row.dayOfMonth,
      timeZone: row.timeZone,
      status: row.status,
      nextRun: row.status === 'active' ? nextDue(row, row.startsOn > after ? row.startsOn : after) : null,
      runs: runs.map((run) => ({
        period: run.period,
        status: run.status,
        reason: run.reason,
        transactionId: run.transactionId,
        at: run.createdAt.toISOString(),
      })),
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function list(userId: string): Promise<RecurringBuys> {
    const rows = await db.select().from(recurringBuys).where(eq(recurringBuys.userId, userId)).orderBy(desc(recurringBuys.createdAt));
    return { plans: await Promise.all(rows.map((row) => toPlan(row))) };
  }

  /** One of the customer's own accounts of this kind; anything else is `account_not_found`, whoever owns it. */
  async function accountOf(tx: Db, userId: string, id: string) {
    const [row] = await tx
      .select({ kind: accounts.kind, currency: accounts.currency })
      .from(accounts)
      .where(and(eq(accounts.id, id), eq(accounts.userId, userId), inArray(accounts.kind, ['fiat', 'crypto'])));
    if (!row) throw new ApiError('account_not_found');
    return row;
  }

  /**
   * Sets up a plan, spending the `recurring_buy` step-up that authorises all its runs; `into` is the
   * transaction that also records the request's Idempotency-Key.
   */
  async function create(principal: Principal, body: CreateRecurringBuyBody, into: Db = db): Promise<RecurringBuy> {
    const { userId } = principal;
    return into.transaction(async (tx) => {
      // Serialises one customer's set-ups, so two at once cannot both pass the count. NO KEY UPDATE: the
      // Idempotency-Key row already holds a key-share lock on the user (its foreign key), which FOR UPDATE
      // would wait on, so two set-ups under different keys would deadlock.
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
      const from = await accountOf(tx, userId, body.fromAccountId);
      const to = await accountOf(tx, userId, body.toAccountId);
      if (from.kind !== 'fiat' || to.kind !== 'crypto') throw new ApiError('transfer_pair_invalid');
      if (!fitsAssetDecimals(body.amount, from.currency as Asset)) throw new ApiError('amount_too_precise');
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(recurringBuys)
        .where(and(eq(recurringBuys.userId, userId), ne(recurringBuys.status, 'cancelled')));
      if (n >= RECURRING_BUYS_MAX) throw new ApiError('recurring_buys_full');
      await stepUp.consume(tx, principal, 'recurring_buy');
      const now = clock();
      const [row] = await tx
        .insert(recurringBuys)
        .values({
          id: randomUUID(),
          userId,
          fromAccountId: body.fromAccountId,
          toAccountId: body.toAccountId,
          amount: body.amount,
          frequency: body.frequency,
          dayOfWeek: body.frequency === 'weekly' ? body.dayOfWeek : null,
          dayOfMonth: body.frequency === 'monthly' ? body.dayOfMonth : null,
          timeZone: body.timeZone,
          status: 'active',
          startsOn: addDays(localDay(now, body.timeZone), 1),
          createdAt: now,
        })
        .returning();
      return toPlan(row!, tx);
    });
  }

  /** Pauses, resumes or cancels the customer's own plan; a cancelled one stays so. */
  async function setStatus(userId: string, id: string, status: 'active' | 'paused' | 'cancelled'): Promise<RecurringBuy> {
    if (!z.uuid().safeParse(id).success) throw new ApiError('recurring_buy_not_found');
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(recurringBuys)
        .where(and(eq(recurringBuys.id, id), eq(recurringBuys.userId, userId)))
        .for('update');
      if (!row) throw new ApiError('recurring_buy_not_found');
      if (row.status === 'cancelled' && status !== 'cancelled') throw new ApiError('recurring_buy_cancelled');
      const [updated] = await tx.update(recurringBuys).set({ status }).where(eq(recurringBuys.id, id)).returning();
      return toPlan(updated!, tx);
    });
  }

  /**
   * One run of the plan for `day`. The quote is asked first, outside the transaction (the embedded
   * database has one connection: a query beside an open transaction would wait for itself); then, with
   * the plan's row locked, a run already recorded or a plan no longer active ends it, and the exchange
   * goes in a savepoint, so a refusal (funds short, limit reached) is recorded as a skip with a notice.
   */
  async function run(plan: PlanRow, day: string): Promise<'bought' | 'skipped' | 'none'> {
    const ask = {
      fromAccountId: plan.fromAccountId,
      toAccountId: plan.toAccountId,
      side: 'in' as const,
      amount: formatDecimal(plan.amount),
    };
    const quote = await transfers.quote(plan.userId, ask).catch((error: unknown) => {
      if (error instanceof ApiError) return error;
      throw error;
    });
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: recurringBuys.status })
        .from(recurringBuys)
        .where(eq(recurringBuys.id, plan.id))
        .for('update');
      if (locked?.status !== 'active') return 'none';
      const [done] = await tx
        .select({ status: recurringBuyRuns.status })
        .from(recurringBuyRuns)
        .where(and(eq(recurringBuyRuns.planId, plan.id), eq(recurringBuyRuns.period, day)));
      if (done) return 'none';
      let outcome: { transactionId: string } | { reason: string };
      if (quote instanceof ApiError) outcome = { reason: quote.code };
      else if (!quote.fundsSufficient) outcome = { reason: 'insufficient_funds' };
      else {
        outcome = await tx
          .transaction((savepoint) => transfers.transfer(savepoint, plan.userId, quote.id, runKey(plan.id, day)))
          .then(
            ({ transactionId }) => ({ transactionId }),
            (error: unknown) => {
              if (error instanceof ApiError) return { reason: error.code };
              throw error;
            },
          );
      }
      const at = clock();
      if ('transactionId' in outcome) {
        await tx
          .insert(recurringBuyRuns)
          .values({ planId: plan.id, period: day, status: 'bought', transactionId: outcome.transactionId, createdAt: at });
        return 'bought';
      }
      await tx.insert(recurringBuyRuns).values({ planId: plan.id, period: day, status: 'skipped', reason: outcome.reason, createdAt: at });
      await tx.execute(sql`
        SELECT notify_customer(${plan.userId}, 'recurring_buy_skipped',
          jsonb_build_object('amount', ${formatDecimal(plan.amount)}::text, 'currency', a.currency), ${at})
        FROM accounts a WHERE a.id = ${plan.fromAccountId}`);
      return 'skipped';
    });
  }

  /** The job's round: every active plan due today in its time zone runs once. Answers how many ran. */
  async function runDue(): Promise<number> {
    const now = clock();
    const plans = await db.select().from(recurringBuys).where(eq(recurringBuys.status, 'active'));
    let ran = 0;
    for (const plan of plans) {
      const day = localDay(now, plan.timeZone);
      if (day < plan.startsOn || !isDue(plan, day)) continue;
      // One plan's failure never stops the others'; a database fault ends the round (the driver backs off).
      const outcome = await run(plan, day).catch((error: unknown) => {
        if (databaseFault(error)) throw error;
        logger.error('recurring_buys.run_failed', { plan: plan.id, day, ...describeError(error) });
        return 'none' as const;
      });
      if (outcome !== 'none') ran += 1;
    }
    return ran;
  }

  /**
   * Demo mode: the plan's next run now, as the job would run it on its day, so a customer (and the e2e
   * journey) sees a run without waiting for it. The same `run`, so still once per (plan, day).
   */
  async function runNext(userId: string, id: string): Promise<RecurringBuy> {
    if (!z.uuid().safeParse(id).success) throw new ApiError('recurring_buy_not_found');
    const [row] = await db
      .select()
      .from(recurringBuys)
      .where(and(eq(recurringBuys.id, id), eq(recurringBuys.userId, userId)));
    if (!row) throw new ApiError('recurring_buy_not_found');
    const { nextRun } = await toPlan(row);
    if (nextRun) await run(row, nextRun);
    const [after] = await db.select().from(recurringBuys).where(eq(recurringBuys.id, id));
    return toPlan(after!);
  }

  return { list, create, setStatus, runDue, runNext };
}

export type RecurringBuyService = ReturnType<typeof createRecurringBuyService>;
