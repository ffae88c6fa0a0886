import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { assetInfo, type Asset } from '../../contract/assets';
import {
  QUOTE_FEE_PERCENT,
  QUOTE_FIRM_SECONDS,
  QUOTE_SPREAD_PERCENT,
  type Quote,
  type QuoteBody,
  type QuoteExpiry,
  type QuoteSide,
  type Transfer,
} from '../../contract/transfers';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, activities, quotes } from '../db/schema';
import { ApiError } from '../errors';
import { compare, formatDecimal, min, negate, subtract } from '../../contract/decimal';
import { post, systemAccountId } from './ledger';
import { quoteCost, quoteFigures } from './quote-math';
import type { LimitService } from './limits';
import type { RateService } from './rates';

type QuoteRow = typeof quotes.$inferSelect;

/** What the customer could do with a quote when it was asked for (a transfer checks both again). */
export interface Standing {
  fundsSufficient: boolean;
  limitLeftUsd: string;
}

export function toQuote(row: QuoteRow, { fundsSufficient, limitLeftUsd }: Standing): Quote {
  return {
    id: row.id,
    fromAccountId: row.fromAccountId,
    toAccountId: row.toAccountId,
    fromAsset: row.fromAsset as Asset,
    toAsset: row.toAsset as Asset,
    rate: formatDecimal(row.rate),
    spreadPercent: QUOTE_SPREAD_PERCENT,
    feePercent: QUOTE_FEE_PERCENT,
    fee: formatDecimal(row.fee),
    amountIn: formatDecimal(row.amountIn),
    amountOut: formatDecimal(row.amountOut),
    ...quoteCost(row.amountIn, row.fee, assetInfo(row.fromAsset as Asset)!.decimals),
    usdValue: formatDecimal(row.usdValue),
    fundsSufficient,
    limitLeftUsd,
    withinLimit: compare(row.usdValue, limitLeftUsd) <= 0,
    firmForSeconds: Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 1000),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Quotes and the transfers that use them (contract/transfers.ts). A quote is stored with its owner and
 * figures; a transfer posts exactly those figures, once, inside the idempotent request's transaction:
 * the customer's account pays the amount in, the fee goes to the revenue account and the rest to the
 * treasury of the paid asset, and the treasury of the other asset pays the amount out.
 */
export function createTransferService(db: Db, clock: Clock, rates: Pick<RateService, 'quote'>, limits: LimitService) {
  /** One of the customer's fiat or crypto accounts; anything else is `account_not_found`, whoever owns it. */
  async function accountOf(userId: string, id: string) {
    const [row] = await db
      .select({ id: accounts.id, kind: accounts.kind, currency: accounts.currency, balance: accounts.balance })
      .from(accounts)
      .where(and(eq(accounts.id, id), eq(accounts.userId, userId), inArray(accounts.kind, ['fiat', 'crypto']), isNotNull(accounts.userId)));
    if (!row) throw new ApiError('account_not_found');
    return { ...row, asset: row.currency as Asset };
  }

  /** What is left of the transfer limit today and this month, whichever is less. */
  async function limitLeft(userId: string, on: Db = db): Promise<string> {
    const { transfer } = await limits.remaining(userId, on);
    return min(transfer.monthly.left, transfer.daily.left);
  }

  async function quote(userId: string, body: QuoteBody): Promise<Quote> {
    const from = await accountOf(userId, body.fromAccountId);
    const to = await accountOf(userId, body.toAccountId);
    if (from.kind === to.kind) throw new ApiError('transfer_pair_invalid');
    const figures = quoteFigures({
      fromUsd: (await rates.quote(from.asset)).usd,
      toUsd: (await rates.quote(to.asset)).usd,
      fromDecimals: assetInfo(from.asset)!.decimals,
      toDecimals: assetInfo(to.asset)!.decimals,
      amount: body.amount,
      side: body.side,
    });
    const now = clock();
    const [row] = await db
      .insert(quotes)
      .values({
        id: randomUUID(),
        userId,
        fromAccountId: from.id,
        toAccountId: to.id,
        fromAsset: from.asset,
        toAsset: to.asset,
        ...figures,
        side: body.side,
        asked: body.amount,
        createdAt: now,
        expiresAt: new Date(now.getTime() + QUOTE_FIRM_SECONDS * 1000),
      })
      .returning();
    return toQuote(row!, { fundsSufficient: compare(from.balance, figures.amountIn) >= 0, limitLeftUsd: await limitLeft(userId) });
  }

  /**
   * A fresh quote for what the customer's own quote `quoteId` was asked for, or null when none can be
   * made now (an account gone, a stale rate, an amount the fee no longer leaves room for). Called after
   * a refusal, outside its rolled-back transaction, so the new quote is kept.
   */
  async function requote(userId: string, quoteId: string): Promise<Quote | null> {
    const [row] = await db
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)));
    if (!row) return null;
    const ask = { fromAccountId: row.fromAccountId, toAccountId: row.toAccountId, side: row.side as QuoteSide };
    return quote(userId, { ...ask, amount: formatDecimal(row.asked) }).catch((error: unknown) => {
      if (error instanceof ApiError) return null;
      throw error;
    });
  }

  /**
   * Moves money as the quote says. The quote row is locked first, so of two confirms of one quote (other
   * keys, other tabs) the second waits and then finds it used. Refused, nothing written: another
   * customer's or an unknown quote (`quote_not_found`), a used one, one past its expiry by this server's
   * clock, one past what is left of the transfer limit (`limit_exceeded`, checked with the customer
   * locked), a balance that no longer covers it (`insufficient_funds`, the database's own check).
   */
  async function transfer(tx: Db, userId: string, quoteId: string, idempotencyKey: string): Promise<Transfer> {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
    // A pay link's quote credits the requester's account: it pays that link (services/payLinks.ts), never a transfer.
    if (!row || row.userId !== userId || row.payLinkId !== null) throw new ApiError('quote_not_found');
    if (row.usedAt) throw new ApiError('quote_used');
    const now = clock();
    if (row.expiresAt.getTime() <= now.getTime()) throw new ApiError('quote_expired');

    const fromAsset = row.fromAsset as Asset;
    const toAsset = row.toAsset as Asset;
    const amountIn = formatDecimal(row.amountIn);
    await limits.assertWithinLimit(tx, userId, 'transfer', fromAsset, amountIn);
    const amountOut = formatDecimal(row.amountOut);
    const entries = [
      { accountId: row.fromAccountId, amount: negate(amountIn) },
      { accountId: await systemAccountId(tx, fromAsset, 'revenue'), amount: formatDecimal(row.fee) },
      { accountId: await systemAccountId(tx, fromAsset, 'treasury'), amount: subtract(row.amountIn, row.fee) },
      { accountId: await systemAccountId(tx, toAsset, 'treasury'), amount: negate(amountOut) },
      { accountId: row.toAccountId, amount: amountOut },
    ];
    const transactionId = await post(tx, {
      kind: 'exchange',
      userId,
      idempotencyKey,
      at: now,
      // Account order, as payments take it: the system shards are locked already (systemAccountId),
      // and any two postings that share accounts lock them in the same order, never each other's first.
      entries: entries.sort((a, b) => a.accountId.localeCompare(b.accountId)),
      activities: [
        { accountId: row.fromAccountId, type: 'exchange', amount: negate(amountIn), counterAmount: amountOut, counterCurrency: toAsset },
        { accountId: row.toAccountId, type: 'exchange', amount: amountOut, counterAmount: negate(amountIn), counterCurrency: fromAsset },
      ],
    });
    const [used] = await tx.update(quotes).set({ usedAt: now, transactionId }).where(eq(quotes.id, row.id)).returning();
    const [activity] = await tx
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.transactionId, transactionId), eq(activities.accountId, row.fromAccountId)));
    return {
      transactionId,
      activityId: activity!.id,
      quote: { ...toQuote(used!, { fundsSufficient: true, limitLeftUsd: await limitLeft(userId, tx) }), withinLimit: true },
      createdAt: now.toISOString(),
    };
  }

  /**
   * Demo mode: the customer's own unused quote runs out now (never later than it would have). Another
   * customer's, a pay link's or an unknown quote is `quote_not_found`, as for a transfer.
   */
  async function expire(userId: string, quoteId: string): Promise<QuoteExpiry> {
    if (!z.uuid().safeParse(quoteId).success) throw new ApiError('quote_not_found');
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
      if (!row || row.userId !== userId || row.payLinkId !== null) throw new ApiError('quote_not_found');
      if (row.usedAt) throw new ApiError('quote_used');
      // Now, or a millisecond after it was made: a quote ends after it begins (0019_quotes_transfers.sql).
      const expiresAt = new Date(Math.min(row.expiresAt.getTime(), Math.max(clock().getTime(), row.createdAt.getTime() + 1)));
      await tx.update(quotes).set({ expiresAt }).where(eq(quotes.id, row.id));
      return { id: row.id, expiresAt: expiresAt.toISOString() };
    });
  }

  return { quote, requote, transfer, expire };
}

export type TransferService = ReturnType<typeof createTransferService>;
