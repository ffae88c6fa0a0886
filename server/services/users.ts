import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Me } from '../../contract/auth';
import { CUSTOMER_RULES, type CustomerRule } from '../../contract/customerRules';
import { DEFAULT_LOCALE, isLocale } from '../../contract/locales';
import { isCurrentTerms, TERMS_VERSION } from '../../contract/terms';
import type { CountryCode } from '../../contract/countries';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { userSettings, users } from '../db/schema';
import { ApiError } from '../errors';

export type UserRow = typeof users.$inferSelect;

export function createUserService(db: Db, clock: Clock) {
  async function findByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    return user;
  }

  async function get(userId: string, tx: Db = db): Promise<UserRow> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    // Sessions are deleted with their customer, so a valid principal always has a row.
    if (!user) throw new ApiError('unauthorized');
    return user;
  }

  /**
   * The customer, refused with 403 `email_unverified` until the e-mail is verified: what an
   * unverified account cannot do (add a passkey or a phone, send SMS, open a card account) starts here,
   * so a stranger who registered someone else's address has nothing to keep when the owner verifies it.
   */
  async function getVerified(userId: string, tx: Db = db): Promise<UserRow> {
    const user = await get(userId, tx);
    if (!user.emailVerifiedAt) throw new ApiError('email_unverified');
    return user;
  }

  async function me(userId: string): Promise<Me> {
    const [row] = await db
      .select({ user: users, language: userSettings.language })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) throw new ApiError('unauthorized');
    const { user, language } = row;
    return {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      firstName: user.firstName,
      lastName: user.lastName,
      country: user.country as CountryCode,
      language: isLocale(language) ? language : DEFAULT_LOCALE,
      refCode: user.refCode,
      createdAt: user.createdAt.toISOString(),
      phone: user.phone,
      phoneConfirmed: user.phoneConfirmedAt !== null,
      pendingPhone: user.pendingPhone,
      kycStatus: user.kycStatus,
      role: user.role,
      termsVersion: user.termsVersion,
    };
  }

  /** Records the terms in force as accepted; the same version again changes nothing but the time. */
  async function acceptTerms(userId: string, version: string): Promise<Me> {
    if (version !== TERMS_VERSION) throw new ApiError('terms_version_outdated');
    const now = clock();
    await db.update(users).set({ termsVersion: version, termsAcceptedAt: now, updatedAt: now }).where(eq(users.id, userId));
    return me(userId);
  }

  /**
   * While the identity check is under review and once it is approved the name is the one on the checked document: refused with
   * `name_locked` (an empty name stays open: customers checked before KYC asked for it give it here). One conditional update, so an approval landing meanwhile cannot be overtaken.
   */
  async function updateName(userId: string, firstName: string, lastName: string): Promise<Me> {
    const updated = await db
      .update(users)
      .set({ firstName, lastName, updatedAt: clock() })
      // contract/fields.ts isNameLocked, as one condition: a locked name is a checked one, never an empty one.
      .where(
        and(
          eq(users.id, userId),
          or(
            notInArray(users.kycStatus, ['pending', 'approved']),
            sql`coalesce(trim(${users.firstName}), '') = ''`,
            sql`coalesce(trim(${users.lastName}), '') = ''`,
          ),
        ),
      )
      .returning({ id: users.id });
    if (updated.length === 0) throw new ApiError('name_locked');
    return me(userId);
  }

  async function roleOf(userId: string): Promise<string> {
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
    return row?.role ?? 'customer';
  }

  /**
   * The first of `rules` the customer has not met, in the contract's order (e-mail, phone, identity
   * check: the order in which the app leads there); undefined when all are met.
   */
  async function unmetRule(userId: string, rules: readonly CustomerRule[]): Promise<CustomerRule | undefined> {
    const user = await get(userId);
    const met: Record<CustomerRule, boolean> = {
      'email-verified': user.emailVerifiedAt !== null,
      'phone-confirmed': user.phoneConfirmedAt !== null,
      'kyc-approved': user.kycStatus === 'approved',
      'terms-accepted': isCurrentTerms(user.termsVersion),
    };
    return (Object.keys(CUSTOMER_RULES) as CustomerRule[]).find((rule) => rules.includes(rule) && !met[rule]);
  }

  return { findByEmail, get, getVerified, me, updateName, acceptTerms, roleOf, unmetRule };
}

export type UserService = ReturnType<typeof createUserService>;
