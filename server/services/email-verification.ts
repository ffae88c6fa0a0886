import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { biometricCodeTokens, oneTimeCodes, passkeys, sessions, socialIdentities, twoFactorChallenges, users } from '../db/schema';
import { recordSecurityEvent } from './security-log';
import type { ClientInfo } from './tokens';

/** The codes that stand for a factor being added or used; the e-mail's own codes stay. */
const FACTOR_CODE_PURPOSES = [
  'set_phone',
  'update_phone_email',
  'update_phone_sms',
  'login_two_factor',
  'biometric_enable',
  'biometric_disable',
] as const;

/** The request that proved the mailbox: its session stays signed in. */
export interface Verifier {
  sessionId: string;
  client: ClientInfo;
}

/**
 * Pre-hijacking defence, run in the transaction that first marks the e-mail verified. Until then
 * anybody could have opened the account with someone else's address, so nothing they attached
 * survives the owner's proof of the mailbox: passkeys, the phone (confirmed or pending), Google and
 * Apple links and every session but the verifier's are removed, with their pending codes and
 * challenges. A provider link that opened the verifier's own session stays: that session has just
 * shown it controls the mailbox too. Nothing is recorded about what was removed beyond counts.
 */
export async function removeFactorsAddedBeforeVerification(tx: Db, now: Date, userId: string, verifier: Verifier | null): Promise<void> {
  const [kept] = verifier
    ? await tx
        .select({ method: sessions.method })
        .from(sessions)
        .where(and(eq(sessions.id, verifier.sessionId), eq(sessions.userId, userId)))
    : [];
  const keptProvider = kept?.method === 'google' || kept?.method === 'apple' ? kept.method : null;

  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(biometricCodeTokens).where(eq(biometricCodeTokens.userId, userId));
  await tx.update(users).set({ phone: null, phoneConfirmedAt: null, pendingPhone: null, updatedAt: now }).where(eq(users.id, userId));
  await tx.delete(oneTimeCodes).where(and(eq(oneTimeCodes.userId, userId), inArray(oneTimeCodes.purpose, [...FACTOR_CODE_PURPOSES])));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await tx
    .delete(socialIdentities)
    .where(and(eq(socialIdentities.userId, userId), keptProvider ? ne(socialIdentities.provider, keptProvider) : undefined));
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'signed_out_remotely' })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), verifier ? ne(sessions.id, verifier.sessionId) : undefined))
    .returning({ id: sessions.id });

  await recordSecurityEvent(tx, now, userId, { kind: 'email_verified', client: verifier?.client });
  if (ended.length > 0) {
    await recordSecurityEvent(tx, now, userId, { kind: 'sessions_ended', client: verifier?.client, detail: String(ended.length) });
  }
}
