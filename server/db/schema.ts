import { SECURITY_EVENT_KINDS } from '../../contract/security';
import { STEP_UP_ACTIONS } from '../../contract/stepUp';
import { bigint, boolean, char, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The tables of server/db/migrations, for typed queries. The SQL files are the source of truth;
// tests/server/database.test.ts checks that every column named here exists there.

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a one-time code is for; one pending code per customer and purpose. */
const CODE_PURPOSES = [
  'verify_email',
  'reset_password',
  'biometric_enable',
  'biometric_disable',
  'login_two_factor',
  'set_phone',
  'update_phone_email',
  'update_phone_sms',
  'step_up',
] as const;

export const depositLevels = pgTable('deposit_levels', {
  level: smallint('level').primaryKey(),
  name: text('name').notNull(),
  minTotalDepositUsd: numeric('min_total_deposit_usd', { precision: 20, scale: 2 }).notNull(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  emailVerifiedAt: instant('email_verified_at'),
  /** Null for a customer who has only ever signed in with Apple or Google. */
  passwordHash: text('password_hash'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  country: char('country', { length: 2 }).notNull(),
  refCode: text('ref_code'),
  /** E.164; receives two-factor codes once confirmed. */
  phone: text('phone'),
  phoneConfirmedAt: instant('phone_confirmed_at'),
  /** A number being set or changed, until its code is confirmed. */
  pendingPhone: text('pending_phone'),
  depositLevel: smallint('deposit_level').notNull().default(1),
  termsAcceptedAt: instant('terms_accepted_at').notNull(),
  createdAt: instant('created_at').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id').primaryKey(),
  language: text('language').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: instant('created_at').notNull(),
  revokedAt: instant('revoked_at'),
  revokedReason: text('revoked_reason', {
    enum: ['logout', 'refresh_token_reuse', 'password_reset', 'signed_out_remotely', 'signed_out_everywhere', 'password_changed'],
  }),
  userAgent: text('user_agent'),
  ip: text('ip'),
  lastSeenAt: instant('last_seen_at'),
  /** The last request the customer made (migration 0010): the idle lifetime counts from here. */
  lastActiveAt: instant('last_active_at').notNull(),
  method: text('method', { enum: ['password', 'passkey', 'google', 'apple'] })
    .notNull()
    .default('password'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  rotatedAt: instant('rotated_at'),
});

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    userId: uuid('user_id').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.purpose] })],
);

/** A pending second factor: the first one passed, the SMS code not yet (migration 0007). */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  method: text('method', { enum: ['password', 'passkey', 'google', 'apple'] }).notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  resendAvailableAt: instant('resend_available_at').notNull(),
  usedAt: instant('used_at'),
});

export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  recipient: text('recipient').notNull(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  template: text('template').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: instant('created_at').notNull(),
  sentAt: instant('sent_at'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  claimedUntil: instant('claimed_until'),
});

export const promoCodes = pgTable('promo_codes', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  description: text('description').notNull(),
  active: boolean('active').notNull().default(true),
  expiresAt: instant('expires_at'),
  createdAt: instant('created_at').notNull(),
});

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    userId: uuid('user_id').notNull(),
    promoCodeId: uuid('promo_code_id').notNull(),
    redeemedAt: instant('redeemed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.promoCodeId] })],
);

export const utmVisits = pgTable('utm_visits', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id'),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  utmCampaign: text('utm_campaign'),
  utmTerm: text('utm_term'),
  utmContent: text('utm_content'),
  createdAt: instant('created_at').notNull(),
});

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    windowEnd: instant('window_end').notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.key, table.windowStart] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: smallint('response_status'),
    responseBody: text('response_body'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey(),
  /** Null for the system account of a currency (the ledger's counter-side). */
  userId: uuid('user_id'),
  kind: text('kind', { enum: ['fiat', 'crypto', 'card', 'system'] }).notNull(),
  currency: text('currency', { enum: ['EUR', 'USD', 'BTC', 'ETH', 'USDT', 'USDC'] }).notNull(),
  name: text('name').notNull(),
  iban: text('iban'),
  /** The sum of the account's ledger entries, kept by a trigger; never written directly. */
  balance: numeric('balance', { precision: 38, scale: 18 }).notNull().default('0'),
  createdAt: instant('created_at').notNull(),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id'),
  kind: text('kind', { enum: ['seed', 'deposit', 'withdrawal', 'transfer', 'exchange', 'card'] }).notNull(),
  idempotencyKey: text('idempotency_key'),
  createdAt: instant('created_at').notNull(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
  transactionId: uuid('transaction_id').notNull(),
  accountId: uuid('account_id').notNull(),
  /** Signed decimal string: positive credits the account. */
  amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
});

/** Demo conversion rates (US dollars per unit); see migration 0002. */
export const rates = pgTable('rates', {
  currency: text('currency').primaryKey(),
  usd: numeric('usd', { precision: 38, scale: 18 }).notNull(),
  updatedAt: instant('updated_at').notNull(),
});

export const oidcRequests = pgTable('oidc_requests', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  locale: text('locale').notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  /** SHA-256 of the `oidc_browser` cookie of the browser that started the sign-in (migration 0011). */
  browserHash: text('browser_hash'),
  /** Apple's posted fields (JSON), kept for the same-site GET that can read the cookie. */
  appleAnswer: text('apple_answer'),
});

export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email'),
    createdAt: instant('created_at').notNull(),
    lastUsedAt: instant('last_used_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

export const passkeyUserHandles = pgTable('passkey_user_handles', {
  userId: uuid('user_id').primaryKey(),
  handle: text('handle').notNull(),
});

export const passkeys = pgTable('passkeys', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
  backedUp: boolean('backed_up').notNull(),
  aaguid: uuid('aaguid').notNull(),
  name: text('name').notNull(),
  createdAt: instant('created_at').notNull(),
  lastUsedAt: instant('last_used_at'),
});

export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
});

export const biometricCodeTokens = pgTable('biometric_code_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  sessionId: uuid('session_id').notNull(),
  purpose: text('purpose', { enum: ['biometric_enable', 'biometric_disable'] }).notNull(),
  challenge: text('challenge'),
  codeRequired: boolean('code_required').notNull(),
  codeVerifiedAt: instant('code_verified_at'),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
});

/** The customer's security log (migration 0011). */
export const securityEvents = pgTable('security_events', {
  id: bigint('id', { mode: 'bigint' }).generatedAlwaysAsIdentity().primaryKey(),
  userId: uuid('user_id').notNull(),
  kind: text('kind', { enum: SECURITY_EVENT_KINDS }).notNull(),
  method: text('method', { enum: ['password', 'passkey', 'google', 'apple'] }),
  detail: text('detail'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: instant('created_at').notNull(),
});

/** A step-up request, then (granted_at set) the grant it became (migration 0009). */
export const stepUps = pgTable('step_ups', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  sessionId: uuid('session_id').notNull(),
  action: text('action', { enum: STEP_UP_ACTIONS }).notNull(),
  proof: text('proof', { enum: ['passkey', 'code'] }).notNull(),
  challenge: text('challenge'),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  grantedAt: instant('granted_at'),
});
