import { and, count, desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CryptoAsset } from '../../contract/assets';
import { RATE_FRESH_MS } from '../../contract/rates';
import {
  MOVE_ALERT_REARM_FRACTION,
  PRICE_ALERT_REARM_PERCENT,
  PRICE_ALERTS_MAX,
  type CreatePriceAlertBody,
  type PriceAlert,
  type PriceAlerts,
} from '../../contract/priceAlerts';
import { formatDecimal } from '../../contract/decimal';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { priceAlerts } from '../db/schema';
import { ApiError } from '../errors';
import { RATE_HISTORY_MS } from './rates';

type AlertRow = typeof priceAlerts.$inferSelect;

function toAlert(row: AlertRow): PriceAlert {
  return {
    id: row.id,
    asset: row.asset as CryptoAsset,
    kind: row.kind,
    price: row.price === null ? null : formatDecimal(row.price),
    percent: row.percent === null ? null : formatDecimal(row.percent, 0),
    armed: row.armed,
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Price alerts (contract/priceAlerts.ts). `evaluate` is the job: one statement fires every armed alert
 * whose condition holds at the current, fresh prices, disarming it and notifying its customer
 * (`notify_customer`, which the push service delivers), and another re-arms those back past their
 * margin. Both are conditional updates of the alert's row, so instances that evaluate together fire each
 * crossing once: the second waits for the first's row lock and then finds the alert disarmed.
 */
export function createPriceAlertService(db: Db, clock: Clock) {
  async function list(userId: string): Promise<PriceAlerts> {
    const rows = await db.select().from(priceAlerts).where(eq(priceAlerts.userId, userId)).orderBy(desc(priceAlerts.createdAt));
    return { alerts: rows.map(toAlert) };
  }

  /** `into` is the transaction that also records the request's Idempotency-Key. */
  async function create(userId: string, body: CreatePriceAlertBody, into: Db = db): Promise<PriceAlert> {
    return into.transaction(async (tx) => {
      // Serialises one customer's creations, so two at once cannot both pass the count. NO KEY UPDATE: the
      // Idempotency-Key row holds a key-share lock on the user, which FOR UPDATE would wait on (a deadlock).
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
      if (n >= PRICE_ALERTS_MAX) throw new ApiError('price_alerts_full');
      const [row] = await tx
        .insert(priceAlerts)
        .values({
          id: randomUUID(),
          userId,
          asset: body.asset,
          kind: body.kind,
          price: body.kind === 'move' ? null : body.price,
          percent: body.kind === 'move' ? body.percent : null,
          armed: true,
          createdAt: clock(),
        })
        .returning();
      return toAlert(row!);
    });
  }

  async function remove(userId: string, id: string): Promise<PriceAlerts> {
    if (!z.uuid().safeParse(id).success) throw new ApiError('price_alert_not_found');
    const removed = await db
      .delete(priceAlerts)
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
      .returning({ id: priceAlerts.id });
    if (removed.length === 0) throw new ApiError('price_alert_not_found');
    return list(userId);
  }

  /**
   * The job's round: fires and re-arms at the prices of now. A stale price (the feed stopped) neither
   * fires nor re-arms; a move alert needs the price of 24 hours ago (the oldest kept, `rate_history`).
   * Answers how many alerts fired.
   */
  async function evaluate(): Promise<number> {
    const now = clock();
    const fresh = new Date(now.getTime() - RATE_FRESH_MS);
    const dayAgo = new Date(now.getTime() - RATE_HISTORY_MS);
    const margin = sql.raw(`(${PRICE_ALERT_REARM_PERCENT}::numeric / 100)`);
    const moveBack = sql.raw(`${MOVE_ALERT_REARM_FRACTION}::numeric`);
    // The price of each fresh asset now and, when kept, 24 hours ago; the change in percent.
    const prices = sql`
      SELECT r.asset, r.usd,
        (SELECT h.usd FROM rate_history h WHERE h.asset = r.asset AND h.at >= ${dayAgo} ORDER BY h.at LIMIT 1) AS usd_day_ago
      FROM rates r WHERE r.updated_at >= ${fresh}`;
    const change = sql`abs(p.usd - p.usd_day_ago) * 100 / p.usd_day_ago`;
    const fired = (await db.execute(sql`
      WITH p AS (${prices}),
      fired AS (
        UPDATE price_alerts a SET armed = false, last_fired_at = ${now}
        FROM p WHERE p.asset = a.asset AND a.armed AND (
          (a.kind = 'above' AND p.usd >= a.price) OR
          (a.kind = 'below' AND p.usd <= a.price) OR
          (a.kind = 'move' AND p.usd_day_ago > 0 AND ${change} >= a.percent))
        RETURNING a.user_id, a.asset, p.usd
      )
      SELECT count(notify_customer(user_id, 'price_alert',
        jsonb_build_object('amount', round(usd, 2)::text, 'currency', 'USD', 'asset', asset), ${now}))::int AS n
      FROM fired`)) as unknown as { rows: { n: number }[] };
    await db.execute(sql`
      WITH p AS (${prices})
      UPDATE price_alerts a SET armed = true
      FROM p WHERE p.asset = a.asset AND NOT a.armed AND (
        (a.kind = 'above' AND p.usd <= a.price * (1 - ${margin})) OR
        (a.kind = 'below' AND p.usd >= a.price * (1 + ${margin})) OR
        (a.kind = 'move' AND p.usd_day_ago > 0 AND ${change} <= a.percent * ${moveBack}))`);
    return fired.rows[0]?.n ?? 0;
  }

  return { list, create, remove, evaluate };
}

export type PriceAlertService = ReturnType<typeof createPriceAlertService>;
