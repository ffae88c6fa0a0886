import { eq, sql } from 'drizzle-orm';
import type { UserSettings } from '../../contract/app';
import type { Onboarding } from '../../contract/invite';
import { DEFAULT_LOCALE, isLocale } from '../../contract/locales';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { userSettings } from '../db/schema';

export function createSettingsService(db: Db, clock: Clock) {
  async function get(userId: string): Promise<UserSettings> {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return { language: row && isLocale(row.language) ? row.language : DEFAULT_LOCALE };
  }

  /** Stores the given fields; the others keep their value. */
  async function save(userId: string, changes: Partial<UserSettings>): Promise<UserSettings> {
    const next = { ...(await get(userId)), ...changes };
    const row = { ...next, updatedAt: clock() };
    await db
      .insert(userSettings)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: userSettings.userId, set: row });
    return next;
  }

  async function onboarding(userId: string): Promise<Onboarding> {
    const [row] = await db.select({ seenAt: userSettings.introSeenAt }).from(userSettings).where(eq(userSettings.userId, userId));
    return { introSeen: Boolean(row?.seenAt) };
  }

  /** Keeps the first time it was seen; a customer without saved settings gets them with the default language. */
  async function markIntroSeen(userId: string): Promise<Onboarding> {
    const at = clock();
    await db
      .insert(userSettings)
      .values({ userId, language: (await get(userId)).language, introSeenAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { introSeenAt: sql`coalesce(${userSettings.introSeenAt}, excluded.intro_seen_at)`, updatedAt: at },
      });
    return { introSeen: true };
  }

  return { get, save, onboarding, markIntroSeen };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
