import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { CodeChannel } from '../../contract/passkeys';
import { passkeyRequestOptionsSchema } from '../../contract/passkeys';
import {
  STEP_UP_SECONDS,
  type StepUpAction,
  type StepUpCodeSent,
  type StepUpGrant,
  type StepUpOptions,
  type StepUpVerifyBody,
} from '../../contract/stepUp';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { passkeys, sessions, stepUps } from '../db/schema';
import { ApiError } from '../errors';
import type { CodeService } from './codes';
import type { Outbox } from './outbox';
import { advanceCounter, challengeOf, verifyAssertion, type RelyingParty } from './passkeys';
import { RATE_LIMITS, type RateLimiter } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import { stepUpCodeMessage, stepUpGuessingEmail } from './stepUpNotices';
import type { ClientInfo, Principal } from './tokens';
import { SMS_RESEND_COOLDOWN_SECONDS, secondsUntil } from './two-factor';
import type { UserService } from './users';

/** Wrong step-up codes of one customer: 5 tries per code and 10 codes an hour would allow ~1 200 guesses a day. */
export const WRONG_STEP_UP_CODES = { bucket: 'step-up:wrong-codes', seconds: 24 * 60 * 60, limit: 10 } as const;

export interface StepUpDeps {
  db: Db;
  clock: Clock;
  codes: CodeService;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  users: UserService;
  rp: RelyingParty;
}

/**
 * The one step-up rule. A sensitive action needs a second proof given for that action, in the session
 * doing it, within the last 5 minutes: an assertion of one of the customer's passkeys, or a code sent
 * for it (SMS to the confirmed phone, else e-mail). How the session was opened plays no part: a
 * sign-in, however recent, is not a step-up. A proof becomes a grant bound to (session, action) that
 * the guarded endpoint checks (`require`) and spends when the action is done (`consume`, `spend`).
 */
