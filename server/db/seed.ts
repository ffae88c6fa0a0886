import { count } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { createPasswordHasher } from '../services/passwords';
import type { Db } from './database';
import { promoCodes, userSettings, users } from './schema';

/** The demo customer of README and `npm start`. Only what exists so far: profile, settings, level. */
export const DEMO_CUSTOMER = {
  email: 'demo@meridian.test',
  password: 'MeridianDemo2026',
  firstName: 'Dana',
  lastName: 'Demo',
  country: 'DE',
  language: 'en',
} as const;

const DEMO_PROMO_CODES = [
  { code: 'WELCOME10', description: 'Welcome bonus for new customers', expiresAt: null },
  { code: 'MERIDIAN2026', description: 'Meridian launch campaign 2026', expiresAt: new Date('2027-01-01T00:00:00Z') },
  { code: 'FRIENDS', description: 'Invited by a friend', expiresAt: null },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(users);
  return row!.users === 0;
}

/**
 * Adds the demo customer (verified e-mail) and the promo codes. Idempotent: what exists is left
 * alone, so running it again never resets a password someone changed.
 */
export async function seedDemo(db: Db, clock: Clock, scryptLogN: number): Promise<{ demoCreated: boolean }> {
  const now = clock();
  const passwordHash = await createPasswordHasher(scryptLogN).hash(DEMO_CUSTOMER.password);
  return db.transaction(async (tx) => {
    await tx
      .insert(promoCodes)
      .values(DEMO_PROMO_CODES.map((promo) => ({ id: randomUUID(), ...promo, createdAt: now })))
      .onConflictDoNothing({ target: promoCodes.code });
    const userId = randomUUID();
    const [created] = await tx
      .insert(users)
      .values({
        id: userId,
        email: DEMO_CUSTOMER.email,
        emailVerifiedAt: now,
        passwordHash,
        firstName: DEMO_CUSTOMER.firstName,
        lastName: DEMO_CUSTOMER.lastName,
        country: DEMO_CUSTOMER.country,
        termsAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created) await tx.insert(userSettings).values({ userId, language: DEMO_CUSTOMER.language, updatedAt: now });
    return { demoCreated: Boolean(created) };
  });
}
