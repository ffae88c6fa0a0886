import { and, eq, exists, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SessionTokens } from '../../contract/auth';
import { addSeconds, type Clock } from '../clock';
import type { SessionLifetime } from '../config';
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
/**
 * Two tabs refreshing at the same moment present the same refresh token; the second one loses the
 * race by milliseconds. Within this window that is answered 409 `refresh_conflict` (no tokens, the
 * family stays alive, the tab reads the new cookies) instead of being taken for theft. Later, the same
 * presentation is reuse and revokes the family. A thief gains nothing from the window: no token is issued.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** `last_seen_at` moves in steps of at least this much, so busy sessions do not write on every refresh. */
export const LAST_SEEN_RESOLUTION_SECONDS = 60;
/**
 * `last_active_at` likewise, in much finer steps: the server may see a customer as idle this much
 * sooner than the app does, well inside the minute the app's "Stay signed in?" leaves.
 */
export const LAST_ACTIVE_RESOLUTION_SECONDS = 5;

const ISSUER = 'meridian';
const AUDIENCE = 'meridian-api';
const REFRESH_TOKEN_BYTES = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SessionRevocationReason = NonNullable<(typeof sessions.$inferSelect)['revokedReason']>;

/** Who is calling: the customer and the session (refresh-token family) the access token belongs to. */
export interface Principal {
  userId: string;
  sessionId: string;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * What opening or renewing a session hands the route: the answer's part, and the refresh token, which
 * goes into its HttpOnly cookie and nowhere else (server/http/cookies.ts).
 */
export interface IssuedTokens extends SessionTokens {
  refreshToken: string;
}

/** Whether a request counts as the customer's activity (contract/session.ts, `X-Meridian-Activity`). */
export type ActivityMark = 'customer' | 'background';

/** A bearer token's verdict: its principal, or why there is none. */
export type Authentication = { ok: true; principal: Principal } | { ok: false; code: 'unauthorized' | 'session_idle' | 'session_expired' };

type RefreshOutcome =
  | { kind: 'rotated'; tokens: IssuedTokens }
  | { kind: 'invalid' }
  | { kind: 'conflict' }
  | { kind: 'reused' }
  | { kind: 'ended'; code: 'session_idle' | 'session_expired' | 'session_wrong_codes' };

/**
 * Access tokens are HS256 JWTs valid 15 minutes ({ sub: user id, sid: session id }); every request
 * also checks that the session is not revoked, idle or past its absolute lifetime, so logout, theft
 * detection and the lifetimes take effect at once. Refresh tokens are 32 random bytes stored as
 * SHA-256, valid until the session's absolute end, single use: each refresh rotates them within the
 * family, and presenting a rotated one again revokes the family.
 */
export function createTokenService(db: Db, clock: Clock, secret: Uint8Array, lifetime: SessionLifetime) {
  /** Why a session can no longer be used now, if it cannot. */
  function ended(session: { createdAt: Date; lastActiveAt: Date }, now: Date): 'session_idle' | 'session_expired' | null {
    if (now.getTime() >= session.createdAt.getTime() + lifetime.absoluteSeconds * 1000) return 'session_expired';
    if (now.getTime() >= session.lastActiveAt.getTime() + lifetime.idleSeconds * 1000) return 'session_idle';
    return null;
  }

  /** Records the customer's request (in steps of LAST_ACTIVE_RESOLUTION_SECONDS). */
  async function markActive(tx: Db, sessionId: string, lastActiveAt: Date, now: Date): Promise<void> {
    if (now.getTime() - lastActiveAt.getTime() < LAST_ACTIVE_RESOLUTION_SECONDS * 1000) return;
    await tx
      .update(sessions)
      .set({ lastActiveAt: now })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastActiveAt, now)));
  }

  async function issue(tx: Db, userId: string, sessionId: string, createdAt: Date): Promise<IssuedTokens> {
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
    // The refresh token never outlives the session: rotating it does not push the absolute end.
    const sessionExpiresAt = addSeconds(createdAt, lifetime.absoluteSeconds);
    await tx.insert(refreshTokens).values({
      id: randomUUID(),
      sessionId,
      tokenHash: sha256(refreshToken),
      createdAt: now,
      expiresAt: sessionExpiresAt,
    });
    return {
      accessToken,
      accessTokenExpiresAt: accessTokenExpiresAt.toISOString(),
      sessionExpiresAt: sessionExpiresAt.toISOString(),
      idleTimeoutSeconds: lifetime.idleSeconds,
      refreshToken,
    };
  }

  /**
   * A new session (sign-in) with its first tokens, written to the security log; a browser this
   * customer never signed in with before (another user agent than all earlier sessions) is logged as
   * a new device too. The first session of an account (sign-up) has nothing to compare with. Signing
   * in is activity.
   */
  async function startSession(tx: Db, userId: string, origin: SessionOrigin): Promise<IssuedTokens> {
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
      lastActiveAt: now,
      method: origin.method,
      userAgent,
      ip: origin.client.ip,
    });
    return issue(tx, userId, sessionId, now);
  }

  /** Why a live (not revoked) session of this customer can no longer be used, if it cannot. */
  async function sessionVerdict(userId: unknown, sessionId: unknown): Promise<'session_idle' | 'session_expired' | null> {
    if (typeof userId !== 'string' || typeof sessionId !== 'string' || !UUID.test(userId) || !UUID.test(sessionId)) return null;
    const [row] = await db
      .select({ createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    return row ? ended(row, clock()) : null;
  }

  /**
   * The caller of an `Authorization: Bearer …` header. A session past its idle or absolute lifetime
   * says so (401 `session_idle` / `session_expired`); anything else not currently valid is
   * `unauthorized`. A `customer` request is checked first, then counts as activity.
   */
  async function authenticate(authorization: string | undefined, activity: ActivityMark = 'background'): Promise<Authentication> {
    const refused = { ok: false, code: 'unauthorized' } as const;
    const token = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return refused;
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: clock(),
        requiredClaims: ['sub', 'sid', 'exp'],
      }));
    } catch (error) {
      // The access token outlives nothing but its 15 minutes; when its session is over too (idle, or
      // at its end), the caller is told that instead, so the app can say why the customer was signed out.
      if (error instanceof joseErrors.JWTExpired && error.payload.iss === ISSUER && error.payload.aud === AUDIENCE) {
        return { ok: false, code: (await sessionVerdict(error.payload.sub, error.payload.sid)) ?? 'unauthorized' };
      }
      return refused;
    }
    const { sub: userId, sid: sessionId } = claims;
    if (typeof userId !== 'string' || typeof sessionId !== 'string') return refused;
    const [live] = await db
      .select({ createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    if (!live) return refused;
    const now = clock();
    const over = ended(live, now);
    if (over) return { ok: false, code: over };
    if (activity === 'customer') await markActive(db, sessionId, live.lastActiveAt, now);
    return { ok: true, principal: { userId, sessionId } };
  }

  /**
   * New tokens for the refresh cookie's session, unless it is idle or past its absolute lifetime. Only
   * a `customer` refresh ("Stay signed in", the app's first load) counts as activity: the renewal after
   * a background call's 401 must not keep an unattended session alive.
   */
  async function refresh(refreshToken: string | undefined, activity: ActivityMark = 'background'): Promise<IssuedTokens> {
    if (!refreshToken) throw new ApiError('refresh_token_invalid');
    const tokenHash = sha256(refreshToken);
    // The reuse verdict must commit (the family is revoked) even though the caller gets an error, so
    // the transaction returns an outcome instead of throwing.
    const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
      const now = clock();
      // An idle or expired session is over: it is refused before anything is rotated.
      const [current] = await tx
        .select({ createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt), isNull(sessions.revokedAt)));
      const over = current && ended(current, now);
      if (over) return { kind: 'ended', code: over };
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
        const [session] = await tx
          .select({ userId: sessions.userId, createdAt: sessions.createdAt, lastActiveAt: sessions.lastActiveAt })
          .from(sessions)
          .where(eq(sessions.id, rotated.sessionId));
        if (activity === 'customer') await markActive(tx, rotated.sessionId, session!.lastActiveAt, now);
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
        return { kind: 'rotated', tokens: await issue(tx, session!.userId, rotated.sessionId, session!.createdAt) };
      }

      const [known] = await tx
        .select({
          sessionId: refreshTokens.sessionId,
          rotatedAt: refreshTokens.rotatedAt,
          revokedAt: sessions.revokedAt,
          revokedReason: sessions.revokedReason,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      // The app's renewal after the 401 hears why, so the login page can say it.
      if (known && !known.rotatedAt && known.revokedReason === 'step_up_guessing') return { kind: 'ended', code: 'session_wrong_codes' };
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
      case 'ended':
        throw new ApiError(outcome.code);
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
