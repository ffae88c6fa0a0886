import { and, desc, eq, isNotNull, isNull, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import { assetInfo, type Asset } from '../../contract/assetList';
import { fitsAssetDecimals } from '../../contract/assets';
import { compare, formatDecimal, isPositive, negate, subtract } from '../../contract/decimal';
import type { NotificationKind } from '../../contract/notifications';
import { RATE_FRESH_MS } from '../../contract/rates';
import {
  INVITATION_DAYS,
  REQUEST_REMINDER_HOURS,
  SEND_STEP_UP_USD,
  type Contact,
  type CreateMoneyRequestBody,
  type MoneyRequest,
  type RecipientLookup,
  type SendMoneyBody,
  type SendReceipt,
} from '../../contract/sendMoney';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { activities, moneyRequests, moneySends, rates, users } from '../db/schema';
import { ApiError } from '../errors';
import { displayNameSql, maskedName, payingAccount, receivingAccount } from './customerAccounts';
import { post, systemAccountId, type ActivityInput } from './ledger';
import type { LimitService } from './limits';
import type { Outbox } from './outbox';
import { COOLDOWNS, RATE_LIMITS, type RateLimiter } from './rate-limit';
import { noticeRecipient } from './recipient';
import { moneyInvitationNotice } from './sendNotices';
import type { StepUpService } from './step-up';
import type { Principal } from './tokens';

const DAY_MS = 24 * 3_600_000;
const CONTACTS_SHOWN = 50;
const REQUESTS_SHOWN = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SendMoneyDeps {
  db: Db;
  clock: Clock;
  stepUp: Pick<StepUpService, 'require' | 'consume'>;
  limits: LimitService;
  rateLimiter: RateLimiter;
  outbox: Pick<Outbox, 'enqueue'>;
}

type SendRow = typeof moneySends.$inferSelect;
type RequestRow = typeof moneyRequests.$inferSelect;

/** A customer an address reaches: their verified e-mail or confirmed phone (an unproven one could be anyone's). */
const reaches = (address: string | SQLWrapper) =>
  or(and(eq(users.email, address), isNotNull(users.emailVerifiedAt)), and(eq(users.phone, address), isNotNull(users.phoneConfirmedAt)));

const notifyCustomer = (tx: Db, userId: string, kind: NotificationKind, asset: Asset, amount: string, at: Date) =>
  tx.execute(
    sql`SELECT notify_customer(${userId}, ${kind}, jsonb_build_object('amount', ${amount}::text, 'currency', ${asset}::text), ${at})`,
  );

/**
 * Money between customers. A send is one `send` ledger transaction from the sender's account: to the
 * receiver's account what their `receive` limit takes, to the holding account of the asset the rest (and
 * everything sent to an address no customer has yet, an invitation). The maintenance round
 * (`settleWaiting`) then releases what the receiver's limit takes again, hands invitations to the
 * customer who has proven the address, and gives back invitations unclaimed after `INVITATION_DAYS`:
 * each of these locks the send's row and re-reads it, so a claim and a return of one invitation never
 * both happen. Requests ask a customer to pay; paying one is a send to its requester.
 */
export function createSendMoneyService({ db, clock, stepUp, limits, rateLimiter, outbox }: SendMoneyDeps) {
  async function customerAt(tx: Db, address: string) {
    const [row] = await tx.select({ id: users.id, name: displayNameSql }).from(users).where(reaches(address));
    return row ?? null;
  }

  /**
   * One of the caller's daily look-ups for `address`, counted in its own transaction, so a refused
   * request or send still spent it. What tells the caller nothing new costs nothing: an address they
   * have sent money to before, or one counted for them in the last day (the review's look-up, then the send).
   */
  async function countLookUp(principal: Principal, address: string): Promise<void> {
    const [paid] = await db
      .select({ id: moneySends.id })
      .from(moneySends)
      .where(and(eq(moneySends.senderId, principal.userId), eq(moneySends.address, address)))
      .limit(1);
    if (paid) return;
    const item = `${principal.userId}:${createHash('sha256').update(address).digest('base64url')}`;
    await rateLimiter.enforceOnce(RATE_LIMITS.recipientLookupPerSender, principal.userId, COOLDOWNS.recipientCounted, item);
  }

  /** The address's customer, if any; the caller's own address is refused. */
  async function recipientAt(tx: Db, principal: Principal, address: string) {
    const found = await customerAt(tx, address);
    if (found?.id === principal.userId) throw new ApiError('send_to_self');
    return found;
  }

  async function lookup(principal: Principal, to: string): Promise<RecipientLookup> {
    await countLookUp(principal, to);
    const found = await recipientAt(db, principal, to);
    return { customer: found !== null, name: found?.name ? maskedName(found.name) : null };
  }

  /** The amount's value in US dollars at the asset's fresh rate (`rate_stale` without one). */
  async function usdValue(tx: Db, asset: Asset, amount: string): Promise<string> {
    const [rate] = await tx
      .select({ usd: sql<string>`(${amount}::numeric * ${rates.usd})::text`, updatedAt: rates.updatedAt })
      .from(rates)
      .where(eq(rates.asset, asset));
    if (!rate || rate.updatedAt.getTime() < clock().getTime() - RATE_FRESH_MS) throw new ApiError('rate_stale');
    return formatDecimal(rate.usd);
  }

  /**
   * What of `amount` the receiver's `receive` limit takes now, as the entry and activity that credit it
   * (none when nothing fits), told to the receiver once posted.
   */
  async function receipt(
    tx: Db,
    recipientId: string,
    asset: Asset,
    amount: string,
    from: { name: string | null; note: string | null },
    at: Date,
  ) {
    const fits = await limits.portionWithin(tx, recipientId, 'receive', asset, amount, assetInfo(asset)!.decimals);
    if (!isPositive(fits)) return { fits, entries: [], activities: [] };
    const accountId = await receivingAccount(tx, recipientId, asset, at);
    await notifyCustomer(tx, recipientId, 'money_received', asset, fits, at);
    const activity: ActivityInput = { accountId, type: 'money_received', amount: fits, counterparty: from.name, reference: from.note };
    return { fits, entries: [{ accountId, amount: fits }], activities: [activity] };
  }

  /** Moves what the receiver's limit takes of what waits for them from the holding account to them; answers it. */
  async function release(tx: Db, send: SendRow, recipientId: string, at: Date): Promise<string> {
    const asset = send.currency as Asset;
    const credit = await receipt(
      tx,
      recipientId,
      asset,
      formatDecimal(send.held),
      { name: await senderName(tx, send.senderId), note: send.note },
      at,
    );
    if (!isPositive(credit.fits)) return credit.fits;
    await post(tx, {
      kind: 'send',
      userId: send.senderId,
      at,
      entries: [{ accountId: await systemAccountId(tx, asset, 'holding'), amount: negate(credit.fits) }, ...credit.entries],
      activities: credit.activities,
    });
    return credit.fits;
  }

  /**
   * What still waits for a customer over their limit shows in their activities as one pending
   * `money_received` of that amount, tied to the send by its transaction (the releases post their own,
   * completed); gone once all of it is theirs.
   */
  async function showWaiting(tx: Db, send: SendRow, recipientId: string, held: string, at: Date): Promise<void> {
    const pending = and(
      eq(activities.transactionId, send.transactionId),
      eq(activities.userId, recipientId),
      eq(activities.status, 'pending'),
    );
    if (!isPositive(held)) {
      await tx.delete(activities).where(pending);
      return;
    }
    const [shown] = await tx.update(activities).set({ amount: held }).where(pending).returning({ id: activities.id });
    if (shown) return;
    const asset = send.currency as Asset;
    await tx.insert(activities).values({
      id: randomUUID(),
      userId: recipientId,
      accountId: await receivingAccount(tx, recipientId, asset, at),
      transactionId: send.transactionId,
      type: 'money_received',
      status: 'pending',
      counterparty: await senderName(tx, send.senderId),
      reference: send.note,
      amount: held,
      currency: asset,
      // No US-dollar value: what waits must not use up the limit it waits for (levels.ts counts pending too).
      usdValue: null,
      createdAt: at,
    });
  }

  function toReceipt(row: SendRow, recipientName: string | null): SendReceipt {
    return {
      id: row.id,
      status: row.status,
      to: row.requestId === null ? row.address : null,
      recipientName: recipientName === null ? null : maskedName(recipientName),
      fromAccountId: row.fromAccountId,
      asset: row.currency as Asset,
      amount: formatDecimal(row.amount),
      held: formatDecimal(row.held),
      note: row.note,
      transactionId: row.transactionId,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
    };
  }

  /**
   * The send itself, inside the Idempotency-Key's transaction: the account, the step-up above the
   * threshold, the sender's `payment` limit, then one posting — the sender pays all of it, the holding
   * account takes it first and passes on to the receiver what their limit takes.
   */
  async function transfer(
    tx: Db,
    principal: Principal,
    order: {
      to: string;
      recipient: { id: string; name: string | null } | null;
      fromAccountId: string;
      amount: string;
      note: string | null;
    },
    idempotencyKey: string | undefined,
    requestId: string | null = null,
  ): Promise<SendReceipt> {
    const source = await payingAccount(tx, principal.userId, order.fromAccountId);
    const asset = source.asset;
    if (!fitsAssetDecimals(order.amount, asset)) throw new ApiError('amount_too_precise');
    // Funds and the limit before the step-up: no code is sent for a send that would be refused (the
    // posting checks the balance again, atomically).
    if (compare(order.amount, formatDecimal(source.balance)) > 0) throw new ApiError('insufficient_funds');
    await limits.assertWithinLimit(tx, principal.userId, 'payment', asset, order.amount);
    const stepped = compare(await usdValue(tx, asset, order.amount), SEND_STEP_UP_USD) > 0;
    if (stepped) await stepUp.require(tx, principal, 'send');
    const at = clock();
    const from = { name: await senderName(tx, principal.userId), note: order.note };
    const credit = order.recipient
      ? await receipt(tx, order.recipient.id, asset, order.amount, from, at)
      : { fits: '0', entries: [], activities: [] };
    const held = subtract(order.amount, credit.fits);
    const sent: ActivityInput = {
      accountId: source.id,
      type: 'money_sent',
      amount: negate(order.amount),
      counterparty: order.recipient?.name ?? order.to,
      reference: order.note,
    };
    const transactionId = await post(tx, {
      kind: 'send',
      userId: principal.userId,
      idempotencyKey,
      at,
      // The order transfers use, so two sends between the same customers, either way, lock their accounts alike.
      entries: [
        { accountId: source.id, amount: negate(order.amount) },
        ...(isPositive(held) ? [{ accountId: await systemAccountId(tx, asset, 'holding'), amount: held }] : []),
        ...credit.entries,
      ].sort((a, b) => a.accountId.localeCompare(b.accountId)),
      activities: [sent, ...credit.activities],
    });
    const [row] = await tx
      .insert(moneySends)
      .values({
        id: randomUUID(),
        senderId: principal.userId,
        fromAccountId: source.id,
        recipientId: order.recipient?.id ?? null,
        address: order.to,
        currency: asset,
        amount: order.amount,
        held,
        note: order.note,
        status: order.recipient ? (isPositive(held) ? 'held' : 'sent') : 'invited',
        requestId,
        transactionId,
        expiresAt: order.recipient ? null : new Date(at.getTime() + INVITATION_DAYS * DAY_MS),
        settledAt: order.recipient && !isPositive(held) ? at : null,
        createdAt: at,
      })
      .returning();
    if (order.recipient) await showWaiting(tx, row!, order.recipient.id, held, at);
    else {
      const { language } = await noticeRecipient(tx, principal.userId);
      await outbox.enqueue(tx, moneyInvitationNotice(order.to, language, { sender: from.name, asset, amount: order.amount }));
    }
    if (stepped) await stepUp.consume(tx, principal, 'send');
    return toReceipt(row!, order.recipient?.name ?? null);
  }

  async function send(tx: Db, principal: Principal, body: SendMoneyBody, idempotencyKey: string | undefined): Promise<SendReceipt> {
    const recipient = await recipientAt(tx, principal, body.to);
    return transfer(tx, principal, { ...body, recipient, note: body.note || null }, idempotencyKey);
  }

  /** Whom the customer sent to, latest first: the name their last send found, else the address alone. */
  async function contacts(userId: string, q: string | undefined): Promise<Contact[]> {
    const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const latest = db
      .selectDistinctOn([moneySends.address], {
        to: moneySends.address,
        name: sql<string | null>`${displayNameSql}`.as('name'),
        lastSentAt: sql<Date>`${moneySends.createdAt}`.as('last_sent_at'),
      })
      .from(moneySends)
      .leftJoin(users, eq(users.id, moneySends.recipientId))
      .where(and(eq(moneySends.senderId, userId), isNull(moneySends.requestId)))
      .orderBy(moneySends.address, desc(moneySends.createdAt))
      .as('latest');
    const rows = await db
      .select()
      .from(latest)
      .where(pattern ? sql`${latest.name} ILIKE ${pattern} OR ${latest.to} ILIKE ${pattern}` : undefined)
      .orderBy(desc(latest.lastSentAt))
      .limit(CONTACTS_SHOWN);
    return rows.map((row) => ({ to: row.to, name: row.name, lastSentAt: new Date(row.lastSentAt).toISOString() }));
  }

  // ——— requests ———

  async function requestView(tx: Db, row: RequestRow, viewerId: string): Promise<MoneyRequest> {
    const outgoing = row.requesterId === viewerId;
    const [other] = await tx
      .select({ name: displayNameSql })
      .from(users)
      .where(eq(users.id, outgoing ? row.payerId : row.requesterId));
    return {
      id: row.id,
      direction: outgoing ? 'outgoing' : 'incoming',
      counterpartyName: other?.name ?? null,
      asset: row.currency as Asset,
      amount: formatDecimal(row.amount),
      note: row.note,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      remindedAt: row.remindedAt?.toISOString() ?? null,
    };
  }

  /**
   * Runs before the request's transaction (the Idempotency-Key's), so the look-up it counts stays
   * counted when the request is refused: asking strangers must not enumerate addresses past the limit.
   */
  async function admitRequest(principal: Principal, body: CreateMoneyRequestBody): Promise<void> {
    if (!fitsAssetDecimals(body.amount, body.asset)) throw new ApiError('amount_too_precise');
    await countLookUp(principal, body.from);
  }

  /**
   * Runs before the send's transaction, as `admitRequest` does: a first send to an address tells
   * whether it is a customer's (the receipt says sent or invited), so it is one of the day's look-ups,
   * counted also when the send is then refused for funds or limits. The review's look-up of the same
   * address counted it already. What no form sends (another's account, too many decimals) counts nothing.
   */
  async function admitSend(principal: Principal, body: SendMoneyBody): Promise<void> {
    const source = await payingAccount(db, principal.userId, body.fromAccountId);
    if (!fitsAssetDecimals(body.amount, source.asset)) throw new ApiError('amount_too_precise');
    await countLookUp(principal, body.to);
  }

  /** Inside the Idempotency-Key's transaction, after `admitRequest`. */
  async function request(tx: Db, principal: Principal, body: CreateMoneyRequestBody): Promise<MoneyRequest> {
    const payer = await recipientAt(tx, principal, body.from);
    if (!payer) throw new ApiError('recipient_not_customer');
    const at = clock();
    const [row] = await tx
      .insert(moneyRequests)
      .values({
        id: randomUUID(),
        requesterId: principal.userId,
        payerId: payer.id,
        currency: body.asset,
        amount: body.amount,
        note: body.note || null,
        status: 'open',
        createdAt: at,
      })
      .returning();
    await notifyCustomer(tx, payer.id, 'money_requested', body.asset, body.amount, at);
    return requestView(tx, row!, principal.userId);
  }

  async function listRequests(userId: string): Promise<MoneyRequest[]> {
    const rows = await db
      .select()
      .from(moneyRequests)
      .where(or(eq(moneyRequests.requesterId, userId), eq(moneyRequests.payerId, userId)))
      .orderBy(desc(moneyRequests.createdAt), desc(moneyRequests.id))
      .limit(REQUESTS_SHOWN);
    return Promise.all(rows.map((row) => requestView(db, row, userId)));
  }

  /**
   * The open request, locked to the end of the transaction, when the caller is on the side that may act:
   * anyone else's request, an unknown or malformed id, is `money_request_not_found`.
   */
  async function openRequest(tx: Db, userId: string, id: string, side: 'payer' | 'requester'): Promise<RequestRow> {
    if (!UUID.test(id)) throw new ApiError('money_request_not_found');
    const [row] = await tx.select().from(moneyRequests).where(eq(moneyRequests.id, id)).for('update');
    if (!row || (side === 'payer' ? row.payerId : row.requesterId) !== userId) throw new ApiError('money_request_not_found');
    if (row.status !== 'open') throw new ApiError(`money_request_${row.status}`);
    return row;
  }

  async function payRequest(
    tx: Db,
    principal: Principal,
    id: string,
    fromAccountId: string,
    idempotencyKey: string | undefined,
  ): Promise<SendReceipt> {
    const row = await openRequest(tx, principal.userId, id, 'payer');
    const source = await payingAccount(tx, principal.userId, fromAccountId);
    if (source.asset !== row.currency) throw new ApiError('account_not_found');
    const [requester] = await tx
      .select({ id: users.id, name: displayNameSql, email: users.email })
      .from(users)
      .where(eq(users.id, row.requesterId));
    const order = { to: requester!.email, recipient: requester!, fromAccountId, amount: formatDecimal(row.amount), note: row.note };
    const receipt = await transfer(tx, principal, order, idempotencyKey, row.id);
    await tx
      .update(moneyRequests)
      .set({ status: 'paid', transactionId: receipt.transactionId, decidedAt: clock() })
      .where(eq(moneyRequests.id, row.id));
    return receipt;
  }

  async function close(userId: string, id: string, side: 'payer' | 'requester'): Promise<MoneyRequest> {
    return db.transaction(async (tx) => {
      const row = await openRequest(tx, userId, id, side);
      const [closed] = await tx
        .update(moneyRequests)
        .set({ status: side === 'payer' ? 'declined' : 'cancelled', decidedAt: clock() })
        .where(eq(moneyRequests.id, row.id))
        .returning();
      return requestView(tx, closed!, userId);
    });
  }

  /** Tells the payer again, at most once per `REQUEST_REMINDER_HOURS` (the request itself told them first). */
  async function remind(userId: string, id: string): Promise<MoneyRequest> {
    return db.transaction(async (tx) => {
      const row = await openRequest(tx, userId, id, 'requester');
      const at = clock();
      const next = new Date((row.remindedAt ?? row.createdAt).getTime() + REQUEST_REMINDER_HOURS * 3_600_000);
      if (next > at) throw new ApiError('reminder_too_soon', undefined, { fields: { next: next.toISOString() } });
      const [reminded] = await tx.update(moneyRequests).set({ remindedAt: at }).where(eq(moneyRequests.id, row.id)).returning();
      await notifyCustomer(tx, row.payerId, 'money_requested', row.currency as Asset, formatDecimal(row.amount), at);
      return requestView(tx, reminded!, userId);
    });
  }

  // ——— what waits in the holding account ———

  /** The send, locked, if it still waits as `status`; null when another instance or path settled it meanwhile. */
  async function waiting(tx: Db, id: string, status: 'held' | 'invited'): Promise<SendRow | null> {
    const [row] = await tx.select().from(moneySends).where(eq(moneySends.id, id)).for('update');
    return row?.status === status ? row : null;
  }

  async function senderName(tx: Db, senderId: string) {
    const [row] = await tx.select({ name: displayNameSql }).from(users).where(eq(users.id, senderId));
    return row?.name ?? null;
  }

  /** Hands an invitation to the customer who has proven its address, as far as their limit takes it. */
  async function claim(id: string, recipientId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await waiting(tx, id, 'invited');
      if (!row) return false;
      const at = clock();
      const released = await release(tx, row, recipientId, at);
      const held = subtract(row.held, released);
      await tx
        .update(moneySends)
        .set({ recipientId, held, status: isPositive(held) ? 'held' : 'sent', settledAt: isPositive(held) ? null : at })
        .where(eq(moneySends.id, row.id));
      await showWaiting(tx, row, recipientId, held, at);
      return true;
    });
  }

  /** Gives an unclaimed invitation back to its sender's account. */
  async function giveBack(id: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await waiting(tx, id, 'invited');
      if (!row) return false;
      const at = clock();
      const asset = row.currency as Asset;
      const held = formatDecimal(row.held);
      await post(tx, {
        kind: 'send',
        userId: row.senderId,
        at,
        entries: [
          { accountId: await systemAccountId(tx, asset, 'holding'), amount: negate(held) },
          { accountId: row.fromAccountId, amount: held },
        ],
        activities: [
          { accountId: row.fromAccountId, type: 'money_returned', amount: held, counterparty: row.address, reference: row.note },
        ],
      });
      await tx.update(moneySends).set({ held: '0', status: 'returned', settledAt: at }).where(eq(moneySends.id, row.id));
      return true;
    });
  }

  /** Passes on what the receiver's limit takes now of money held for them. */
  async function releaseHeld(id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await waiting(tx, id, 'held');
      if (!row) return;
      const at = clock();
      const released = await release(tx, row, row.recipientId!, at);
      const held = subtract(row.held, released);
      if (compare(held, row.held) === 0) return;
      await tx
        .update(moneySends)
        .set({ held, status: isPositive(held) ? 'held' : 'sent', settledAt: isPositive(held) ? null : at })
        .where(eq(moneySends.id, row.id));
      await showWaiting(tx, row, row.recipientId!, held, at);
    });
  }

  /**
   * One maintenance round: unclaimed invitations past their time go back, the others go to a customer
   * who now has their address, and held money moves on as far as limits allow. Each send is settled in
   * its own transaction under its row's lock, so several instances may run this at once.
   */
  async function settleWaiting(): Promise<void> {
    const now = clock();
    const expired = await db
      .select({ id: moneySends.id })
      .from(moneySends)
      .where(and(eq(moneySends.status, 'invited'), lte(moneySends.expiresAt, now)));
    for (const { id } of expired) await giveBack(id);
    const claimable = await db
      .select({ id: moneySends.id, recipientId: users.id })
      .from(moneySends)
      .innerJoin(users, reaches(moneySends.address))
      .where(eq(moneySends.status, 'invited'));
    for (const { id, recipientId } of claimable) await claim(id, recipientId);
    const held = await db.select({ id: moneySends.id }).from(moneySends).where(eq(moneySends.status, 'held'));
    for (const { id } of held) await releaseHeld(id);
  }

  return {
    lookup,
    admitSend,
    send,
    contacts,
    admitRequest,
    request,
    listRequests,
    payRequest,
    decline: (userId: string, id: string) => close(userId, id, 'payer'),
    cancel: (userId: string, id: string) => close(userId, id, 'requester'),
    remind,
    claim,
    giveBack,
    settleWaiting,
  };
}

export type SendMoneyService = ReturnType<typeof createSendMoneyService>;
