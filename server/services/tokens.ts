import { and, eq, exists, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SessionTokens } from '../../contract/auth';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { refreshTokens, sessions } from '../db/schema';
import { ApiError } from '../errors';
import { recordSecurityEvent } from './security-log';

/** Who is on the other end of a request, as far as the security page needs to show it. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** How a session was opened, for the customer's list of signed-in sessions. */
export interface SessionOrigin {
  method: 'password' | 'passkey' | 'google' | 'apple';
  client: ClientInfo;
}

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/**
 * Two tabs refreshing at the same moment present the same refresh token; the second one loses the
 * race by milliseconds. Within this window that is answered 409 `refresh_conflict` (no tokens, the
 * family stays alive, the tab reads the new cookies) instead of being taken for theft. Later, the same
 * presentation is reuse and revokes the family. A thief gains nothing from the window: no token is issued.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** `last_seen_at` moves in steps of at least this much, so busy sessions do not write on every refresh. */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;

const ISSUER = 'meridian';
const AUDIENCE = 'meridian-api';
const REFRESH_TOKEN_BYTES = 32;

export type SessionRevocationReason = NonNullable<(typeof sessions.$inferSelect)['revokedReason']>;

/** Who is calling: the customer and the session (refresh-token family) the access token belongs to. */
export interface Principal {
  userId: string;
  sessionId: string;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

type RefreshOutcome = { kind: 'rotated'; tokens: SessionTokens } | { kind: 'invalid' } | { kind: 'conflict' } | { kind: 'reused' };

/**
 * Access tokens are HS256 JWTs valid 15 minutes ({ sub: user id, sid: session id }); every request
 * also checks that the session is not revoked, so logout and theft detection take effect at once.
 * Refresh tokens are 32 random bytes stored as SHA-256, valid 30 days, single use: each refresh
 * rotates them within the family, and presenting a rotated one again revokes the family.
 */
export function createTokenService(db: Db, clock: Clock, secret: Uint8Array) {
  async function issue(tx: Db, userId: string, sessionId: string): Promise<SessionTokens> {
    const now = clock();
    const issuedAt = Math.floor(now.getTime() / 1000);
    const accessTokenExpiresAt = new Date((issuedAt + ACCESS_TOKEN_SECONDS) * 1000);
    const accessToken = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(accessTokenExpiresAt)
      .sign(secret);
    const refreshToken = randomBytes(REFRESH_TOKEN_BYTES).toString('base64url');
    const refreshTokenExpiresAt = addSeconds(now, REFRESH_TOKEN_SECONDS);
    await tx.insert(refreshTokens).values({
      id: randomUUID(),
      sessionId,
      tokenHash: sha256(refreshToken),
      createdAt: now,
      expiresAt: refreshTokenExpiresAt,
    });
    return {
      accessToken,
      accessTokenExpiresAt: accessTokenExpiresAt.toISOString(),
      refreshToken,
      refreshTokenExpiresAt: refreshTokenExpiresAt.toISOString(),
    };
  }

  /**
   * A new session (sign-in) with its first tokens, written to the security log; a browser this
   * customer never signed in with before (another user agent than all earlier sessions) is logged as
   * a new device too. The first session of an account (sign-up) has nothing to compare with.
   */
  async function startSession(tx: Db, userId: string, origin: SessionOrigin): Promise<SessionTokens> {
    const sessionId = randomUUID();
    const now = clock();
    const userAgent = origin.client.userAgent?.slice(0, 512) ?? null;
    const earlier = await tx
      .select({ sameDevice: sql<boolean>`bool_or(${sessions.userAgent} IS NOT DISTINCT FROM ${userAgent})` })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    await recordSecurityEvent(tx, now, userId, { kind: 'sign_in', method: origin.method, client: origin.client });
    if (earlier[0]?.sameDevice === false) {
      await recordSecurityEvent(tx, now, userId, { kind: 'new_device', method: origin.method, client: origin.client });
    }
    await tx.insert(sessions).values({
      id: sessionId,
      userId,
      createdAt: now,
      lastSeenAt: now,
      method: origin.method,
      userAgent,
      ip: origin.client.ip,
    });
    return issue(tx, userId, sessionId);
  }

  /** The caller of an `Authorization: Bearer …` header, or null for anything not currently valid. */
  async function authenticate(authorization: string | undefined): Promise<Principal | null> {
    const token = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: clock(),
        requiredClaims: ['sub', 'sid', 'exp'],
      }));
    } catch {
      return null;
    }
    const { sub: userId, sid: sessionId } = claims;
    if (typeof userId !== 'string' || typeof sessionId !== 'string') return null;
    const [live] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    return live ? { userId, sessionId } : null;
  }

  async function refresh(refreshToken: string | undefined): Promise<SessionTokens> {
    if (!refreshToken) throw new ApiError('refresh_token_invalid');
    const tokenHash = sha256(refreshToken);
    // The reuse verdict must commit (the family is revoked) even though the caller gets an error, so
    // the transaction returns an outcome instead of throwing.
    const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
      const now = clock();
      // Rotating is one conditional UPDATE: of two concurrent refreshes exactly one matches the row.
      const [rotated] = await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.rotatedAt),
            gt(refreshTokens.expiresAt, now),
            exists(
              tx
                .select({ id: sessions.id })
                .from(sessions)
                .where(and(eq(sessions.id, refreshTokens.sessionId), isNull(sessions.revokedAt))),
            ),
          ),
        )
        .returning({ sessionId: refreshTokens.sessionId });
      if (rotated) {
        // A refresh is the session being used: the security page's "last seen", written at most once a minute.
        await tx
          .update(sessions)
          .set({ lastSeenAt: now })
          .where(
            and(
              eq(sessions.id, rotated.sessionId),
              or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, addSeconds(now, -LAST_SEEN_RESOLUTION_SECONDS))),
            ),
          );
        const [session] = await tx.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, rotated.sessionId));
        return { kind: 'rotated', tokens: await issue(tx, session!.userId, rotated.sessionId) };
      }

      const [known] = await tx
        .select({ sessionId: refreshTokens.sessionId, rotatedAt: refreshTokens.rotatedAt, revokedAt: sessions.revokedAt })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!known || known.revokedAt || !known.rotatedAt) return { kind: 'invalid' };
      if (now.getTime() - known.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000) return { kind: 'conflict' };
      await revoke(tx, known.sessionId, 'refresh_token_reuse');
      return { kind: 'reused' };
    });
    switch (outcome.kind) {
      case 'rotated':
        return outcome.tokens;
      case 'conflict':
        throw new ApiError('refresh_conflict');
      case 'reused':
        throw new ApiError('refresh_token_reused');
      case 'invalid':
        throw new ApiError('refresh_token_invalid');
    }
  }

  async function revoke(tx: Db, sessionId: string, reason: SessionRevocationReason): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: clock(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Logout: the session of the access token, else the one the refresh token belongs to. */
  async function endSession(principal: Principal | null, refreshToken: string | undefined): Promise<void> {
    let sessionId = principal?.sessionId;
    if (!sessionId && refreshToken) {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
      sessionId = row?.sessionId;
    }
    if (sessionId) await revoke(db, sessionId, 'logout');
  }

  /** Every live session of a customer (after a password reset). */
  async function revokeAll(tx: Db, userId: string, reason: SessionRevocationReason): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: clock(), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /**
   * Drops refresh tokens past their expiry (run periodically by server/main.ts). Rotated tokens are
   * kept until then because presenting one is how theft is noticed.
   */
  async function pruneExpired(): Promise<void> {
    await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, clock()));
  }

  return { startSession, authenticate, refresh, endSession, revokeAll, pruneExpired };
}

export type TokenService = ReturnType<typeof createTokenService>;
