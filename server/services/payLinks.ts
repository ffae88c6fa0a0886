import { desc, eq, sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { assetInfo, type Asset } from '../../contract/assetList';
import { fitsAssetDecimals } from '../../contract/assets';
import type {
  CreatePayLinkBody,
  PayLink,
  PayLinkPreview,
  PayLinkQuote,
  PayLinkReceipt,
  PayLinkStatus,
  PayLinkView,
} from '../../contract/payLinks';
import { PAY_LINK_HASH } from '../../contract/payLinks';
import { QUOTE_FIRM_SECONDS } from '../../contract/transfers';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { payLinks, quotes, users } from '../db/schema';
import { ApiError } from '../errors';
import { compare, formatDecimal, min, negate, subtract } from '../../contract/decimal';
import type { LimitService } from './limits';
import { displayNameSql, maskedName, payingAccount, receivingAccount } from './customerAccounts';
import { post, systemAccountId } from './ledger';
import { PAY_LINK_CHANNEL } from './payLinkEvents';
import { quoteFigures } from './quote-math';
import type { RateService } from './rates';
import type { StepUpService } from './step-up';
import type { Principal } from './tokens';
import { toQuote } from './transfers';

/** The most recent requests the list shows. */
const LIST_LIMIT = 100;

type Row = typeof payLinks.$inferSelect;

export interface PayLinkDeps {
  db: Db;
  clock: Clock;
  stepUp: Pick<StepUpService, 'require' | 'consume'>;
  rates: Pick<RateService, 'quote'>;
  limits: LimitService;
}

/** 16 random bytes, base64url: 128 bits, so a link can be neither guessed nor enumerated. */
export function newPayLinkHash(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Payment requests by link. A requester creates one (after the `paylink.create` step-up), shares
 * `/pay/{hash}`, and may cancel it while it is open; anyone else signed in pays it once, from their
 * account of the same asset (after the `paylink.pay` step-up), in one ledger transaction.
 *
 * Paying locks the link's row first, so concurrent payers queue behind each other: the first one's
 * transaction marks it paid, every later one then finds it paid and is refused with nothing written
 * (the Idempotency-Key's row goes with the rollback). Paying and cancelling NOTIFY the change on
 * `pay_links` in their own transaction, which PostgreSQL delivers only if it commits.
 *
 * A payer whose account is in another asset first asks for a quote made for the link (the transfers'
 * figures, with the link's amount as what arrives); paying then posts exactly that quote, once: the
 * payer's account pays the amount in, the fee goes to the revenue account and the rest to the treasury
 * of the paid asset, and the treasury of the link's asset pays the requester.
 */
export function createPayLinkService({ db, clock, stepUp, rates, limits }: PayLinkDeps) {
  function statusOf(row: Pick<Row, 'status' | 'expiresAt'>): PayLinkStatus {
    if (row.status === 'open' && row.expiresAt !== null && row.expiresAt <= clock()) return 'expired';
    return row.status;
  }

  function toPayLink(row: Row): PayLink {
    return {
      hash: row.hash,
      asset: row.currency as Asset,
      amount: formatDecimal(row.amount),
      description: row.description,
      status: statusOf(row),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    };
  }

  const notify = (tx: Db, hash: string) => tx.execute(sql`SELECT pg_notify(${PAY_LINK_CHANNEL}, ${hash})`);

  /** The link with its requester's display name; `lock` holds its row to the end of the transaction. */
  async function find(tx: Db, hash: string, lock = false): Promise<{ link: Row; requesterName: string | null }> {
    if (!PAY_LINK_HASH.test(hash)) throw new ApiError('pay_link_not_found');
    const query = tx
      .select({ link: payLinks, requesterName: displayNameSql })
      .from(payLinks)
      .innerJoin(users, eq(users.id, payLinks.userId))
      .where(eq(payLinks.hash, hash));
    const [found] = lock ? await query.for('no key update', { of: payLinks }) : await query;
    if (!found) throw new ApiError('pay_link_not_found');
    return found;
  }

  /** Refuses a link that can no longer be paid or cancelled, saying why. */
  function requireOpen(link: Row): void {
    const status = statusOf(link);
    if (status !== 'open') throw new ApiError(`pay_link_${status}`);
  }

  async function create(principal: Principal, body: CreatePayLinkBody): Promise<PayLink> {
    if (!fitsAssetDecimals(body.amount, body.asset)) throw new ApiError('amount_too_precise');
    const now = clock();
    return db.transaction(async (tx) => {
      await stepUp.require(tx, principal, 'paylink.create');
      const [row] = await tx
        .insert(payLinks)
        .values({
          id: randomUUID(),
          hash: newPayLinkHash(),
          userId: principal.userId,
          currency: body.asset,
          amount: body.amount,
          description: body.description,
          status: 'open',
          expiresAt: body.expiresInHours === null ? null : new Date(now.getTime() + body.expiresInHours * 3_600_000),
          createdAt: now,
        })
        .returning();
      await stepUp.consume(tx, principal, 'paylink.create');
      return toPayLink(row!);
    });
  }

  async function list(userId: string): Promise<PayLink[]> {
    const rows = await db
      .select()
      .from(payLinks)
      .where(eq(payLinks.userId, userId))
      .orderBy(desc(payLinks.createdAt), desc(payLinks.id))
      .limit(LIST_LIMIT);
    return rows.map(toPayLink);
  }

  async function view(userId: string, hash: string): Promise<PayLinkView> {
    const { link, requesterName } = await find(db, hash);
    const { createdAt: _created, paidAt: _paid, ...shown } = toPayLink(link);
    return { ...shown, requesterName, own: link.userId === userId };
  }

  /** For anyone holding the link, signed in or not: who asks, masked, and how much. */
  async function preview(hash: string): Promise<PayLinkPreview> {
    const { link, requesterName } = await find(db, hash);
    const { asset, amount, status } = toPayLink(link);
    return { asset, amount, status, requesterName: requesterName === null ? null : maskedName(requesterName) };
  }

  /** The status alone, for the event stream (whose watcher may be anyone holding the link). */
  async function status(hash: string): Promise<PayLinkStatus> {
    return statusOf((await find(db, hash)).link);
  }

  async function cancel(userId: string, hash: string): Promise<PayLink> {
    return db.transaction(async (tx) => {
      const { link } = await find(tx, hash, true);
      // Someone else's link is not theirs to cancel, nor to learn anything about.
      if (link.userId !== userId) throw new ApiError('pay_link_not_found');
      requireOpen(link);
      const [row] = await tx
        .update(payLinks)
        .set({ status: 'cancelled', cancelledAt: clock() })
        .where(eq(payLinks.id, link.id))
        .returning();
      await notify(tx, hash);
      return toPayLink(row!);
    });
  }

  /** The link, if the caller may pay it now: not their own, still open. */
  async function payable(tx: Db, principal: Principal, hash: string, lock = false) {
    const found = await find(tx, hash, lock);
    if (found.link.userId === principal.userId) throw new ApiError('pay_link_own');
    requireOpen(found.link);
    return found;
  }

  /** What paying the link from an account in another asset costs, firm for QUOTE_FIRM_SECONDS. */
  async function quote(principal: Principal, hash: string, fromAccountId: string): Promise<PayLinkQuote> {
    const { link } = await payable(db, principal, hash);
    const source = await payingAccount(db, principal.userId, fromAccountId);
    const asset = link.currency as Asset;
    if (source.asset === asset) throw new ApiError('quote_not_needed');
    const amount = formatDecimal(link.amount);
    const figures = quoteFigures({
      fromUsd: (await rates.quote(source.asset)).usd,
      toUsd: (await rates.quote(asset)).usd,
      fromDecimals: assetInfo(source.asset)!.decimals,
      toDecimals: assetInfo(asset)!.decimals,
      amount,
      side: 'out',
    });
    const now = clock();
    const [row] = await db
      .insert(quotes)
      .values({
        id: randomUUID(),
        userId: principal.userId,
        fromAccountId: source.id,
        toAccountId: await receivingAccount(db, link.userId, asset, now),
        fromAsset: source.asset,
        toAsset: asset,
        ...figures,
        // The least amount in buys at least the link's amount; the requester gets exactly it, the books any dust.
        amountOut: amount,
        side: 'out',
        asked: amount,
        payLinkId: link.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + QUOTE_FIRM_SECONDS * 1000),
      })
      .returning();
    const { payment } = await limits.remaining(principal.userId);
    const limitLeftUsd = min(payment.monthly.left, payment.daily.left);
    const { toAccountId: _theirs, ...shown } = toQuote(row!, {
      fundsSufficient: compare(source.balance, figures.amountIn) >= 0,
      limitLeftUsd,
    });
    return shown;
  }

  /**
   * The quote `quoteId` for paying this link from this account, locked so that two confirms of one
   * quote pay once. Another customer's, another link's or account's, or an unknown one is
   * `quote_not_found`; a used one `quote_used`; one past its expiry by this server's clock `quote_expired`.
   */
  async function quoteFor(tx: Db, userId: string, linkId: string, fromAccountId: string, quoteId: string | undefined) {
    if (quoteId === undefined) throw new ApiError('quote_not_found');
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
    if (!row || row.userId !== userId || row.payLinkId !== linkId || row.fromAccountId !== fromAccountId) {
      throw new ApiError('quote_not_found');
    }
    if (row.usedAt) throw new ApiError('quote_used');
    if (row.expiresAt.getTime() <= clock().getTime()) throw new ApiError('quote_expired');
    return row;
  }

  /**
   * Pays the link from the payer's account, inside the Idempotency-Key's transaction `tx`. Checks run
   * in the order a payer learns most from: the link (unknown, own, no longer open), then the step-up,
   * then the account, the quote when its asset is another, and the funds.
   */
  async function pay(
    tx: Db,
    principal: Principal,
    hash: string,
    body: { fromAccountId: string; quoteId?: string | undefined },
    idempotencyKey: string | undefined,
  ): Promise<PayLinkReceipt> {
    const { link, requesterName } = await payable(tx, principal, hash, true);
    await stepUp.require(tx, principal, 'paylink.pay');
    const asset = link.currency as Asset;
    const source = await payingAccount(tx, principal.userId, body.fromAccountId);
    const amount = formatDecimal(link.amount);
    const exchange = source.asset === asset ? null : await quoteFor(tx, principal.userId, link.id, source.id, body.quoteId);
    if (!exchange && body.quoteId !== undefined) throw new ApiError('quote_not_needed');
    const amountIn = exchange ? formatDecimal(exchange.amountIn) : amount;
    await limits.assertWithinLimit(tx, principal.userId, 'payment', source.asset, amountIn);
    const now = clock();
    const target = await receivingAccount(tx, link.userId, asset, now);
    const [payer] = await tx.select({ name: displayNameSql }).from(users).where(eq(users.id, principal.userId));
    const entries = exchange
      ? [
          { accountId: source.id, amount: negate(amountIn) },
          { accountId: await systemAccountId(tx, source.asset, 'revenue'), amount: formatDecimal(exchange.fee) },
          { accountId: await systemAccountId(tx, source.asset, 'treasury'), amount: subtract(exchange.amountIn, exchange.fee) },
          { accountId: await systemAccountId(tx, asset, 'treasury'), amount: negate(amount) },
          { accountId: target, amount },
        ]
      : [
          { accountId: source.id, amount: negate(amount) },
          { accountId: target, amount },
        ];
    const counter = exchange ? { counterAmount: amount, counterCurrency: asset } : {};
    const transactionId = await post(tx, {
      kind: 'payment',
      userId: principal.userId,
      idempotencyKey,
      at: now,
      // The order transfers use: two payments between the same customers, either way, lock their accounts alike.
      entries: entries.sort((a, b) => a.accountId.localeCompare(b.accountId)),
      activities: [
        {
          accountId: source.id,
          type: 'payment_sent',
          amount: negate(amountIn),
          counterparty: requesterName,
          reference: link.description,
          ...counter,
        },
        { accountId: target, type: 'payment_received', amount, counterparty: payer?.name ?? null, reference: link.description },
      ],
    });
    if (exchange) await tx.update(quotes).set({ usedAt: now, transactionId }).where(eq(quotes.id, exchange.id));
    await tx
      .update(payLinks)
      .set({ status: 'paid', paidAt: now, payerId: principal.userId, transactionId })
      .where(eq(payLinks.id, link.id));
    await stepUp.consume(tx, principal, 'paylink.pay');
    await notify(tx, hash);
    return {
      hash,
      asset,
      amount,
      description: link.description,
      requesterName,
      fromAccountId: source.id,
      fromAsset: source.asset,
      amountIn,
      transactionId,
      paidAt: now.toISOString(),
    };
  }

  return { create, list, view, preview, status, cancel, quote, pay };
}

export type PayLinkService = ReturnType<typeof createPayLinkService>;
