import { and, desc, eq, exists, gt, isNull, ne } from 'drizzle-orm';
import type { SignedInSession } from '../../contract/social';
import { addSeconds, type Clock } from '../clock';
import type { SessionLifetime } from '../config';
import type { Db } from '../db/database';
import { refreshTokens, sessions } from '../db/schema';
import { ApiError } from '../errors';
import { describeDevice } from './device';
import { recordSecurityEvent } from './security-log';
import type { ClientInfo, Principal } from './tokens';

/**
 * The customer's signed-in sessions for the security page. Signing one out revokes it: its access
 * token is refused at the next call (tokens.authenticate checks the session) and its refresh token
 * with it, so that device's app lands on the login page.
 */
export function createSessionService(db: Db, clock: Clock, lifetime: SessionLifetime) {
  /** Live: not revoked, not idle, and still holding a refresh token that can be used. */
  function live(userId: string) {
    return and(
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      gt(sessions.lastActiveAt, addSeconds(clock(), -lifetime.idleSeconds)),
      exists(
        db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.sessionId, sessions.id), isNull(refreshTokens.rotatedAt), gt(refreshTokens.expiresAt, clock()))),
      ),
    );
  }

  async function list(principal: Principal): Promise<SignedInSession[]> {
    const rows = await db
      .select()
      .from(sessions)
      .where(live(principal.userId))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    return rows.map((row) => ({
      id: row.id,
      ...describeDevice(row.userAgent),
      method: row.method,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
      current: row.id === principal.sessionId,
    }));
  }

  /** Another session of the same customer; the current one ends with /auth/logout instead. */
  async function revoke(principal: Principal, sessionId: string, client: ClientInfo): Promise<void> {
    if (sessionId === principal.sessionId) throw new ApiError('session_is_current');
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: clock(), revokedReason: 'signed_out_remotely' })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, principal.userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (revoked.length === 0) throw new ApiError('session_not_found');
    await recordSecurityEvent(db, clock(), principal.userId, { kind: 'sessions_ended', client, detail: '1' });
  }

  /** Every session but the current one (`keepCurrent`), or all of them. Answers how many ended. */
  async function revokeAll(principal: Principal, keepCurrent: boolean, client: ClientInfo): Promise<number> {
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: clock(), revokedReason: keepCurrent ? 'signed_out_remotely' : 'signed_out_everywhere' })
      .where(
        and(
          eq(sessions.userId, principal.userId),
          isNull(sessions.revokedAt),
          keepCurrent ? ne(sessions.id, principal.sessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    if (revoked.length > 0) {
      await recordSecurityEvent(db, clock(), principal.userId, { kind: 'sessions_ended', client, detail: String(revoked.length) });
    }
    return revoked.length;
  }

  return { list, revoke, revokeAll };
}

export type SessionService = ReturnType<typeof createSessionService>;
