import { and, desc, eq, sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { assetInfo, fitsAssetDecimals, type Asset } from '../../contract/assetList';
import type { CreatePayLinkBody, PayLink, PayLinkReceipt, PayLinkStatus, PayLinkView } from '../../contract/payLinks';
import { PAY_LINK_HASH } from '../../contract/payLinks';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, payLinks, users } from '../db/schema';
import { ApiError } from '../errors';
import { formatDecimal, negate } from './decimal';
import { createLimitService } from './limits';
import { post } from './ledger';
import { PAY_LINK_CHANNEL } from './payLinkEvents';
import type { StepUpService } from './step-up';
import type { Principal } from './tokens';

/** The most recent requests the list shows. */
const LIST_LIMIT = 100;

type Row = typeof payLinks.$inferSelect;

export interface PayLinkDeps {
  db: Db;
  clock: Clock;
  stepUp: Pick<StepUpService, 'require' | 'consume'>;
}

/** 16 random bytes, base64url: 128 bits, so a link can be neither guessed nor enumerated. */
export function newPayLinkHash(): string {
  return randomBytes(16).toString('base64url');
}

const displayName = sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

/**
 * Payment requests by link. A requester creates one (after the `paylink.create` step-up), shares
 * `/pay/{hash}`, and may cancel it while it is open; anyone else signed in pays it once, from their
 * account of the same asset (after the `paylink.pay` step-up), in one ledger transaction.
 *
 * Paying locks the link's row first, so concurrent payers queue behind each other: the first one's
 * transaction marks it paid, every later one then finds it paid and is refused with nothing written
 * (the Idempotency-Key's row goes with the rollback). Paying and cancelling NOTIFY the change on
 * `pay_links` in their own transaction, which PostgreSQL delivers only if it commits.
 */
export function createPayLinkService({ db, clock, stepUp }: PayLinkDeps) {
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
      .select({ link: payLinks, requesterName: displayName })
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

  /** The requester's account of the asset, opened when they have none yet (the unique index decides races). */
  async function requesterAccount(tx: Db, userId: string, asset: Asset): Promise<string> {
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
        createdAt: clock(),
      })
      .onConflictDoNothing();
    const [opened] = await tx.select({ id: accounts.id }).from(accounts).where(mine);
    return opened!.id;
  }

  /**
   * Pays the link from the payer's account, inside the Idempotency-Key's transaction `tx`. Checks run
   * in the order a payer learns most from: the link (unknown, own, no longer open), then the step-up,
   * then the account and its funds.
   */
  async function pay(
    tx: Db,
    principal: Principal,
    hash: string,
    fromAccountId: string,
    idempotencyKey: string | undefined,
  ): Promise<PayLinkReceipt> {
    const { link, requesterName } = await find(tx, hash, true);
    if (link.userId === principal.userId) throw new ApiError('pay_link_own');
    requireOpen(link);
    await stepUp.require(tx, principal, 'paylink.pay');
    const asset = link.currency as Asset;
    const [source] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          sql`${accounts.id}::text = ${fromAccountId}`,
          eq(accounts.userId, principal.userId),
          eq(accounts.kind, assetInfo(asset)!.kind),
          eq(accounts.currency, asset),
        ),
      );
    if (!source) throw new ApiError('account_not_found');
    const amount = formatDecimal(link.amount);
    await createLimitService(tx, clock).assertWithinLimit(tx, principal.userId, 'payment', asset, amount);
    const target = await requesterAccount(tx, link.userId, asset);
    const [payer] = await tx.select({ name: displayName }).from(users).where(eq(users.id, principal.userId));
    const now = clock();
    const transactionId = await post(tx, {
      kind: 'payment',
      userId: principal.userId,
      idempotencyKey,
      at: now,
      entries: [
        { accountId: source.id, amount: negate(amount) },
        { accountId: target, amount },
      ],
      activities: [
        { accountId: source.id, type: 'payment_sent', amount: negate(amount), counterparty: requesterName, reference: link.description },
        { accountId: target, type: 'payment_received', amount, counterparty: payer?.name ?? null, reference: link.description },
      ],
    });
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
      transactionId,
      paidAt: now.toISOString(),
    };
  }

  return { create, list, view, status, cancel, pay };
}

export type PayLinkService = ReturnType<typeof createPayLinkService>;
