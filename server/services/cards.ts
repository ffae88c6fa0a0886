import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { fitsAssetDecimals, type CryptoAsset, type FiatAsset } from '../../contract/assets';
import {
  CARD_DEFAULT_LIMITS,
  CARD_LIMIT_MAX,
  CARDS_PER_ACCOUNT_MAX,
  CREDIT_RATIO_PERCENT,
  LTV_LIQUIDATION_PERCENT,
  LTV_MARGIN_CALL_PERCENT,
  LTV_WARNING_PERCENT,
  type Card,
  type CardAuthorization,
  type CardAuthorizationBody,
  type CardControlsBody,
  type CardCredit,
  type CardForm,
  type CardSecrets,
  type Collateral,
  type CollateralHolding,
  type CollateralMoveBody,
  type CollateralPreview,
  type CollateralPreviewQuery,
  type LtvLevel,
  type LtvSweep,
  type RepayBody,
} from '../../contract/cards';
import { RATE_FRESH_MS } from '../../contract/rates';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { accounts, cardAuthorizations, cardCreditAlerts, cards } from '../db/schema';
import { ApiError } from '../errors';
import { ltvNotice } from './cardNotices';
import { compare, formatDecimal, isPositive, isPositiveAmount, negate } from '../../contract/decimal';
import { post, systemAccountId } from './ledger';
import type { Outbox } from './outbox';
import { noticeRecipient } from './recipient';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Visa's test range: numbers that pass the Luhn check and no network will ever authorize. */
const TEST_BIN = '400000';
/** Cards expire at the end of the month this many years after issue. */
const CARD_LIFETIME_YEARS = 3;

