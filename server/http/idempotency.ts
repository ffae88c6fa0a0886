import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from '../errors';

/** Stored answers are replayed for this long; a client retries within minutes, not days. */
export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 60 * 60;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}

/**
 * Runs a money request at most once per `Idempotency-Key` and customer.
 *
 * The key row is inserted first, in the same transaction as the request's own writes (`work` gets
 * that transaction), and the answer is stored in it before commit. So: a retry after success replays
 * the stored answer; a concurrent duplicate blocks on the key's unique index until the first commits,
 * then replays; a request that fails rolls back its key with everything else, and its retry runs
 * afresh — an error wrote nothing, so running again is safe. The same key with a different method,
 * path or body is refused rather than answered with an unrelated stored answer.
 */
export async function runIdempotently(
  c: Context,
  db: Db,
  clock: Clock,
  userId: string,
  rawBody: string,
  work: (tx: Db) => Promise<{ status: number; data: unknown }>,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (!key || !KEY_PATTERN.test(key)) throw new ApiError('idempotency_key_required');
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${new URL(c.req.url).pathname}\n${rawBody}`)
    .digest('hex');
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  const answer = await db.transaction(async (tx): Promise<Answer> => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, createdAt: clock() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) {
      const [stored] = await tx.select().from(idempotencyKeys).where(where);
      if (!stored || stored.requestHash !== requestHash) throw new ApiError('idempotency_key_reused');
      return { status: stored.responseStatus!, body: stored.responseBody!, replayed: true };
    }
    const result = await work(tx);
    const body = JSON.stringify(result.data);
    await tx.update(idempotencyKeys).set({ responseStatus: result.status, responseBody: body }).where(where);
    return { status: result.status, body, replayed: false };
  });

  c.header('Idempotent-Replayed', String(answer.replayed));
  return c.body(answer.body, answer.status as ContentfulStatusCode, { 'Content-Type': 'application/json' });
}

export async function pruneIdempotencyKeys(db: Db, clock: Clock): Promise<void> {
  const cutoff = new Date(clock().getTime() - IDEMPOTENCY_RETENTION_SECONDS * 1000);
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff));
}
