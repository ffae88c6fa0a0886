import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { RECIPIENT_LOOKUPS_PER_DAY } from '../../contract/sendMoney';
import { addSeconds, type Clock } from '../clock';
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
 * Wrong passwords have no per-account limit (anyone could use it to lock the customer out): see BACKOFFS.
 */
export const RATE_LIMITS = {
  loginPerIp: { bucket: 'login:ip', limit: 20, windowSeconds: 15 * MINUTE },
  /** Tries of an e-mailed reset code (each code also has its own 5 tries), counted before any work. */
  resetPerAccount: { bucket: 'reset:account', limit: 10, windowSeconds: 15 * MINUTE },
  resetPerIp: { bucket: 'reset:ip', limit: 30, windowSeconds: 15 * MINUTE },
  codeSendPerAccount: { bucket: 'code-send:account', limit: 5, windowSeconds: HOUR },
  codeSendPerIp: { bucket: 'code-send:ip', limit: 20, windowSeconds: HOUR },
  /**
   * SMS to a number, split by purpose and by requester, so that nobody's attempts use up another's
   * budget: the sign-in codes of the number's owner (keyed by account and number; only the owner's own
   * first factor can ask for one) never share a counter with what other accounts try with that number.
   */
  smsSignInPerOwner: { bucket: 'sms-send:sign-in', limit: 5, windowSeconds: HOUR },
  /** Confirmation codes for a number being set or changed to, per (requesting account, number). */
  smsConfirmPerRequester: { bucket: 'sms-send:confirm', limit: 5, windowSeconds: HOUR },
  /**
   * …and per number across requesters: what many accounts together can make us send to a number that is
   * nobody's yet. A number someone confirmed gets no SMS from these requests at all.
   */
  smsConfirmPerPhone: { bucket: 'sms-send:confirm-any', limit: 10, windowSeconds: HOUR },
  /**
   * Step-up codes have their own budget, so confirming a sensitive action does not use up the codes
   * the action itself sends (a phone change's SMS); they still count toward the per-address limit.
   */
  stepUpCodePerAccount: { bucket: 'step-up-code:account', limit: 10, windowSeconds: HOUR },
  /**
   * Lost-phone recovery: tries of code + password per account (the code also has its own 5 tries) and
   * per address, and cancel-link tries per address (a token is 256 random bits; this only bounds the work).
   */
  phoneRecoveryPerAccount: { bucket: 'phone-recovery:account', limit: 10, windowSeconds: HOUR },
  phoneRecoveryPerIp: { bucket: 'phone-recovery:ip', limit: 30, windowSeconds: 15 * MINUTE },
  recoveryCancelPerIp: { bucket: 'recovery-cancel:ip', limit: 20, windowSeconds: 15 * MINUTE },
  utmPerIp: { bucket: 'utm:ip', limit: 30, windowSeconds: HOUR },
  /** Anyone may report a deposit link's payment: each report takes a lock and a query, and hashes are guessed at here. */
  depositLinkPaymentPerIp: { bucket: 'deposit-link-payment:ip', limit: 30, windowSeconds: 15 * MINUTE },
  /** A pay link's preview needs no session: a visitor opens a link or two, a guesser of hashes many. */
  payLinkPreviewPerIp: { bucket: 'pay-link-preview:ip', limit: 30, windowSeconds: 15 * MINUTE },
  /**
   * Promo code tries, per customer and per address: a customer has a code or two to type, so this is
   * ample, and it keeps codes from being found by trying names (a new account each time still meets
   * the address's limit).
   */
  promoPerAccount: { bucket: 'promo:account', limit: 10, windowSeconds: HOUR },
  promoPerIp: { bucket: 'promo:ip', limit: 30, windowSeconds: HOUR },
  /** Each start stores a pending request for 10 minutes; this keeps one address from piling them up. */
  socialStartPerIp: { bucket: 'social-start:ip', limit: 30, windowSeconds: 15 * MINUTE },
  /** Whether an address is a customer's is told this often a day per sender (contract/sendMoney.ts), requests included. */
  recipientLookupPerSender: { bucket: 'recipient-lookup:sender', limit: RECIPIENT_LOOKUPS_PER_DAY, windowSeconds: 24 * HOUR },
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
  /** A phone's owner hears by e-mail that others tried their number at most once a day, however often they try. */
  phoneClaimedNotice: { bucket: 'notice:phone-claimed', seconds: 24 * HOUR },
  /** An address a sender looked up (or sent to) is counted once a day: asking again tells them nothing new. */
  recipientCounted: { bucket: 'recipient-lookup:address', seconds: 24 * HOUR },
} as const satisfies Record<string, CooldownPolicy>;

/**
 * Failures on one key: the first `freeFailures` attempts pass at once, then each further one waits
 * `baseSeconds`, doubled per attempt, up to `maxSeconds`, counted from the last attempt. The count
 * is forgotten `memorySeconds` after the last attempt, or at once by a success.
 */
export interface BackoffPolicy {
  bucket: string;
  freeFailures: number;
  baseSeconds: number;
  maxSeconds: number;
  memorySeconds: number;
}

