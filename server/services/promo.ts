import { eq } from 'drizzle-orm';
import type { PromoRedemption } from '../../contract/users';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { promoCodes, promoRedemptions } from '../db/schema';
import { ApiError } from '../errors';
import { RATE_LIMITS, type RateLimiter } from './rate-limit';

/** What a promo code grants is not specified yet; redeeming records that this customer used it. */
export function createPromoService(db: Db, clock: Clock, rateLimiter: Pick<RateLimiter, 'enforce'>) {
  async function redeem(userId: string, code: string, ip: string): Promise<PromoRedemption> {
    await rateLimiter.enforce([
      [RATE_LIMITS.promoPerAccount, userId],
      [RATE_LIMITS.promoPerIp, ip],
    ]);
    const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
    if (!promo || !promo.active) throw new ApiError('promo_unknown');
    const now = clock();
    if (promo.expiresAt && promo.expiresAt <= now) throw new ApiError('promo_expired');
    // The primary key (user, code) makes "once per customer" hold under concurrent requests too.
    const [redeemed] = await db
      .insert(promoRedemptions)
      .values({ userId, promoCodeId: promo.id, redeemedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!redeemed) throw new ApiError('promo_already_redeemed');
    return { code: promo.code, description: promo.description, redeemedAt: redeemed.redeemedAt.toISOString() };
  }

  return { redeem };
}

export type PromoService = ReturnType<typeof createPromoService>;
