import { and, eq, isNull, ne } from 'drizzle-orm';
import type { PasswordChanged } from '../../contract/stepUp';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { ApiError } from '../errors';
import type { Outbox } from './outbox';
import { assertStrongPassword, type PasswordHasher } from './passwords';
import { BACKOFFS, type RateLimiter } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import type { StepUpService } from './step-up';
import { passwordChangedEmail } from './stepUpNotices';
import type { ClientInfo, Principal } from './tokens';
import type { UserService } from './users';

export interface PasswordChangeDeps {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  users: UserService;
  stepUp: Pick<StepUpService, 'require' | 'consume'>;
}

/**
 * Changing the password from /profile/security: the current password plus a `password.change`
 * step-up. Every other session ends (whoever held one may have known the old password); this one
 * stays. The e-mail hears of it, and the security log records it. The new password follows the sign-up rule (`passwordSchema` in the
 * body's schema).
 */
export function createPasswordChangeService(deps: PasswordChangeDeps) {
  const { db, clock, passwords, outbox, rateLimiter } = deps;

  async function change(principal: Principal, currentPassword: string, newPassword: string, client?: ClientInfo): Promise<PasswordChanged> {
    // The step-up first: without one, the endpoint tells nothing about the password.
    await deps.stepUp.require(db, principal, 'password.change');
    const user = await deps.users.get(principal.userId);
    // The sign-up rule, before the current password: a refused new password spends no guess of it.
    assertStrongPassword(newPassword, { email: user.email, name: [user.firstName, user.lastName].filter(Boolean).join(' ') });
    // The same growing delays as sign-in's, per customer: a stolen session cannot guess at speed.
    const attempt = `${user.email} change-password`;
    await rateLimiter.claimBackoff(BACKOFFS.login, attempt);
    const check = user.passwordHash ? await passwords.verify(currentPassword, user.passwordHash) : { ok: false };
    if (!check.ok) throw new ApiError('current_password_invalid');
    await rateLimiter.clearBackoff(BACKOFFS.login, attempt);
    // Hashing is slow: done before the transaction, so no row is locked meanwhile.
    const passwordHash = await passwords.hash(newPassword);
    const { language } = await deps.users.me(user.id);
    const ended = await db.transaction(async (tx) => {
      await deps.stepUp.consume(tx, principal, 'password.change');
      const now = clock();
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'password_changed' })
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, principal.sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      await recordSecurityEvent(tx, now, user.id, { kind: 'password_changed', client });
      await outbox.enqueue(tx, passwordChangedEmail(user.email, language));
      return revoked.length;
    });
    await outbox.deliverPending();
    return { otherSessionsEnded: ended };
  }

  return { change };
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