/**
 * Wrong passwords are slowed per (e-mail, client address): a stranger guessing from elsewhere only
 * slows themself, never the customer, and passkey sign-in and password reset never look at it. The
 * per-address limit (`login:ip`) caps one address across all e-mails.
 */
export const BACKOFFS = {
  login: { bucket: 'login:account-ip', freeFailures: 3, baseSeconds: 1, maxSeconds: 15 * MINUTE, memorySeconds: 24 * HOUR },
} as const satisfies Record<string, BackoffPolicy>;

/** The wait before the attempt after `attempts` counted ones. */
export function backoffSeconds(policy: BackoffPolicy, attempts: number): number {
  if (attempts < policy.freeFailures) return 0;
  return Math.min(policy.baseSeconds * 2 ** (attempts - policy.freeFailures), policy.maxSeconds);
}

/** Cooldown and backoff rows have one row per key; the window's start is this fixed instant. */
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
   * Counts one attempt of `key` against `policy` unless `item` was counted within `once`'s window (then
   * nothing is counted); an attempt refused by the limit does not mark the item, so it is refused again.
   */
  async function enforceOnce(policy: RateLimitPolicy, key: string, once: CooldownPolicy, item: string): Promise<void> {
    const [counted] = await db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(
        and(
          eq(rateLimitCounters.bucket, once.bucket),
          eq(rateLimitCounters.key, item),
          eq(rateLimitCounters.windowStart, COOLDOWN_ROW_START),
          gt(rateLimitCounters.windowEnd, clock()),
        ),
      );
    if (counted) return;
    await enforce([[policy, key]]);
    await countSinceFirst(once, item);
  }

  /**
   * Counts one event on the key in a window that opens with the first event and lasts `seconds`; the
   * next event after it opens a new one. One atomic upsert: concurrent events are counted one by one.
   */
  async function countSinceFirst(policy: CooldownPolicy, key: string): Promise<{ hits: number; windowEnd: Date }> {
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
    return row!;
  }

  /** Starts the cooldown for the key and answers true, or false while one is running: of two concurrent claims exactly one wins. */
  async function tryClaimCooldown(policy: CooldownPolicy, key: string): Promise<boolean> {
    return (await countSinceFirst(policy, key)).hits === 1;
  }

  /** Starts the cooldown for the key, or answers 429 with the seconds left while one is running. */
  async function claimCooldown(policy: CooldownPolicy, key: string): Promise<void> {
    const row = await countSinceFirst(policy, key);
    if (row.hits === 1) return;
    throw new ApiError('rate_limited', 'Wait before asking for another code.', {
      retryAfter: Math.max(1, Math.ceil((row.windowEnd.getTime() - clock().getTime()) / 1000)),
    });
  }

  /**
   * Counts one attempt on the key, or answers 429 with the seconds left while its backoff runs. The
   * attempt is counted before the outcome is known (a success then clears it with `clearBackoff`),
   * in one atomic upsert: concurrent guesses cannot all slip through before the first is counted.
   */
  async function claimBackoff(policy: BackoffPolicy, key: string): Promise<void> {
    const now = clock();
    const at = sql`${now.toISOString()}::timestamptz`;
    const forgotten = sql`${rateLimitCounters.windowEnd} <= ${at}`;
    // The row's end is the last attempt plus the memory, so the last attempt is the end minus it.
    const wait = sql`least(${policy.baseSeconds}::float8 * power(2::float8, ${rateLimitCounters.hits} - ${policy.freeFailures}::int), ${policy.maxSeconds}::float8)`;
    const waited = sql`${rateLimitCounters.windowEnd} - make_interval(secs => ${policy.memorySeconds}::float8) + make_interval(secs => ${wait}) <= ${at}`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ bucket: policy.bucket, key, windowStart: COOLDOWN_ROW_START, windowEnd: addSeconds(now, policy.memorySeconds), hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { windowEnd: sql`excluded.window_end`, hits: sql`case when ${forgotten} then 1 else ${rateLimitCounters.hits} + 1 end` },
        setWhere: sql`${forgotten} or ${rateLimitCounters.hits} < ${policy.freeFailures}::int or ${waited}`,
      })
      .returning({ hits: rateLimitCounters.hits });
    if (row) return;
    const [current] = await db.select().from(rateLimitCounters).where(backoffRow(policy, key));
    const lastAttempt = current ? current.windowEnd.getTime() - policy.memorySeconds * 1000 : now.getTime();
    const availableAt = lastAttempt + backoffSeconds(policy, current?.hits ?? 0) * 1000;
    throw new ApiError('rate_limited', undefined, { retryAfter: Math.max(1, Math.ceil((availableAt - now.getTime()) / 1000)) });
  }

  function backoffRow(policy: BackoffPolicy, key: string) {
    return and(
      eq(rateLimitCounters.bucket, policy.bucket),
      eq(rateLimitCounters.key, key),
      eq(rateLimitCounters.windowStart, COOLDOWN_ROW_START),
    );
  }

  /** Forgets the key's attempts (the password was right). */
  async function clearBackoff(policy: BackoffPolicy, key: string): Promise<void> {
    await db.delete(rateLimitCounters).where(backoffRow(policy, key));
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

  return { enforce, enforceOnce, countSinceFirst, tryClaimCooldown, claimCooldown, claimBackoff, clearBackoff, release, prune };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