export function createStepUpService(deps: StepUpDeps) {
  const { db, clock, codes, outbox, rateLimiter, rp } = deps;

  async function codeDestination(userId: string): Promise<{ to: string; channel: CodeChannel }> {
    const user = await deps.users.get(userId);
    return user.phoneConfirmedAt && user.phone ? { to: user.phone, channel: 'sms' } : { to: user.email, channel: 'email' };
  }

  /** A pending request of this session and action, replacing any earlier one of the same kind. */
  async function openRequest(tx: Db, principal: Principal, action: StepUpAction, proof: 'passkey' | 'code', challenge: string | null) {
    const now = clock();
    // Expired rows of this customer go as new ones come, so the table stays small without a sweeper.
    await tx.delete(stepUps).where(and(eq(stepUps.userId, principal.userId), lte(stepUps.expiresAt, now)));
    await tx
      .delete(stepUps)
      .where(
        and(eq(stepUps.sessionId, principal.sessionId), eq(stepUps.action, action), eq(stepUps.proof, proof), isNull(stepUps.grantedAt)),
      );
    await tx.insert(stepUps).values({
      id: randomUUID(),
      userId: principal.userId,
      sessionId: principal.sessionId,
      action,
      proof,
      challenge,
      createdAt: now,
      expiresAt: addSeconds(now, STEP_UP_SECONDS),
    });
  }

  async function options(principal: Principal, action: StepUpAction, ip: string): Promise<StepUpOptions> {
    await rateLimiter.enforce([[RATE_LIMITS.passkeyPerIp, ip]]);
    const own = await db.select().from(passkeys).where(eq(passkeys.userId, principal.userId));
    const { channel } = await codeDestination(principal.userId);
    if (own.length === 0) return { action, passkey: null, codeChannel: channel };
    const generated = await generateAuthenticationOptions({
      rpID: rp.rpId,
      allowCredentials: own.map((row) => ({ id: row.id, transports: row.transports as never })),
      userVerification: 'required',
      timeout: STEP_UP_SECONDS * 1000,
    });
    await db.transaction((tx) => openRequest(tx, principal, action, 'passkey', generated.challenge));
    return { action, passkey: passkeyRequestOptionsSchema.parse(generated), codeChannel: channel };
  }

  /**
   * One code per customer is pending (one_time_codes, purpose step_up), tied by its request row to
   * this session and action; a new one may be sent a minute after the last.
   */
  async function sendCode(principal: Principal, action: StepUpAction, ip: string): Promise<StepUpCodeSent> {
    const user = await deps.users.get(principal.userId);
    const now = clock();
    // Asking again for the same action within a minute answers 429 with the wait; another action may
    // have its code at once, within the hourly limits.
    const [previous] = await db
      .select({ createdAt: stepUps.createdAt })
      .from(stepUps)
      .where(and(eq(stepUps.userId, user.id), eq(stepUps.action, action), eq(stepUps.proof, 'code'), isNull(stepUps.grantedAt)));
    if (previous) {
      const availableAt = addSeconds(previous.createdAt, SMS_RESEND_COOLDOWN_SECONDS);
      if (availableAt > now) throw new ApiError('rate_limited', undefined, { retryAfter: secondsUntil(availableAt, now) });
    }
    await rateLimiter.enforce([
      [RATE_LIMITS.stepUpCodePerAccount, user.email],
      [RATE_LIMITS.codeSendPerIp, ip],
    ]);
    const destination = await codeDestination(user.id);
    const { language } = await deps.users.me(user.id);
    await db.transaction(async (tx) => {
      // The one pending code now belongs to this request: earlier code requests cannot use it.
      await tx.delete(stepUps).where(and(eq(stepUps.userId, user.id), eq(stepUps.proof, 'code'), isNull(stepUps.grantedAt)));
      await openRequest(tx, principal, action, 'code', null);
      const code = await codes.issue(tx, user.id, 'step_up');
      await outbox.enqueue(tx, stepUpCodeMessage(destination.to, destination.channel, action, code, language));
    });
    await outbox.deliverPending();
    return {
      action,
      channel: destination.channel,
      expiresAt: addSeconds(now, STEP_UP_SECONDS).toISOString(),
      resendAfterSeconds: SMS_RESEND_COOLDOWN_SECONDS,
    };
  }

  /** The session's grant for the action, valid 5 minutes from now (an earlier grant of it is replaced). */
  async function grant(tx: Db, principal: Principal, action: StepUpAction, proof: 'passkey' | 'code'): Promise<StepUpGrant> {
    const now = clock();
    await tx
      .delete(stepUps)
      .where(and(eq(stepUps.sessionId, principal.sessionId), eq(stepUps.action, action), isNotNull(stepUps.grantedAt)));
    const expiresAt = addSeconds(now, STEP_UP_SECONDS);
    await tx.insert(stepUps).values({
      id: randomUUID(),
      userId: principal.userId,
      sessionId: principal.sessionId,
      action,
      proof,
      challenge: null,
      createdAt: now,
      expiresAt,
      grantedAt: now,
    });
    return { action, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Counts a wrong code against the customer's day. From the tenth within 24 hours of the first, the
   * session that typed it ends (and every further one that types a wrong code the same day); the tenth
   * is also e-mailed. Only that session: it is the one guessing, and the customer's own sessions stay,
   * so a thief cannot sign the customer out by typing wrong codes.
   */
  async function countWrongCode(principal: Principal, client: ClientInfo): Promise<void> {
    const { hits } = await rateLimiter.countSinceFirst(WRONG_STEP_UP_CODES, principal.userId);
    if (hits < WRONG_STEP_UP_CODES.limit) return;
    const user = await deps.users.get(principal.userId);
    const { language } = await deps.users.me(user.id);
    await db.transaction(async (tx) => {
      const now = clock();
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'step_up_guessing' })
        .where(and(eq(sessions.id, principal.sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (ended.length > 0) await recordSecurityEvent(tx, now, user.id, { kind: 'sessions_ended', client, detail: '1' });
      if (hits === WRONG_STEP_UP_CODES.limit) await outbox.enqueue(tx, stepUpGuessingEmail(user.email, language));
    });
    await outbox.deliverPending();
    throw new ApiError('session_wrong_codes');
  }

  async function verifyCode(principal: Principal, action: StepUpAction, code: string, client: ClientInfo): Promise<StepUpGrant> {
    const outcome = await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(stepUps)
        .where(
          and(
            eq(stepUps.sessionId, principal.sessionId),
            eq(stepUps.action, action),
            eq(stepUps.proof, 'code'),
            isNull(stepUps.grantedAt),
            gt(stepUps.expiresAt, clock()),
          ),
        )
        .for('update');
      if (!request) return { ok: false as const, failure: new ApiError('step_up_not_started') };
      // A wrong try must be committed, so it is returned rather than thrown.
      const check = await codes.check(tx, principal.userId, 'step_up', code);
      if (check !== 'ok') return { ok: false as const, failure: new ApiError(check) };
      await tx.delete(stepUps).where(eq(stepUps.id, request.id));
      return { ok: true as const, granted: await grant(tx, principal, action, 'code') };
    });
    if (outcome.ok) return outcome.granted;
    // A code was compared and was wrong (no request means no guess).
    if (outcome.failure.code !== 'step_up_not_started') await countWrongCode(principal, client);
    throw outcome.failure;
  }

  /** The challenge is spent first, whatever follows; the passkey must be one of this customer's. */
  async function verifyPasskey(
    principal: Principal,
    action: StepUpAction,
    response: NonNullable<StepUpVerifyBody['response']>,
    ip: string,
  ): Promise<StepUpGrant> {
    await rateLimiter.enforce([[RATE_LIMITS.passkeyPerIp, ip]]);
    const challenge = challengeOf(response.response.clientDataJSON);
    const [request] = challenge
      ? await db
          .delete(stepUps)
          .where(
            and(
              eq(stepUps.challenge, challenge),
              eq(stepUps.sessionId, principal.sessionId),
              eq(stepUps.action, action),
              isNull(stepUps.grantedAt),
            ),
          )
          .returning()
      : [];
    if (!request || request.expiresAt <= clock()) throw new ApiError('step_up_not_started');
    const [credential] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, principal.userId)));
    if (!credential) throw new ApiError('passkey_verification_failed');
    const newCounter = await verifyAssertion(rp, credential, response, request.challenge!);
    return db.transaction(async (tx) => {
      const now = clock();
      if (!(await advanceCounter(tx, credential.id, newCounter, now))) throw new ApiError('passkey_verification_failed');
      return grant(tx, principal, action, 'passkey');
    });
  }

  function verify(principal: Principal, body: StepUpVerifyBody, client: ClientInfo): Promise<StepUpGrant> {
    // The schema lets exactly one of them through.
    return body.code !== undefined
      ? verifyCode(principal, body.action, body.code, client)
      : verifyPasskey(principal, body.action, body.response!, client.ip);
  }

  const liveGrant = (principal: Principal, action: StepUpAction) =>
    and(
      eq(stepUps.sessionId, principal.sessionId),
      eq(stepUps.userId, principal.userId),
      eq(stepUps.action, action),
      isNotNull(stepUps.grantedAt),
      gt(stepUps.expiresAt, clock()),
    );

  const required = (action: StepUpAction) => new ApiError('step_up_required', undefined, { fields: { action } });

  /** Whether this session holds a live grant for the action (the first step of a multi-step action). */
  async function has(tx: Db, principal: Principal, action: StepUpAction): Promise<boolean> {
    const [row] = await tx.select({ id: stepUps.id }).from(stepUps).where(liveGrant(principal, action));
    return row !== undefined;
  }

  /** Refuses with 403 `step_up_required` unless this session holds a live grant for the action. */
  async function require(tx: Db, principal: Principal, action: StepUpAction): Promise<void> {
    if (!(await has(tx, principal, action))) throw required(action);
  }

  /** Spends the grant in the action's own transaction: a grant serves one action. */
  async function consume(tx: Db, principal: Principal, action: StepUpAction): Promise<void> {
    const [row] = await tx.delete(stepUps).where(liveGrant(principal, action)).returning({ id: stepUps.id });
    if (!row) throw required(action);
  }

  /** The last step of a multi-step action (checked at its first) spends what is left of the grant. */
  async function spend(tx: Db, principal: Principal, action: StepUpAction): Promise<void> {
    await tx
      .delete(stepUps)
      .where(and(eq(stepUps.sessionId, principal.sessionId), eq(stepUps.action, action), isNotNull(stepUps.grantedAt)));
  }

  return { options, sendCode, verify, has, require, consume, spend };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
