import { eq, lt } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { TwoFactorChallenge } from '../../contract/phone';
import { maskPhone } from '../../contract/phoneNumbers';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { twoFactorChallenges } from '../db/schema';
import { ApiError } from '../errors';
import { CODE_TTL_SECONDS, type CodeService } from './codes';
import { signInCodeSms } from './messages';
import { noticeRecipient } from './recipient';
import type { Outbox } from './outbox';
import { RATE_LIMITS, type RateLimiter } from './rate-limit';
import type { ClientInfo, IssuedTokens, SessionOrigin, TokenService } from './tokens';
import type { UserService } from './users';
import { recordSecurityEvent } from './security-log';

/** A challenge lives as long as its code: 10 minutes from the first factor. */
export const CHALLENGE_TTL_SECONDS = CODE_TTL_SECONDS;
/** A new SMS code (for sign-in or a phone number) may be asked for this long after the previous one. */
export const SMS_RESEND_COOLDOWN_SECONDS = 60;
const CHALLENGE_TOKEN_BYTES = 32;

export type SignInOutcome =
  | { kind: 'session'; userId: string; tokens: IssuedTokens }
  | { kind: 'challenge'; challenge: TwoFactorChallenge };

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  codes: CodeService;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  users: UserService;
  /** Runs before a sign-in decides on the second factor: a lost-phone recovery whose delay is over ends first. */
  completeDueRecovery?: (userId: string) => Promise<void>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The live challenge of a token, or the reason there is none. */
export async function findChallenge(tx: Db, now: Date, token: string, forUpdate = false) {
  const query = tx
    .select()
    .from(twoFactorChallenges)
    .where(eq(twoFactorChallenges.tokenHash, sha256(token)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row || row.usedAt) return 'challenge_invalid' as const;
  if (row.expiresAt <= now) return 'challenge_expired' as const;
  return row;
}

/** Whole seconds until `later`, at least 1: the `Retry-After` of a cooldown. */
export function secondsUntil(later: Date, now: Date): number {
  return Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));
}

/**
 * The step after a first factor. Every sign-in method calls `beginSignIn` once the customer has proved
 * who they are: without a confirmed phone the session starts at once; with one, an SMS code goes to
 * the phone and the answer is a challenge, and only `verify` with the right code starts the session.
 * The challenge token is stored as SHA-256 (32 random bytes need no key) and works once.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock, tokens, codes, outbox, rateLimiter, users } = deps;

  async function sendCode(tx: Db, userId: string, phone: string): Promise<void> {
    const code = await codes.issue(tx, userId, 'login_two_factor');
    await outbox.enqueue(tx, signInCodeSms(phone, code, (await noticeRecipient(tx, userId)).language));
  }

  /** Sent just now: another code may follow after the full cooldown. */
  function answer(token: string, phone: string, expiresAt: Date): TwoFactorChallenge {
    return {
      twoFactorRequired: true,
      challengeToken: token,
      phoneHint: maskPhone(phone),
      expiresAt: expiresAt.toISOString(),
      resendAfterSeconds: SMS_RESEND_COOLDOWN_SECONDS,
    };
  }

  async function beginSignIn(userId: string, method: SessionOrigin['method'], client: ClientInfo): Promise<SignInOutcome> {
    await deps.completeDueRecovery?.(userId);
    const user = await users.get(userId);
    if (!user.phone || !user.phoneConfirmedAt) {
      return { kind: 'session', userId, tokens: await db.transaction((tx) => tokens.startSession(tx, userId, { method, client })) };
    }
    const phone = user.phone;
    await rateLimiter.enforce([[RATE_LIMITS.smsSignInPerOwner, `${userId} ${phone}`]]);
    const token = randomBytes(CHALLENGE_TOKEN_BYTES).toString('base64url');
    const now = clock();
    const row = {
      tokenHash: sha256(token),
      userId,
      method,
      createdAt: now,
      expiresAt: addSeconds(now, CHALLENGE_TTL_SECONDS),
      resendAvailableAt: addSeconds(now, SMS_RESEND_COOLDOWN_SECONDS),
    };
    await db.transaction(async (tx) => {
      await tx.insert(twoFactorChallenges).values(row);
      await sendCode(tx, userId, phone);
    });
    await outbox.deliverPending();
    return { kind: 'challenge', challenge: answer(token, phone, row.expiresAt) };
  }

  const pending = (tx: Db, token: string, forUpdate: boolean) => findChallenge(tx, clock(), token, forUpdate);

  /** The right code spends the challenge and opens the session it stood for. */
  async function verify(token: string, code: string, client: ClientInfo): Promise<{ userId: string; tokens: IssuedTokens }> {
    // Not thrown inside: a wrong code's spent try must be committed.
    const result = await db.transaction(async (tx) => {
      const row = await pending(tx, token, true);
      if (typeof row === 'string') return row;
      const check = await codes.check(tx, row.userId, 'login_two_factor', code);
      if (check !== 'ok') {
        await recordSecurityEvent(tx, clock(), row.userId, { kind: 'sign_in_failed', method: row.method, client });
        return check;
      }
      await tx.update(twoFactorChallenges).set({ usedAt: clock() }).where(eq(twoFactorChallenges.tokenHash, row.tokenHash));
      return { userId: row.userId, tokens: await tokens.startSession(tx, row.userId, { method: row.method, client }) };
    });
    if (typeof result === 'string') throw new ApiError(result);
    return result;
  }

  /** A new code for the same challenge (which keeps its expiry), at most once a minute. */
  async function resend(token: string, ip: string): Promise<TwoFactorChallenge> {
    const row = await pending(db, token, false);
    if (typeof row === 'string') throw new ApiError(row);
    const now = clock();
    if (row.resendAvailableAt > now)
      throw new ApiError('rate_limited', undefined, { retryAfter: secondsUntil(row.resendAvailableAt, now) });
    const user = await users.get(row.userId);
    // The phone was removed or replaced since: this challenge no longer stands for it.
    if (!user.phone || !user.phoneConfirmedAt) throw new ApiError('challenge_invalid');
    const phone = user.phone;
    await rateLimiter.enforce([
      [RATE_LIMITS.smsSignInPerOwner, `${row.userId} ${phone}`],
      [RATE_LIMITS.codeSendPerIp, ip],
    ]);
    const resendAvailableAt = addSeconds(now, SMS_RESEND_COOLDOWN_SECONDS);
    await db.transaction(async (tx) => {
      await tx.update(twoFactorChallenges).set({ resendAvailableAt }).where(eq(twoFactorChallenges.tokenHash, row.tokenHash));
      await sendCode(tx, row.userId, phone);
    });
    await outbox.deliverPending();
    return answer(token, phone, row.expiresAt);
  }

  /** Drops expired challenges, used ones included (run periodically by server/maintenance.ts). */
  async function pruneExpired(): Promise<void> {
    await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, clock()));
  }

  return { beginSignIn, verify, resend, pruneExpired };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
