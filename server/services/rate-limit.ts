import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rateLimitCounters } from '../db/schema';
import { ApiError } from '../errors';

export interface RateLimitPolicy {
  /** Names the counter family in the table and the log. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The limits, in one place (docs/api.md lists them). Sign-in attempts count only failures (a success
 * gives its hit back), so a customer who types the password right is never slowed down. Per-account
 * limits are keyed by the normalized e-mail whether or not the account exists, so a 429 reveals nothing.
 */
export const RATE_LIMITS = {
  loginPerAccount: { bucket: 'login:account', limit: 5, windowSeconds: 15 * MINUTE },
  loginPerIp: { bucket: 'login:ip', limit: 20, windowSeconds: 15 * MINUTE },
  /** Tries of an e-mailed reset code (each code also has its own 5 tries), counted before any work. */
  resetPerAccount: { bucket: 'reset:account', limit: 10, windowSeconds: 15 * MINUTE },
  resetPerIp: { bucket: 'reset:ip', limit: 30, windowSeconds: 15 * MINUTE },
  codeSendPerAccount: { bucket: 'code-send:account', limit: 5, windowSeconds: HOUR },
  codeSendPerIp: { bucket: 'code-send:ip', limit: 20, windowSeconds: HOUR },
  /** SMS cost money and can be aimed at someone else's phone: a cap per destination number too. */
  smsSendPerPhone: { bucket: 'sms-send:phone', limit: 5, windowSeconds: HOUR },
  utmPerIp: { bucket: 'utm:ip', limit: 30, windowSeconds: HOUR },
  /** Each start stores a pending request for 10 minutes; this keeps one address from piling them up. */
  socialStartPerIp: { bucket: 'social-start:ip', limit: 30, windowSeconds: 15 * MINUTE },
  /** Passkey sign-in options and answers together; the conditional request asks once per page open. */
  passkeyPerIp: { bucket: 'passkey:ip', limit: 300, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, RateLimitPolicy>;

export interface CooldownPolicy {
  bucket: string;
  seconds: number;
}

/**
 * Minimum spacing between two actions on one key, counted from the last one allowed (not a fixed
 * window), so the app can show an exact countdown. A new e-mailed code waits a minute after the last
 * one: the first code may still be on its way, and a flood of codes helps nobody.
 */
export const COOLDOWNS = {
  codeResend: { bucket: 'code-send:cooldown', seconds: 60 },
} as const satisfies Record<string, CooldownPolicy>;

/** Cooldown rows have one row per key; the window's start is this fixed instant. */
const COOLDOWN_ROW_START = new Date(0);

type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters in the database, so the limits hold across every server instance. Counting is
 * one atomic upsert: concurrent attempts cannot slip past the limit together. A fixed window lets a
 * burst of up to twice the limit straddle a boundary; for these limits that is acceptable and keeps
 * one row per key and window.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  function windowOf(policy: RateLimitPolicy, now: Date) {
    const length = policy.windowSeconds * 1000;
    const start = Math.floor(now.getTime() / length) * length;
    return { start: new Date(start), end: new Date(start + length) };
  }

  /** Counts one attempt and says whether it is within the limit. */
  async function hit(policy: RateLimitPolicy, key: string): Promise<RateLimitVerdict> {
    const now = clock();
    const window = windowOf(policy, now);
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ bucket: policy.bucket, key, windowStart: window.start, windowEnd: window.end, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    if (row!.hits <= policy.limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000)) };
  }

  /**
   * Counts one attempt against each limit and answers 429 when any is exceeded, with the longest wait.
   * Every limit is counted even when an earlier one already failed, so no counter lags behind.
   */
  async function enforce(checks: ReadonlyArray<readonly [RateLimitPolicy, string]>): Promise<void> {
    let wait = 0;
    for (const [policy, key] of checks) {
      const verdict = await hit(policy, key);
      if (!verdict.allowed) wait = Math.max(wait, verdict.retryAfterSeconds);
    }
    if (wait > 0) throw new ApiError('rate_limited', undefined, { retryAfter: wait });
  }

  /**
   * Starts the cooldown for the key, or answers 429 with the seconds left while one is running. One
   * atomic upsert: of two concurrent claims exactly one wins (the row it returns has one hit).
   */
  async function claimCooldown(policy: CooldownPolicy, key: string): Promise<void> {
    const now = clock();
    const end = new Date(now.getTime() + policy.seconds * 1000);
    const expired = sql`${rateLimitCounters.windowEnd} <= ${now.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ bucket: policy.bucket, key, windowStart: COOLDOWN_ROW_START, windowEnd: end, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.key, rateLimitCounters.windowStart],
        set: {
          windowEnd: sql`case when ${expired} then excluded.window_end else ${rateLimitCounters.windowEnd} end`,
          hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        },
      })
      .returning({ hits: rateLimitCounters.hits, windowEnd: rateLimitCounters.windowEnd });
    if (row!.hits === 1) return;
    throw new ApiError('rate_limited', 'Wait before asking for another code.', {
      retryAfter: Math.max(1, Math.ceil((row!.windowEnd.getTime() - now.getTime()) / 1000)),
    });
  }

  /** Gives an attempt back (a successful sign-in does not count). */
  async function release(policy: RateLimitPolicy, key: string): Promise<void> {
    const window = windowOf(policy, clock());
    await db
      .update(rateLimitCounters)
      .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
      .where(
        and(eq(rateLimitCounters.bucket, policy.bucket), eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, window.start)),
      );
  }

  /** Drops counters whose window has ended (run periodically by server/main.ts). */
  async function prune(): Promise<void> {
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEnd, clock()));
  }

  return { enforce, claimCooldown, release, prune };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