type Row = Record<string, unknown>;
async function rows<T extends Row>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The Luhn check digit of the digits before it. */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i += 1) {
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(number: string): boolean {
  return /^\d{2,19}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}

function testCardNumber(): string {
  const body = TEST_BIN + Array.from({ length: 9 }, () => randomInt(10)).join('');
  return body + luhnCheckDigit(body);
}

/**
 * Card numbers at rest: AES-256-GCM under the configured card key, the card's id as associated data
 * (a sealed number copied onto another card's row does not open). CVVs are an HMAC of the card under
 * a key derived from it (never the encryption key itself), so nothing stores them.
 */
export function createCardVault(cardKey: Uint8Array) {
  if (cardKey.length !== 32) throw new Error('The card key must be 32 bytes.');
  const cvvKey = new Uint8Array(hkdfSync('sha256', cardKey, new Uint8Array(0), 'meridian cvv', 32));
  return {
    seal(cardId: string, number: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', cardKey, iv);
      cipher.setAAD(Buffer.from(cardId));
      const sealed = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open(cardId: string, sealed: string): string {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', cardKey, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(cardId));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
    cvv(cardId: string, number: string, expiryMonth: number, expiryYear: number): string {
      const mac = createHmac('sha256', cvvKey).update(`${cardId}:${number}:${expiryMonth}/${expiryYear}`).digest();
      return String(mac.readUInt32BE(0) % 1000).padStart(3, '0');
    },
  };
}

export interface CardServiceDeps {
  db: Db;
  clock: Clock;
  cardKey: Uint8Array;
  outbox: Outbox;
}

interface CreditRow extends Row {
  id: string;
  user_id: string;
  currency: string;
  name: string;
  created_at: Date | string;
  balance: string;
  collateral_value: string;
  credit_limit: string;
  used: string;
  available: string;
  ltv: string | null;
  ltv_level: LtvLevel;
  /** What is owed is at most the credit limit (both in the card account's currency). */
  within_limit: boolean;
  stale: boolean;
}

/**
 * Card accounts as a credit line. Every figure is computed in SQL on numerics at the current rates
 * (collateral in USD, converted to the card account's currency); the service only formats the text.
 * Decisions (authorizations, withdrawals, liquidations) refuse stale rates; reads show them flagged.
 *
 * Whatever spends against the line locks the card account's row first (`FOR UPDATE`), so concurrent
 * authorizations, repayments and collateral moves of one customer queue behind each other and each
 * sees the balance the previous one left; the stored `credit_limit` is then set in the same
 * transaction, and the database's `balance >= -credit_limit` refuses whatever slipped past the code.
 */
export function createCardService({ db, clock, cardKey, outbox }: CardServiceDeps) {
  const vault = createCardVault(cardKey);
  const staleBefore = () => new Date(clock().getTime() - RATE_FRESH_MS);

  /**
   * The collateral of the card account's customer valued at current rates: `value_exact` unrounded,
   * `stale` when its rate or the card currency's is old. `delta` (signed, in `deltaAsset`) values
   * the collateral as it would be after a move, for previews and withdrawals.
   */
  function collateralSql(userId: string, currency: string, delta?: { asset: string; amount: string }): SQL {
    const change = delta ? sql`CASE WHEN c.currency = ${delta.asset} THEN ${delta.amount}::numeric ELSE 0 END` : sql`0`;
    const own = sql`SELECT currency, balance FROM accounts WHERE user_id = ${userId} AND kind = 'collateral'`;
    // A first pledge of an asset has no collateral account yet: it counts from zero, as the move will.
    const pledged = delta
      ? sql`${own} UNION ALL SELECT ${delta.asset}::text, 0::numeric WHERE NOT EXISTS (${own} AND currency = ${delta.asset})`
      : own;
    return sql`
      SELECT c.currency AS asset, (c.balance + ${change}) AS amount, r.usd / e.usd AS rate,
        (c.balance + ${change}) * r.usd / e.usd AS value_exact,
        (r.updated_at < ${staleBefore()} OR e.updated_at < ${staleBefore()}) AS stale, s.sort_order
      FROM (${pledged}) c
      JOIN rates r ON r.asset = c.currency
      JOIN rates e ON e.asset = ${currency}
      JOIN assets s ON s.code = c.currency`;
  }

  /** The credit line of one card account of the customer, or null when it is not theirs (or no card account). */
  async function creditRow(
    tx: Db,
    userId: string,
    accountId: string,
    delta?: { asset: string; amount: string },
  ): Promise<CreditRow | null> {
    if (!UUID.test(accountId)) return null;
    const [card] = await tx
      .select({ currency: accounts.currency })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId), eq(accounts.kind, 'card')));
    if (!card) return null;
    const ratio = sql`${CREDIT_RATIO_PERCENT}::numeric / 100`;
    const used = sql`greatest(-a.balance, 0)`;
    const ltvExact = sql`(${used} * 100 / nullif(v.value, 0))`;
    const [row] = await rows<CreditRow>(
      tx,
      sql`
      WITH coll AS (${collateralSql(userId, card.currency, delta)}),
      v AS (
        SELECT coalesce(sum(value_exact), 0) AS value, coalesce(bool_or(stale) FILTER (WHERE amount > 0), false) AS stale,
          coalesce(bool_or(amount < 0), false) AS overdrawn
        FROM coll
      )
      SELECT a.id, a.user_id, a.currency, a.name, a.created_at, a.balance::text AS balance,
        trunc(v.value, 2)::text AS collateral_value,
        trunc(v.value * ${ratio}, 2)::text AS credit_limit,
        ${used}::text AS used,
        greatest(trunc(v.value * ${ratio}, 2) - ${used}, 0)::text AS available,
        CASE WHEN ${used} = 0 OR v.value <= 0 THEN NULL ELSE round(${ltvExact}, 2)::text END AS ltv,
        CASE
          WHEN ${used} = 0 THEN 'none'
          WHEN v.value <= 0 OR ${ltvExact} >= ${LTV_LIQUIDATION_PERCENT}::numeric THEN 'liquidation'
          WHEN ${ltvExact} >= ${LTV_MARGIN_CALL_PERCENT}::numeric THEN 'margin_call'
          WHEN ${ltvExact} >= ${LTV_WARNING_PERCENT}::numeric THEN 'warning'
          ELSE 'none'
        END AS ltv_level,
        ${used} <= trunc(v.value * ${ratio}, 2) AS within_limit,
        (v.stale OR (SELECT e.updated_at < ${staleBefore()} FROM rates e WHERE e.asset = a.currency)) AS stale,
        v.overdrawn
      FROM accounts a CROSS JOIN v
      WHERE a.id = ${accountId}`,
    );
    if (row?.overdrawn) throw new ApiError('insufficient_funds');
    return row ?? null;
  }

  function credit(row: CreditRow): CardCredit {
    return {
      id: row.id,
      currency: row.currency as FiatAsset,
      name: row.name,
      collateralValue: formatDecimal(row.collateral_value),
      creditLimit: formatDecimal(row.credit_limit),
      used: formatDecimal(row.used),
      available: formatDecimal(row.available),
      ltv: row.ltv === null ? null : formatDecimal(row.ltv),
      ltvLevel: row.ltv_level,
      stale: row.stale,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  async function requireCredit(tx: Db, userId: string, accountId: string, delta?: { asset: string; amount: string }): Promise<CreditRow> {
    const row = await creditRow(tx, userId, accountId, delta);
    if (!row) throw new ApiError('card_account_not_found');
    return row;
  }

  /** Locks the customer's card account row for the rest of the transaction (see the service's note). */
  async function lockCardAccount(tx: Db, userId: string, accountId: string): Promise<void> {
    if (!UUID.test(accountId)) throw new ApiError('card_account_not_found');
    const [row] = await rows<{ id: string }>(
      tx,
      sql`SELECT id FROM accounts WHERE id = ${accountId} AND user_id = ${userId} AND kind = 'card' FOR UPDATE`,
    );
    if (!row) throw new ApiError('card_account_not_found');
  }

  /** Stores the limit the line has now, never below what is owed (the row's own CHECK). */
  async function storeLimit(tx: Db, row: CreditRow): Promise<void> {
    await tx
      .update(accounts)
      .set({ creditLimit: sql`greatest(${row.credit_limit}::numeric, ${row.used}::numeric)` })
      .where(eq(accounts.id, row.id));
  }

  async function list(userId: string): Promise<CardCredit[]> {
    const own = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.kind, 'card')));
    const result: CardCredit[] = [];
    for (const { id } of own) result.push(credit(await requireCredit(db, userId, id)));
    return result;
  }

  async function get(userId: string, accountId: string): Promise<CardCredit> {
    return credit(await requireCredit(db, userId, accountId));
  }

  async function collateral(tx: Db, userId: string, accountId: string): Promise<Collateral> {
    const line = await requireCredit(tx, userId, accountId);
    const holdings = await rows<{ asset: string; amount: string; rate: string; value: string; stale: boolean }>(
      tx,
      sql`SELECT asset, amount::text AS amount, round(rate, 18)::text AS rate, trunc(value_exact, 2)::text AS value, stale
        FROM (${collateralSql(userId, line.currency)}) coll WHERE amount > 0 ORDER BY sort_order`,
    );
    return {
      credit: credit(line),
      holdings: holdings.map((h): CollateralHolding => ({
        asset: h.asset as CryptoAsset,
        amount: formatDecimal(h.amount),
        rate: formatDecimal(h.rate),
        value: formatDecimal(h.value),
        stale: h.stale,
      })),
      thresholds: {
        creditRatio: CREDIT_RATIO_PERCENT,
        warning: LTV_WARNING_PERCENT,
        marginCall: LTV_MARGIN_CALL_PERCENT,
        liquidation: LTV_LIQUIDATION_PERCENT,
      },
    };
  }

  /**
   * A withdrawal must leave what is owed within the credit limit it leaves (`CREDIT_RATIO_PERCENT` of
   * the collateral), not merely below the warning threshold, which lies above the limit: a debt already
   * past the limit allows none.
   */
  const withdrawalAllowed = (after: CreditRow) => after.within_limit;
  const owes = (line: CreditRow) => isPositive(line.used);

  async function preview(userId: string, accountId: string, query: CollateralPreviewQuery): Promise<CollateralPreview> {
    if (!fitsAssetDecimals(query.amount, query.asset)) throw new ApiError('amount_too_precise');
    const amount = query.direction === 'add' ? query.amount : negate(query.amount);
    try {
      const after = await requireCredit(db, userId, accountId, { asset: query.asset, amount });
      return {
        ltv: after.ltv === null ? null : formatDecimal(after.ltv),
        creditLimit: formatDecimal(after.credit_limit),
        available: formatDecimal(after.available),
        allowed: query.direction === 'add' || withdrawalAllowed(after),
        overPledged: false,
        stale: after.stale,
      };
    } catch (error) {
      // More than is pledged: no result to compute; the line as it is now, and why not.
      if (error instanceof ApiError && error.code === 'insufficient_funds') {
        const now = await requireCredit(db, userId, accountId);
        return {
          ltv: now.ltv === null ? null : formatDecimal(now.ltv),
          creditLimit: formatDecimal(now.credit_limit),
          available: formatDecimal(now.available),
          allowed: false,
          overPledged: true,
          stale: now.stale,
        };
      }
      throw error;
    }
  }

  async function ownAccount(tx: Db, userId: string, kind: 'crypto' | 'fiat' | 'collateral', currency: string): Promise<string | undefined> {
    const [row] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.kind, kind), eq(accounts.currency, currency)));
    return row?.id;
  }

  async function collateralAccount(tx: Db, userId: string, asset: CryptoAsset): Promise<string> {
    await tx
      .insert(accounts)
      .values({ id: randomUUID(), userId, kind: 'collateral', currency: asset, name: `${asset} collateral`, createdAt: clock() })
      .onConflictDoNothing();
    return (await ownAccount(tx, userId, 'collateral', asset))!;
  }

  /** Pledges crypto or takes it back, one ledger transaction between the customer's two accounts of the asset. */
  async function moveCollateral(
    tx: Db,
    userId: string,
    accountId: string,
    direction: 'add' | 'withdraw',
    body: CollateralMoveBody,
    idempotencyKey: string | undefined,
  ): Promise<Collateral> {
    await lockCardAccount(tx, userId, accountId);
    if (!fitsAssetDecimals(body.amount, body.asset)) throw new ApiError('amount_too_precise');
    const free = await ownAccount(tx, userId, 'crypto', body.asset);
    if (!free) throw new ApiError('account_not_found');
    const pledged = await collateralAccount(tx, userId, body.asset);
    if (direction === 'withdraw') {
      const after = await requireCredit(tx, userId, accountId, { asset: body.asset, amount: negate(body.amount) });
      if (owes(after)) {
        if (after.stale) throw new ApiError('rate_stale');
        if (!withdrawalAllowed(after)) {
          throw new ApiError('ltv_too_high', undefined, { fields: { ltv: after.ltv === null ? 'infinite' : formatDecimal(after.ltv) } });
        }
      }
    }
    const [from, to] = direction === 'add' ? [free, pledged] : [pledged, free];
    const type = direction === 'add' ? 'collateral_pledge' : 'collateral_release';
    await post(tx, {
      kind: 'collateral',
      userId,
      idempotencyKey,
      at: clock(),
      entries: [
        { accountId: from, amount: negate(body.amount) },
        { accountId: to, amount: body.amount },
      ],
      activities: [
        { accountId: from, type, amount: negate(body.amount) },
        { accountId: to, type, amount: body.amount },
      ],
    });
    const line = await requireCredit(tx, userId, accountId);
    await storeLimit(tx, line);
    await settleAlert(tx, line);
    return collateral(tx, userId, accountId);
  }

  async function repay(
    tx: Db,
    userId: string,
    accountId: string,
    body: RepayBody,
    idempotencyKey: string | undefined,
  ): Promise<CardCredit> {
    await lockCardAccount(tx, userId, accountId);
    const line = await requireCredit(tx, userId, accountId);
    if (!fitsAssetDecimals(body.amount, line.currency as FiatAsset)) throw new ApiError('amount_too_precise');
    const [source] = UUID.test(body.fromAccountId)
      ? await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(
            and(
              eq(accounts.id, body.fromAccountId),
              eq(accounts.userId, userId),
              eq(accounts.kind, 'fiat'),
              eq(accounts.currency, line.currency),
            ),
          )
      : [];
    if (!source) throw new ApiError('account_not_found');
    const [exceeds] = await rows<{ over: boolean }>(tx, sql`SELECT ${body.amount}::numeric > ${line.used}::numeric AS over`);
    if (exceeds!.over) throw new ApiError('repayment_exceeds_debt');
    await post(tx, {
      kind: 'repayment',
      userId,
      idempotencyKey,
      at: clock(),
      entries: [
        { accountId: source.id, amount: negate(body.amount) },
        { accountId, amount: body.amount },
      ],
      activities: [
        { accountId: source.id, type: 'card_repayment', amount: negate(body.amount) },
        { accountId, type: 'card_repayment', amount: body.amount },
      ],
    });
    const after = await requireCredit(tx, userId, accountId);
    await storeLimit(tx, after);
    await settleAlert(tx, after);
    return credit(after);
  }

  // --- Cards ---------------------------------------------------------------------------------------

  const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

  function spentSince(since: Date): SQL<string> {
    return sql<string>`(SELECT coalesce(sum(x.amount), 0)::text FROM card_authorizations x WHERE x.card_id = cards.id AND x.created_at >= ${since})`;
  }

  function selectCards(tx: Db) {
    const now = clock();
    return tx
      .select({
        card: cards,
        spentToday: spentSince(dayStart(now)),
        spentThisMonth: spentSince(monthStart(now)),
      })
      .from(cards);
  }

  function shape(row: { card: typeof cards.$inferSelect; spentToday: string; spentThisMonth: string }): Card {
    const { card } = row;
    return {
      id: card.id,
      accountId: card.accountId,
      form: card.form,
      status: card.status,
      frozen: card.frozen,
      last4: card.last4,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      dailyLimit: formatDecimal(card.dailyLimit),
      monthlyLimit: formatDecimal(card.monthlyLimit),
      spentToday: formatDecimal(row.spentToday),
      spentThisMonth: formatDecimal(row.spentThisMonth),
      online: card.onlineEnabled,
      contactless: card.contactlessEnabled,
      createdAt: card.createdAt.toISOString(),
    };
  }

  async function listCards(userId: string, accountId: string): Promise<Card[]> {
    await requireCredit(db, userId, accountId);
    const found = await selectCards(db)
      .where(and(eq(cards.accountId, accountId), eq(cards.userId, userId)))
      .orderBy(asc(cards.createdAt), asc(cards.id));
    return found.map(shape);
  }

  /** The customer's card (locked for the transaction when `lock`), else 404 as if it did not exist. */
  async function ownCard(tx: Db, userId: string, cardId: string, lock = false) {
    if (!UUID.test(cardId)) throw new ApiError('card_not_found');
    const query = selectCards(tx).where(and(eq(cards.id, cardId), eq(cards.userId, userId)));
    const [row] = lock ? await query.for('update', { of: cards }) : await query;
    if (!row) throw new ApiError('card_not_found');
    return row;
  }

  /** Runs in the transaction that records the request's Idempotency-Key: a repeated key answers the first card. */
  async function issueCard(tx: Db, userId: string, accountId: string, form: CardForm): Promise<Card> {
    await lockCardAccount(tx, userId, accountId);
    const [count] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM cards WHERE account_id = ${accountId}`);
    if (Number(count!.n) >= CARDS_PER_ACCOUNT_MAX) throw new ApiError('cards_limit_reached');
    const now = clock();
    const id = randomUUID();
    const number = testCardNumber();
    await tx.insert(cards).values({
      id,
      userId,
      accountId,
      form,
      status: form === 'virtual' ? 'active' : 'ordered',
      frozen: false,
      numberSealed: vault.seal(id, number),
      last4: number.slice(-4),
      expiryMonth: now.getUTCMonth() + 1,
      expiryYear: now.getUTCFullYear() + CARD_LIFETIME_YEARS,
      dailyLimit: CARD_DEFAULT_LIMITS.daily,
      monthlyLimit: CARD_DEFAULT_LIMITS.monthly,
      onlineEnabled: true,
      contactlessEnabled: true,
      createdAt: now,
    });
    return shape(await ownCard(tx, userId, id));
  }

  async function updateCard(
    userId: string,
    cardId: string,
    change: (card: typeof cards.$inferSelect) => Partial<typeof cards.$inferInsert>,
  ): Promise<Card> {
    return db.transaction(async (tx) => {
      const { card } = await ownCard(tx, userId, cardId, true);
      const values = change(card);
      if (Object.keys(values).length > 0) await tx.update(cards).set(values).where(eq(cards.id, cardId));
      return shape(await ownCard(tx, userId, cardId));
    });
  }

  const setFrozen = (userId: string, cardId: string, frozen: boolean) => updateCard(userId, cardId, () => ({ frozen }));

  const activate = (userId: string, cardId: string) =>
    updateCard(userId, cardId, (card) => {
      if (card.status !== 'shipped') throw new ApiError('card_not_shipped');
      return { status: 'active' };
    });

  const ship = (userId: string, cardId: string) =>
    updateCard(userId, cardId, (card) => {
      if (card.status !== 'ordered') throw new ApiError('card_not_shipped');
      return { status: 'shipped' };
    });

  async function updateControls(userId: string, cardId: string, body: CardControlsBody): Promise<Card> {
    return updateCard(userId, cardId, (card) => {
      const daily = body.dailyLimit ?? card.dailyLimit;
      const monthly = body.monthlyLimit ?? card.monthlyLimit;
      if (compare(daily, monthly) > 0 || compare(monthly, CARD_LIMIT_MAX) > 0) throw new ApiError('card_limits_invalid');
      return {
        dailyLimit: daily,
        monthlyLimit: monthly,
        ...(body.online === undefined ? {} : { onlineEnabled: body.online }),
        ...(body.contactless === undefined ? {} : { contactlessEnabled: body.contactless }),
      };
    });
  }

  /** The card's secrets; the caller has checked and spends the step-up grant in `tx`. */
  async function reveal(tx: Db, userId: string, cardId: string): Promise<CardSecrets> {
    const { card } = await ownCard(tx, userId, cardId);
    const number = vault.open(card.id, card.numberSealed);
    return {
      number,
      cvv: vault.cvv(card.id, number, card.expiryMonth, card.expiryYear),
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
    };
  }

  /**
   * A merchant's request, decided and posted in one transaction: the card (locked) must be the
   * customer's, active, not frozen, with the channel's switch on and room under both limits; the card
   * account (locked) must have the credit at fresh rates. The payment and its `card_payment` activity
   * are one ledger transaction; the authorization row counts it against the limits.
   */
  async function authorize(
    tx: Db,
    userId: string,
    body: CardAuthorizationBody,
    idempotencyKey: string | undefined,
  ): Promise<CardAuthorization> {
    const { card } = await ownCard(tx, userId, body.cardId);
    await lockCardAccount(tx, userId, card.accountId);
    const { card: locked, spentToday, spentThisMonth } = await ownCard(tx, userId, body.cardId, true);
    if (locked.frozen) throw new ApiError('card_frozen');
    if (locked.status !== 'active') throw new ApiError('card_not_active');
    if ((body.channel === 'online' && !locked.onlineEnabled) || (body.channel === 'contactless' && !locked.contactlessEnabled)) {
      throw new ApiError('card_channel_disabled');
    }
    const line = await requireCredit(tx, userId, locked.accountId);
    if (!fitsAssetDecimals(body.amount, line.currency as FiatAsset)) throw new ApiError('amount_too_precise');
    if (!isPositiveAmount(body.amount)) throw new ApiError('amount_invalid');
    const [check] = await rows<{ day: boolean; month: boolean; credit: boolean }>(
      tx,
      sql`SELECT ${spentToday}::numeric + ${body.amount}::numeric > ${locked.dailyLimit}::numeric AS day,
        ${spentThisMonth}::numeric + ${body.amount}::numeric > ${locked.monthlyLimit}::numeric AS month,
        ${body.amount}::numeric > ${line.available}::numeric AS credit`,
    );
    if (check!.day) throw new ApiError('card_limit_exceeded', undefined, { fields: { period: 'day' } });
    if (check!.month) throw new ApiError('card_limit_exceeded', undefined, { fields: { period: 'month' } });
    if (line.stale) throw new ApiError('rate_stale');
    if (check!.credit) throw new ApiError('credit_insufficient');
    await storeLimit(tx, line);
    const now = clock();
    const reference = `Card •••• ${locked.last4}`;
    let transactionId: string;
    try {
      transactionId = await post(tx, {
        kind: 'card',
        userId,
        idempotencyKey,
        at: now,
        entries: [
          { accountId: locked.accountId, amount: negate(body.amount) },
          { accountId: await systemAccountId(tx, line.currency as FiatAsset), amount: body.amount },
        ],
        activities: [
          { accountId: locked.accountId, type: 'card_payment', amount: negate(body.amount), counterparty: body.merchant, reference },
        ],
      });
    } catch (error) {
      // The database's own limit: only reached if the code above let too much through.
      if (error instanceof ApiError && error.code === 'insufficient_funds') throw new ApiError('credit_insufficient');
      throw error;
    }
    const id = randomUUID();
    await tx.insert(cardAuthorizations).values({
      id,
      cardId: locked.id,
      transactionId,
      amount: body.amount,
      merchant: body.merchant,
      channel: body.channel,
      category: body.category ?? 'other',
      createdAt: now,
    });
    const after = await requireCredit(tx, userId, locked.accountId);
    await settleAlert(tx, after);
    return {
      id,
      cardId: locked.id,
      amount: negate(formatDecimal(body.amount)),
      merchant: body.merchant,
      available: formatDecimal(after.available),
      createdAt: now.toISOString(),
    };
  }

  // --- Loan-to-value ----------------------------------------------------------------------------

  const ALERT_ORDER = { none: 0, warning: 1, margin_call: 2 } as const;

  /**
   * Tells the customer when the line crossed into a higher level than they were last told of, and
   * remembers a lower one (so crossing up again is told again). Liquidation is the sweep's to do.
   */
  async function settleAlert(tx: Db, line: CreditRow): Promise<'warning' | 'margin_call' | null> {
    if (line.stale) return null;
    const level = line.ltv_level === 'liquidation' ? 'margin_call' : line.ltv_level;
    const [stored] = await tx.select().from(cardCreditAlerts).where(eq(cardCreditAlerts.accountId, line.id)).for('update');
    const told = stored?.level ?? 'none';
    if (level === told) return null;
    await tx
      .insert(cardCreditAlerts)
      .values({ accountId: line.id, level, updatedAt: clock() })
      .onConflictDoUpdate({ target: cardCreditAlerts.accountId, set: { level, updatedAt: clock() } });
    if (ALERT_ORDER[level] < ALERT_ORDER[told] || level === 'none') return null;
    const to = await noticeRecipient(tx, line.user_id);
    await outbox.enqueue(tx, ltvNotice(level, to.email, to.language, { ltv: line.ltv ?? '0' }));
    return level;
  }

  /**
   * Sells collateral, asset by asset in listing order, until the debt is repaid (or nothing is left):
   * each sale is the customer's collateral paying the system account of its asset, and the system's
   * euros paying the card account, in one balanced ledger transaction with an activity on every account.
   * The crypto sold is rounded up to the asset's decimals, the euros credited down to cents.
   */
  async function liquidate(tx: Db, line: CreditRow): Promise<void> {
    const currency = line.currency as FiatAsset;
    const holdings = await rows<{ asset: string; account_id: string; sold: string; covered: string }>(
      tx,
      sql`
      WITH coll AS (
        SELECT c.id AS account_id, c.currency AS asset, c.balance, r.usd / e.usd AS rate, s.decimals, s.sort_order,
          trunc(c.balance * r.usd / e.usd, 2) AS value
        FROM accounts c JOIN rates r ON r.asset = c.currency JOIN rates e ON e.asset = ${currency} JOIN assets s ON s.code = c.currency
        WHERE c.user_id = ${line.user_id} AND c.kind = 'collateral' AND c.balance > 0
      ),
      ordered AS (
        SELECT *, coalesce(sum(value) OVER (ORDER BY sort_order ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
        FROM coll
      ),
      plan AS (
        SELECT account_id, asset, balance, rate, decimals, sort_order,
          least(value, greatest(${line.used}::numeric - before, 0)) AS covered
        FROM ordered
      )
      SELECT account_id, asset,
        least(balance, ceil(covered / rate * power(10, decimals)) / power(10, decimals))::text AS sold,
        covered::text AS covered
      FROM plan WHERE covered > 0 ORDER BY sort_order`,
    );
    if (holdings.length === 0) return;
    const entries: { accountId: string; amount: string }[] = [];
    const activities: Parameters<typeof post>[1]['activities'] = [];
    let repaid = '0';
    for (const h of holdings) {
      const sold = formatDecimal(h.sold, 0);
      const covered = formatDecimal(h.covered);
      entries.push({ accountId: h.account_id, amount: negate(sold) });
      entries.push({ accountId: await systemAccountId(tx, h.asset as CryptoAsset), amount: sold });
      activities.push({
        accountId: h.account_id,
        type: 'liquidation',
        amount: negate(sold),
        counterAmount: covered,
        counterCurrency: currency,
      });
      const [sum] = await rows<{ total: string }>(tx, sql`SELECT (${repaid}::numeric + ${covered}::numeric)::text AS total`);
      repaid = sum!.total;
    }
    repaid = formatDecimal(repaid);
    entries.push({ accountId: await systemAccountId(tx, currency), amount: negate(repaid) });
    entries.push({ accountId: line.id, amount: repaid });
    activities.push({ accountId: line.id, type: 'liquidation', amount: repaid });
    await post(tx, { kind: 'liquidation', userId: null, at: clock(), entries, activities });
    await tx
      .insert(cardCreditAlerts)
      .values({ accountId: line.id, level: 'none', updatedAt: clock() })
      .onConflictDoUpdate({ target: cardCreditAlerts.accountId, set: { level: 'none', updatedAt: clock() } });
    const to = await noticeRecipient(tx, line.user_id);
    await outbox.enqueue(tx, ltvNotice('liquidation', to.email, to.language, { ltv: line.ltv ?? '0', amount: repaid }));
    const after = await requireCredit(tx, line.user_id, line.id);
    await storeLimit(tx, after);
  }

  /** Every card account with debt, one transaction each (locked like any spending), at fresh rates only. */
  async function sweep(): Promise<LtvSweep> {
    const result: LtvSweep = { checked: 0, warned: 0, marginCalled: 0, liquidated: 0, skippedStale: 0 };
    const owing = await db
      .select({ id: accounts.id, userId: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.kind, 'card'), sql`${accounts.balance} < 0`));
    for (const { id, userId } of owing) {
      await db.transaction(async (tx) => {
        await lockCardAccount(tx, userId!, id);
        const line = await requireCredit(tx, userId!, id);
        result.checked += 1;
        if (line.stale) {
          result.skippedStale += 1;
          return;
        }
        if (line.ltv_level === 'liquidation') {
          await liquidate(tx, line);
          result.liquidated += 1;
          return;
        }
        const told = await settleAlert(tx, line);
        if (told === 'warning') result.warned += 1;
        if (told === 'margin_call') result.marginCalled += 1;
      });
    }
    return result;
  }

  return {
    list,
    get,
    collateral: (userId: string, accountId: string) => collateral(db, userId, accountId),
    preview,
    moveCollateral,
    repay,
    listCards,
    issueCard,
    setFrozen,
    activate,
    ship,
    updateControls,
    reveal,
    authorize,
    sweep,
  };
}

export type CardService = ReturnType<typeof createCardService>;
