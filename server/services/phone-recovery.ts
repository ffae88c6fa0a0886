import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Locale } from '../../contract/locales';
import { maskPhone } from '../../contract/phoneNumbers';
import {
  PHONE_RECOVERY_CANCEL_PATH,
  PHONE_RECOVERY_DELAY_HOURS,
  type PhoneRecoveryCodeSent,
  type PhoneRecoveryConfirmBody,
  type PhoneRecoveryScheduled,
  type PhoneRecoveryStatus,
} from '../../contract/phoneRecovery';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { passkeys, phoneRecoveries, users } from '../db/schema';
import { ApiError } from '../errors';
import type { CodeService } from './codes';
import type { Outbox } from './outbox';
import type { PasswordHasher } from './passwords';
import {
  recoveryCancelledEmail,
  recoveryCodeEmail,
  recoveryCompletedEmail,
  recoveryRequestedEmail,
  recoveryRequestedSms,
} from './phoneRecoveryNotices';
import { COOLDOWNS, RATE_LIMITS, type RateLimiter } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import type { ClientInfo } from './tokens';
import { findChallenge } from './two-factor';
import type { UserService } from './users';

export interface PhoneRecoveryDeps {
  db: Db;
  clock: Clock;
  codes: CodeService;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  users: UserService;
  passwords: PasswordHasher;
  /** Where the cancel links point (PUBLIC_ORIGIN). */
  publicOrigin: string;
}

const DELAY_SECONDS = PHONE_RECOVERY_DELAY_HOURS * 3600;
const CANCEL_TOKEN_BYTES = 32;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** `a•••@example.com`: enough to recognise one's own address, not to learn someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}•••${email.slice(at)}`;
}

/**
 * Lost-phone recovery for a customer with no passkey. The sign-in's first factor opened a two-factor
 * challenge; that challenge names the account, an e-mailed code proves the mailbox and the password is
 * asked again with it. The phone is not removed then: the removal waits 24 hours on the server's clock
 * while the e-mail and the old phone each hold a single-use cancel link. A thief with the password and
 * the mailbox thus still gives the real customer a day to stop it. Once the delay is over, the next
 * sign-in (or the maintenance round) removes the phone, and the password alone signs in until a new
 * phone is set (its step-up code then goes to the e-mail).
 */
