import { count } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { credit } from '../services/ledger';
import { createPasswordHasher, type PasswordCost } from '../services/passwords';
import type { Db } from './database';
import { accounts, promoCodes, userSettings, users } from './schema';
import { TERMS_VERSION } from '../../contract/terms';

/**
 * The demo customer of README and `npm start`: profile, settings, and the accounts below. KYC approved,
 * e-mail confirmed and no phone, so it signs in with e-mail and password alone and can move money at once.
 */
export const DEMO_CUSTOMER = {
  email: 'demo@meridian.test',
  password: 'MeridianDemo2026',
  firstName: 'Dana',
  lastName: 'Demo',
  country: 'DE',
  language: 'en',
} as const;

/**
 * A second demo customer for what money leaving Meridian needs (on-chain withdrawal): a confirmed phone as
 * well. The phone guards the sign-in, so each sign-in asks for an SMS code (printed on the console in demo
 * mode, and at most 5 an hour per phone), which is why the first demo customer has none. The number is in
 * Ofcom's range reserved for fiction (+44 7700 900xxx), so no real phone is ever texted.
 */
export const DEMO_PHONE_CUSTOMER = {
  email: 'demo-phone@meridian.test',
  password: 'MeridianDemo2026',
  firstName: 'Pia',
  lastName: 'Demo',
  country: 'DE',
  language: 'en',
  phone: '+447700900123',
} as const;

/** The operator of the demo: the `admin` role reaches the admin tools (rates, and more to come). */
export const DEMO_ADMIN = {
  email: 'admin@meridian.test',
  password: 'MeridianAdmin2026',
  firstName: 'Ada',
  lastName: 'Admin',
  country: 'DE',
  language: 'en',
} as const;

/**
 * The demo customer's accounts, each funded by one `seed` ledger transaction (with its deposit
 * activity) from the system account of its asset. The IBANs are the well-known documentation examples, not real accounts.
 */
export const DEMO_ACCOUNTS = [
  { kind: 'fiat', currency: 'EUR', name: 'Euro account', iban: 'DE89370400440532013000', balance: '2450.75' },
  { kind: 'fiat', currency: 'USD', name: 'US dollar account', iban: 'LT121000011101001000', balance: '310.00' },
  { kind: 'crypto', currency: 'BTC', name: 'Bitcoin', iban: null, balance: '0.0425' },
  { kind: 'crypto', currency: 'ETH', name: 'Ether', iban: null, balance: '1.2' },
  { kind: 'crypto', currency: 'USDT', name: 'Tether USD', iban: null, balance: '1250.5' },
] as const;

/** The second demo customer's accounts: crypto only, enough to try a withdrawal and its fee. */
export const DEMO_PHONE_ACCOUNTS = [
  { kind: 'crypto', currency: 'ETH', name: 'Ether', iban: null, balance: '0.5' },
  { kind: 'crypto', currency: 'USDT', name: 'Tether USD', iban: null, balance: '500' },
] as const;

/**
 * A demo server's start (`backdated`): the demo customers' accounts were opened and funded this long before
 * the seeding, so every range of the portfolio up to a year has a history to draw (valued at the backfilled,
 * simulated prices). The tests' seeding keeps them funded at its clock's instant.
 */
export const DEMO_HISTORY_DAYS = 365;

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
 * Adds the demo customers (verified e-mail, KYC approved, funded accounts), the demo admin and the promo
 * codes. Idempotent: what exists is left alone, so running it again never resets a password someone changed.
 */
export async function seedDemo(
  db: Db,
  clock: Clock,
  passwordCost: PasswordCost,
  { backdated = false } = {},
): Promise<{ demoCreated: boolean }> {
  const now = clock();
  const fundedAt = backdated ? new Date(now.getTime() - DEMO_HISTORY_DAYS * 24 * 60 * 60_000) : now;
  const hasher = createPasswordHasher(passwordCost);
  // Both demo customers share the README's password, so one hash serves them.
  const [passwordHash, adminPasswordHash] = await Promise.all([hasher.hash(DEMO_CUSTOMER.password), hasher.hash(DEMO_ADMIN.password)]);
  return db.transaction(async (tx) => {
    await tx
      .insert(promoCodes)
      .values(DEMO_PROMO_CODES.map((promo) => ({ id: randomUUID(), ...promo, createdAt: now })))
      .onConflictDoNothing({ target: promoCodes.code });
    const created = await insertVerifiedUser(tx, now, { ...DEMO_CUSTOMER, passwordHash, kycStatus: 'approved' }, DEMO_ACCOUNTS, fundedAt);
    await insertVerifiedUser(
      tx,
      now,
      { ...DEMO_PHONE_CUSTOMER, passwordHash, kycStatus: 'approved', phoneConfirmedAt: now },
      DEMO_PHONE_ACCOUNTS,
      fundedAt,
    );
    await insertVerifiedUser(tx, now, { ...DEMO_ADMIN, passwordHash: adminPasswordHash, role: 'admin' });
    return { demoCreated: Boolean(created) };
  });
}

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
type DemoAccount = (typeof DEMO_ACCOUNTS)[number] | (typeof DEMO_PHONE_ACCOUNTS)[number];

/**
 * A user with a verified e-mail and the terms accepted (a demo user, or an operator from `npm run
 * admin:create`) with its accounts, each funded by one `seed` ledger transaction (with its deposit
 * activity) from the system account of its asset, opened and funded at `fundedAt` (a demo's backdated
 * history; now otherwise). An existing e-mail is left alone; whether it was created is the answer.
 */
export async function insertVerifiedUser(
  tx: Transaction,
  now: Date,
  who: {
    email: string;
    passwordHash: string;
    firstName: string | null;
    lastName: string | null;
    country: string;
    language: string;
    role?: 'admin';
    kycStatus?: 'approved';
    phone?: string;
    phoneConfirmedAt?: Date;
  },
  demoAccounts: readonly DemoAccount[] = [],
  fundedAt: Date = now,
): Promise<boolean> {
  const userId = randomUUID();
  const { email, passwordHash, firstName, lastName, country, role, kycStatus, phone = null, phoneConfirmedAt = null } = who;
  const [created] = await tx
    .insert(users)
    .values({
      id: userId,
      ...{ email, passwordHash, firstName, lastName, country, role, kycStatus, phone, phoneConfirmedAt },
      emailVerifiedAt: now,
      termsAcceptedAt: now,
      termsVersion: TERMS_VERSION,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!created) return false;
  await tx.insert(userSettings).values({ userId, language: who.language, updatedAt: now });
  for (const { balance, ...account } of demoAccounts) {
    const accountId = randomUUID();
    await tx.insert(accounts).values({ id: accountId, userId, ...account, createdAt: fundedAt });
    await credit(tx, {
      kind: 'seed',
      userId,
      accountId,
      asset: account.currency,
      amount: balance,
      at: fundedAt,
      activity: { type: 'deposit', counterparty: `${who.firstName} ${who.lastName}`, reference: 'Opening deposit' },
    });
  }
  return true;
}
