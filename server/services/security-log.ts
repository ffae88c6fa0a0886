import { and, desc, eq, lt } from 'drizzle-orm';
import { SECURITY_ACTIVITY_PAGE_DEFAULT, type SecurityActivity, type SecurityEventKind } from '../../contract/security';
import type { Db } from '../db/database';
import { securityEvents } from '../db/schema';
import { describeDevice } from './device';
import type { ClientInfo, SessionOrigin } from './tokens';

export interface SecurityEventInput {
  kind: SecurityEventKind;
  /** Who did it, when a request did: its address and browser. */
  client?: ClientInfo;
  method?: SessionOrigin['method'];
  /** A passkey's name, a masked phone number, a count; never a secret (the customer reads it). */
  detail?: string;
}

/**
 * Writes one entry of the customer's security log, in the caller's transaction so the entry and the
 * change it records commit together (or neither does).
 */
export async function recordSecurityEvent(tx: Db, at: Date, userId: string, event: SecurityEventInput): Promise<void> {
  await tx.insert(securityEvents).values({
    userId,
    kind: event.kind,
    method: event.method ?? null,
    detail: event.detail?.slice(0, 200) ?? null,
    ip: event.client?.ip ?? null,
    userAgent: event.client?.userAgent?.slice(0, 512) ?? null,
    createdAt: at,
  });
}

/** Reading the log: the owner's entries only, newest first, in keyset pages. */
export function createSecurityLogService(db: Db) {
  async function list(userId: string, page: { cursor?: string; limit?: number }): Promise<SecurityActivity> {
    const limit = page.limit ?? SECURITY_ACTIVITY_PAGE_DEFAULT;
    // One more than asked tells whether another page follows.
    const rows = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), page.cursor ? lt(securityEvents.id, BigInt(page.cursor)) : undefined))
      .orderBy(desc(securityEvents.id))
      .limit(limit + 1);
    const shown = rows.slice(0, limit);
    return {
      events: shown.map((row) => ({
        id: String(row.id),
        kind: row.kind,
        method: row.method,
        detail: row.detail,
        ...describeDevice(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor: rows.length > limit ? String(shown.at(-1)!.id) : null,
    };
  }

  return { list };
}

export type SecurityLogService = ReturnType<typeof createSecurityLogService>;