export function createPhoneRecoveryService(deps: PhoneRecoveryDeps) {
  const { db, clock, codes, outbox, rateLimiter, passwords } = deps;

  async function accountOf(challengeToken: string) {
    const challenge = await findChallenge(db, clock(), challengeToken);
    if (typeof challenge === 'string') throw new ApiError(challenge);
    const user = await deps.users.get(challenge.userId);
    // A passkey signs in without the phone: that is the way back, and a stronger one.
    const [passkey] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, user.id)).limit(1);
    if (passkey) throw new ApiError('recovery_has_passkey');
    // The phone was removed or replaced since the challenge: it no longer stands for it.
    if (!user.phone || !user.phoneConfirmedAt) throw new ApiError('challenge_invalid');
    return { ...user, phone: user.phone };
  }

  async function start(challengeToken: string, ip: string): Promise<PhoneRecoveryCodeSent> {
    await rateLimiter.enforce([[RATE_LIMITS.codeSendPerIp, ip]]);
    const user = await accountOf(challengeToken);
    await rateLimiter.claimCooldown(COOLDOWNS.codeResend, `phone_recovery:${user.email}`);
    await rateLimiter.enforce([[RATE_LIMITS.codeSendPerAccount, user.email]]);
    const { language } = await deps.users.me(user.id);
    await db.transaction(async (tx) => {
      const code = await codes.issue(tx, user.id, 'phone_recovery');
      await outbox.enqueue(tx, recoveryCodeEmail(user.email, language, code));
    });
    await outbox.deliverPending();
    return { emailHint: maskEmail(user.email), resendAfterSeconds: COOLDOWNS.codeResend.seconds };
  }

  const scheduled = (row: { requestedAt: Date; effectiveAt: Date }): PhoneRecoveryScheduled => ({
    requestedAt: row.requestedAt.toISOString(),
    effectiveAt: row.effectiveAt.toISOString(),
  });

  const cancelLink = (locale: Locale, token: string) =>
    `${deps.publicOrigin}${locale === 'en' ? '' : `/${locale}`}${PHONE_RECOVERY_CANCEL_PATH}#${token}`;

  async function confirm(body: PhoneRecoveryConfirmBody, client: ClientInfo): Promise<PhoneRecoveryScheduled> {
    await rateLimiter.enforce([[RATE_LIMITS.phoneRecoveryPerIp, client.ip]]);
    const user = await accountOf(body.challengeToken);
    await rateLimiter.enforce([[RATE_LIMITS.phoneRecoveryPerAccount, user.id]]);
    // The password first, outside any transaction (hashing is slow); a wrong one leaves the code's tries alone.
    const check = user.passwordHash ? await passwords.verify(body.password, user.passwordHash) : { ok: false };
    if (!check.ok) {
      await recordSecurityEvent(db, clock(), user.id, { kind: 'sign_in_failed', method: 'password', client });
      throw new ApiError('invalid_credentials');
    }
    const { language } = await deps.users.me(user.id);
    const outcome = await db.transaction(async (tx) => {
      const code = await codes.check(tx, user.id, 'phone_recovery', body.code);
      if (code !== 'ok') return { failure: code };
      const [existing] = await tx
        .select()
        .from(phoneRecoveries)
        .where(and(eq(phoneRecoveries.userId, user.id), isNull(phoneRecoveries.endedAt)));
      // Asking twice does not restart the delay or send the notices again.
      if (existing) return { recovery: existing };
      const now = clock();
      const emailToken = randomBytes(CANCEL_TOKEN_BYTES).toString('base64url');
      const smsToken = randomBytes(CANCEL_TOKEN_BYTES).toString('base64url');
      const [recovery] = await tx
        .insert(phoneRecoveries)
        .values({
          id: randomUUID(),
          userId: user.id,
          phone: user.phone,
          requestedAt: now,
          effectiveAt: addSeconds(now, DELAY_SECONDS),
          emailCancelHash: sha256(emailToken),
          smsCancelHash: sha256(smsToken),
        })
        .returning();
      await recordSecurityEvent(tx, now, user.id, { kind: 'phone_recovery_requested', detail: maskPhone(user.phone), client });
      await outbox.enqueue(tx, recoveryRequestedEmail(user.email, language, recovery!.effectiveAt, cancelLink(language, emailToken)));
      await outbox.enqueue(tx, recoveryRequestedSms(user.phone, language, recovery!.effectiveAt, cancelLink(language, smsToken)));
      return { recovery: recovery! };
    });
    if (outcome.failure) throw new ApiError(outcome.failure);
    await outbox.deliverPending();
    return scheduled(outcome.recovery!);
  }

  /** From a link: whoever holds the e-mail or the old phone may stop the recovery, once. */
  async function cancel(token: string, client: ClientInfo): Promise<void> {
    await rateLimiter.enforce([[RATE_LIMITS.recoveryCancelPerIp, client.ip]]);
    const hash = sha256(token);
    const matches = and(
      isNull(phoneRecoveries.endedAt),
      or(eq(phoneRecoveries.emailCancelHash, hash), eq(phoneRecoveries.smsCancelHash, hash)),
    );
    const [found] = await db.select({ userId: phoneRecoveries.userId }).from(phoneRecoveries).where(matches);
    if (!found) throw new ApiError('recovery_not_found');
    const user = await deps.users.get(found.userId);
    const { language } = await deps.users.me(user.id);
    // Again under a lock: of two clicks racing, one cancels and the other finds nothing.
    const cancelled = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(phoneRecoveries).where(matches).for('update');
      if (!row) return false;
      const now = clock();
      const byEmail = row.emailCancelHash === hash;
      await tx
        .update(phoneRecoveries)
        .set({ endedAt: now, outcome: byEmail ? 'cancelled_by_email' : 'cancelled_by_phone' })
        .where(eq(phoneRecoveries.id, row.id));
      await recordSecurityEvent(tx, now, row.userId, { kind: 'phone_recovery_cancelled', detail: byEmail ? 'email' : 'sms', client });
      await outbox.enqueue(tx, recoveryCancelledEmail(user.email, language));
      return true;
    });
    if (!cancelled) throw new ApiError('recovery_not_found');
    await outbox.deliverPending();
  }

  /**
   * Ends the recoveries whose delay is over (of one customer, or all): the phone they name is removed
   * if it is still the confirmed one; a phone changed or removed meanwhile makes the recovery moot.
   */
  async function completeDue(userId?: string): Promise<void> {
    const now = clock();
    const due = await db
      .select({ id: phoneRecoveries.id, userId: phoneRecoveries.userId })
      .from(phoneRecoveries)
      .where(
        and(
          isNull(phoneRecoveries.endedAt),
          lte(phoneRecoveries.effectiveAt, now),
          userId ? eq(phoneRecoveries.userId, userId) : undefined,
        ),
      );
    for (const { id, userId: owner } of due) {
      const { language } = await deps.users.me(owner);
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(phoneRecoveries)
          .where(and(eq(phoneRecoveries.id, id), isNull(phoneRecoveries.endedAt)))
          .for('update');
        if (!row) return false;
        const user = await deps.users.get(owner, tx);
        const stillThere = user.phone === row.phone && user.phoneConfirmedAt !== null;
        await tx
          .update(phoneRecoveries)
          .set({ endedAt: now, outcome: stillThere ? 'completed' : 'superseded' })
          .where(eq(phoneRecoveries.id, row.id));
        if (!stillThere) return false;
        await tx.update(users).set({ phone: null, phoneConfirmedAt: null, updatedAt: now }).where(eq(users.id, owner));
        await recordSecurityEvent(tx, now, owner, { kind: 'phone_recovery_completed', detail: maskPhone(row.phone) });
        await outbox.enqueue(tx, recoveryCompletedEmail(user.email, language));
        return true;
      });
      if (done) await outbox.deliverPending();
    }
  }

  async function status(userId: string): Promise<PhoneRecoveryStatus> {
    const [row] = await db
      .select()
      .from(phoneRecoveries)
      .where(and(eq(phoneRecoveries.userId, userId), isNull(phoneRecoveries.endedAt)));
    return { pending: row ? scheduled(row) : null };
  }

  return { start, confirm, cancel, completeDue, status };
}

export type PhoneRecoveryService = ReturnType<typeof createPhoneRecoveryService>;
