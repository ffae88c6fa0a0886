import { eq } from 'drizzle-orm';
import type { UserSettings } from '../../contract/app';
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

  return { get, save };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
