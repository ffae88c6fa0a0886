import { eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales';
import type { Db } from '../db/database';
import { userSettings, users } from '../db/schema';

/** Where and in which language to tell a customer of something, read in the caller's transaction. */
export async function noticeRecipient(tx: Db, userId: string): Promise<{ email: string; language: Locale }> {
  const [row] = await tx
    .select({ email: users.email, language: userSettings.language })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return { email: row!.email, language: row?.language && isLocale(row.language) ? row.language : DEFAULT_LOCALE };
}
