import { and, eq, sql } from 'drizzle-orm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { addSeconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { oneTimeCodes } from '../db/schema';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];
export type CodeCheck = 'ok' | 'code_invalid' | 'code_expired' | 'code_attempts_exceeded';

/**
 * 6-digit one-time codes: one pending per account and purpose (a new one replaces it), valid 10
 * minutes, 5 tries, single use. Only an HMAC under a server key is stored: a million possible codes
 * are too few for a plain hash to hide them from whoever reads the table.
 */
export function createCodeService(clock: Clock, secret: Uint8Array) {
  // A key of its own, derived from the auth secret, so code hashes and access tokens never share one.
  const key = createHmac('sha256', secret).update('meridian one-time codes').digest();
  const digest = (userId: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', key).update(`${userId}:${purpose}:${code}`).digest('hex');

  /** Creates the code and returns it in clear, once, for the message. */
  async function issue(tx: Db, userId: string, purpose: CodePurpose): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = clock();
    const row = { codeHash: digest(userId, purpose, code), attempts: 0, createdAt: now, expiresAt: addSeconds(now, CODE_TTL_SECONDS) };
    await tx
      .insert(oneTimeCodes)
      .values({ userId, purpose, ...row })
      .onConflictDoUpdate({ target: [oneTimeCodes.userId, oneTimeCodes.purpose], set: row });
    return code;
  }

  /**
   * Spends one try. Run it in the transaction that applies the code's effect; the caller must commit
   * even when the answer is not `ok`, or the try would not count. The UPDATE locks the row, so
   * concurrent tries are counted one after the other and a right code is consumed exactly once.
   */
  async function check(tx: Db, userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const where = and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose));
    const [pending] = await tx
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(where)
      .returning();
    if (!pending) return 'code_invalid';
    if (pending.expiresAt <= clock()) return 'code_expired';
    if (pending.attempts > CODE_MAX_ATTEMPTS) return 'code_attempts_exceeded';
    const matches = timingSafeEqual(Buffer.from(pending.codeHash, 'hex'), Buffer.from(digest(userId, purpose, code), 'hex'));
    if (!matches) return pending.attempts === CODE_MAX_ATTEMPTS ? 'code_attempts_exceeded' : 'code_invalid';
    await tx.delete(oneTimeCodes).where(where);
    return 'ok';
  }

  return { issue, check };
}

export type CodeService = ReturnType<typeof createCodeService>;
