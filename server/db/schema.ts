import { NOTIFICATION_KINDS, type AppNotification } from '../../contract/notifications';
import { SECURITY_EVENT_KINDS } from '../../contract/security';
import { STEP_UP_ACTIONS } from '../../contract/stepUp';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  jsonb,
  char,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES } from '../../contract/activities';
import { CARD_CHANNELS, CARD_FORMS, CARD_STATUSES, MERCHANT_CATEGORIES } from '../../contract/cards';
import { ADMIN_ACTIONS } from '../../contract/simulate';
import { SYSTEM_ROLES } from '../../contract/transfers';
import { MONEY_REQUEST_STATUSES, SEND_STATUSES } from '../../contract/sendMoney';
import { KYC_FILE_TYPES, KYC_REPEATABLE_STEPS, type QuestionnaireAnswers, type QuestionnaireDraftAnswers } from '../../contract/kyc';
import { HELD_REASONS } from '../../contract/inject';
import { KYC_STATUSES, LIMITED_OPERATIONS, ROLES } from '../../contract/users';
import { WITHDRAWAL_STATUSES } from '../../contract/withdrawals';
import { PAYOUT_RETURN_REASONS, PAYOUT_STATUSES } from '../../contract/payouts';
import { PRICE_ALERT_KINDS } from '../../contract/priceAlerts';
import { RECURRING_FREQUENCIES, RECURRING_RUN_STATUSES } from '../../contract/recurringBuys';

// The tables of server/db/migrations, for typed queries. The SQL files are the source of truth;
// tests/server/database.test.ts checks that every column named here exists there.

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
type NotificationParams = AppNotification['params'];
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

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
  'phone_recovery',
] as const;

export const depositLevelLimits = pgTable(
  'deposit_level_limits',
  {
    level: smallint('level').notNull(),
    operation: text('operation', { enum: LIMITED_OPERATIONS }).notNull(),
    dailyUsd: numeric('daily_usd', { precision: 20, scale: 2 }).notNull(),
    monthlyUsd: numeric('monthly_usd', { precision: 20, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.level, table.operation] })],
);

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
  /** The customer's own invitation code (migration 0025), made when first asked for. */
  referralCode: text('referral_code'),
  /** E.164; receives two-factor codes once confirmed. */
  phone: text('phone'),
  phoneConfirmedAt: instant('phone_confirmed_at'),
  /** A number being set or changed, until its code is confirmed. */
  pendingPhone: text('pending_phone'),
  kycStatus: text('kyc_status', { enum: KYC_STATUSES }).notNull().default('not_started'),
  role: text('role', { enum: ROLES }).notNull().default('customer'),
  termsAcceptedAt: instant('terms_accepted_at').notNull(),
  /** The version of the terms accepted last (contract/terms.ts). */
  termsVersion: text('terms_version').notNull(),
  createdAt: instant('created_at').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id').primaryKey(),
  language: text('language').notNull(),
  /** When the onboarding intro was finished or skipped (migration 0025). */
  introSeenAt: instant('intro_seen_at'),
  updatedAt: instant('updated_at').notNull(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: instant('created_at').notNull(),
  revokedAt: instant('revoked_at'),
  revokedReason: text('revoked_reason', {
    enum: [
      'logout',
      'refresh_token_reuse',
      'password_reset',
      'signed_out_remotely',
      'signed_out_everywhere',
      'password_changed',
      'step_up_guessing',
    ],
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

/** The assets accounts are kept in (migration 0013); the same list as contract/assets.ts. */
export const assets = pgTable('assets', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['fiat', 'crypto'] }).notNull(),
  decimals: smallint('decimals').notNull(),
  sortOrder: smallint('sort_order').notNull(),
});

export const networks = pgTable('networks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  chainId: integer('chain_id'),
});

export const assetNetworks = pgTable(
  'asset_networks',
  {
    asset: text('asset').notNull(),
    network: text('network').notNull(),
  },
  (table) => [primaryKey({ columns: [table.asset, table.network] })],
);

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey(),
  /** Null for the system account of an asset (the ledger's counter-side). */
  userId: uuid('user_id'),
  kind: text('kind', { enum: ['fiat', 'crypto', 'card', 'collateral', 'system'] }).notNull(),
  /** An asset code (foreign key to `assets`). */
  currency: text('currency').notNull(),
  /** The kind of asset the account's kind needs, checked against `assets` (null for system accounts). */
  assetKind: text('asset_kind').generatedAlwaysAs(
    sql`CASE kind WHEN 'crypto' THEN 'crypto' WHEN 'collateral' THEN 'crypto' WHEN 'fiat' THEN 'fiat' WHEN 'card' THEN 'fiat' END`,
  ),
  name: text('name').notNull(),
  iban: text('iban'),
  /** The sum of the account's ledger entries, kept by a trigger; never written directly. */
  balance: money('balance').notNull().default('0'),
  /** Card accounts only: how far below zero the balance may go (migration 0014); 0 for every other account. */
  creditLimit: money('credit_limit').notNull().default('0'),
  /** System accounts only (migration 0019): `external` (money entering or leaving), `treasury` (exchanges), `revenue` (fees). */
  systemRole: text('system_role', { enum: SYSTEM_ROLES }),
  /** System accounts only (migration 0039): which of the account's `SYSTEM_SHARDS` rows this is; 0 for every other account. */
  shard: smallint('shard').notNull().default(0),
  createdAt: instant('created_at').notNull(),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id'),
  kind: text('kind', {
    enum: [
      'seed',
      'deposit',
      'withdrawal',
      'transfer',
      'exchange',
      'card',
      'collateral',
      'repayment',
      'liquidation',
      'adjustment',
      'voucher',
      'payment',
      'reversal',
      'reward',
      'fee',
      'send',
    ],
  }).notNull(),
  idempotencyKey: text('idempotency_key'),
  createdAt: instant('created_at').notNull(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
  transactionId: uuid('transaction_id').notNull(),
  accountId: uuid('account_id').notNull(),
  /** Signed decimal string: positive credits the account. */
  amount: money('amount').notNull(),
});

/** What the customer sees of a movement, written with its postings (migration 0013). */
export const activities = pgTable('activities', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  accountId: uuid('account_id').notNull(),
  transactionId: uuid('transaction_id'),
  type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
  /** `returned` since migration 0051 (a bounced payout). */
  status: text('status', { enum: ACTIVITY_STATUSES }).notNull(),
  counterparty: text('counterparty'),
  reference: text('reference'),
  /** Signed, in `currency`: what the transaction posted to `accountId`. */
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  counterAmount: money('counter_amount'),
  counterCurrency: text('counter_currency'),
  usdValue: money('usd_value'),
  createdAt: instant('created_at').notNull(),
});

/** The current price of each asset in US dollars (migrations 0002, 0013). */
export const rates = pgTable('rates', {
  asset: text('asset').primaryKey(),
  usd: money('usd').notNull(),
  updatedAt: instant('updated_at').notNull(),
  source: text('source', { enum: ['simulated', 'feed', 'admin'] }).notNull(),
});

/** Every price the rates took in the last 24 hours. */
export const rateHistory = pgTable(
  'rate_history',
  {
    asset: text('asset').notNull(),
    at: instant('at').notNull(),
    usd: money('usd').notNull(),
  },
  (table) => [primaryKey({ columns: [table.asset, table.at] })],
);

/** The last price of each hour (31 days) and of each day (kept), for the charts; `simulated`: a demo's backfill. */
export const priceHistory = pgTable(
  'price_history',
  {
    asset: text('asset').notNull(),
    resolution: text('resolution', { enum: ['hour', 'day'] }).notNull(),
    at: instant('at').notNull(),
    usd: money('usd').notNull(),
    simulated: boolean('simulated').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.asset, table.resolution, table.at] })],
);

/** The server instance that moves the rates until `leaseUntil`. */
export const rateFeedLease = pgTable('rate_feed_lease', {
  id: boolean('id').primaryKey().default(true),
  holder: text('holder').notNull(),
  leaseUntil: instant('lease_until').notNull(),
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

/** The loan-to-value level last told to the customer, per card account (migration 0014). */
export const cardCreditAlerts = pgTable('card_credit_alerts', {
  accountId: uuid('account_id').primaryKey(),
  level: text('level', { enum: ['none', 'warning', 'margin_call'] }).notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/** Cards of a card account; the number only sealed (AES-256-GCM), the CVV nowhere (migration 0014). */
export const cards = pgTable('cards', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  accountId: uuid('account_id').notNull(),
  form: text('form', { enum: CARD_FORMS }).notNull(),
  status: text('status', { enum: CARD_STATUSES }).notNull(),
  frozen: boolean('frozen').notNull(),
  numberSealed: text('number_sealed').notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  expiryMonth: smallint('expiry_month').notNull(),
  expiryYear: smallint('expiry_year').notNull(),
  dailyLimit: numeric('daily_limit', { precision: 20, scale: 2 }).notNull(),
  monthlyLimit: numeric('monthly_limit', { precision: 20, scale: 2 }).notNull(),
  onlineEnabled: boolean('online_enabled').notNull(),
  contactlessEnabled: boolean('contactless_enabled').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** Approved card authorizations, counted against the cards' limits (migration 0014). */
export const cardAuthorizations = pgTable('card_authorizations', {
  id: uuid('id').primaryKey(),
  cardId: uuid('card_id').notNull(),
  transactionId: uuid('transaction_id').notNull(),
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
  merchant: text('merchant').notNull(),
  channel: text('channel', { enum: CARD_CHANNELS }).notNull(),
  /** What the payment was for (migration 0047). */
  category: text('category', { enum: MERCHANT_CATEGORIES }).notNull().default('other'),
  createdAt: instant('created_at').notNull(),
});

/** Every admin action (migration 0015): append-only. */
export const adminAuditLog = pgTable('admin_audit_log', {
  id: uuid('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  adminId: uuid('admin_id').notNull(),
  action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
  targetUserId: uuid('target_user_id'),
  targetAccountId: uuid('target_account_id'),
  transactionId: uuid('transaction_id'),
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  reason: text('reason'),
  requestId: uuid('request_id').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** A lost-phone recovery, pending until `effective_at`, then ended (migration 0016). */
export const phoneRecoveries = pgTable('phone_recoveries', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  phone: text('phone').notNull(),
  requestedAt: instant('requested_at').notNull(),
  effectiveAt: instant('effective_at').notNull(),
  emailCancelHash: text('email_cancel_hash').notNull(),
  smsCancelHash: text('sms_cancel_hash').notNull(),
  endedAt: instant('ended_at'),
  outcome: text('outcome', { enum: ['completed', 'cancelled_by_email', 'cancelled_by_phone', 'superseded'] }),
});

/** A firm offer for one exchange (migration 0019); `usedAt` and `transactionId` are set by the transfer that used it. */
export const quotes = pgTable('quotes', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  fromAccountId: uuid('from_account_id').notNull(),
  toAccountId: uuid('to_account_id').notNull(),
  fromAsset: text('from_asset').notNull(),
  toAsset: text('to_asset').notNull(),
  rate: money('rate').notNull(),
  fee: money('fee').notNull(),
  amountIn: money('amount_in').notNull(),
  amountOut: money('amount_out').notNull(),
  usdValue: money('usd_value').notNull(),
  /** Which amount the customer typed and what it was (migration 0026): what a fresh quote is made for. */
  side: text('side').notNull(),
  asked: money('asked').notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  transactionId: uuid('transaction_id'),
  /** A payment's quote (migration 0027): it pays this pay link only, never a transfer. */
  payLinkId: uuid('pay_link_id'),
});

/** One reward per invitee (migration 0025): the primary key makes concurrent completions pay once. */
export const referralRewards = pgTable('referral_rewards', {
  inviteeId: uuid('invitee_id').primaryKey(),
  referrerId: uuid('referrer_id').notNull(),
  transactionId: uuid('transaction_id'),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** The identity check's draft and decision, one per customer (migration 0024). */
export const kycApplications = pgTable('kyc_applications', {
  userId: uuid('user_id').primaryKey(),
  documentType: text('document_type', { enum: ['passport', 'id_card', 'driving_licence', 'residence_permit'] }),
  documentCountry: char('document_country', { length: 2 }),
  /** As the document shows it (migration 0039); the legal name is the customer's, on `users`. */
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  questionnaire: jsonb('questionnaire').$type<QuestionnaireAnswers>(),
  questionnaireDoneAt: instant('questionnaire_done_at'),
  /** The answers being typed, cleared when the questionnaire is saved (migration 0045). */
  questionnaireDraft: jsonb('questionnaire_draft').$type<QuestionnaireDraftAnswers>(),
  questionnaireDraftAt: instant('questionnaire_draft_at'),
  signatureFileId: uuid('signature_file_id'),
  signatureTermsVersion: text('signature_terms_version'),
  signedAt: instant('signed_at'),
  requestedStep: text('requested_step', { enum: KYC_REPEATABLE_STEPS }),
  reason: text('reason'),
  submittedAt: instant('submitted_at'),
  decidedAt: instant('decided_at'),
  updatedAt: instant('updated_at').notNull(),
});

/** Uploaded document sides and signature images; the bytes are in the storage adapter, encrypted (migration 0024). */
export const kycFiles = pgTable('kyc_files', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose', { enum: ['front', 'back', 'signature'] }).notNull(),
  mediaType: text('media_type', { enum: KYC_FILE_TYPES }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: instant('created_at').notNull(),
  replacedAt: instant('replaced_at'),
});

/** Each customer's derivation index for deposit addresses (migration 0022). */
export const depositIndexes = pgTable('deposit_indexes', {
  userId: uuid('user_id').primaryKey(),
  derivationIndex: integer('derivation_index').notNull(),
});

/** A customer's deposit address on one network, derived at their index (migration 0022). */
export const depositAddresses = pgTable('deposit_addresses', {
  userId: uuid('user_id').notNull(),
  network: text('network').notNull(),
  address: text('address').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** What the deposit watcher saw arrive on a chain, once per (network, transaction, log index) (migration 0022). */
export const chainDeposits = pgTable('chain_deposits', {
  network: text('network').notNull(),
  txHash: text('tx_hash').notNull(),
  logIndex: integer('log_index').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  /** The block's timestamp (migration 0034); none on rows recorded before it. */
  blockTime: instant('block_time'),
  userId: uuid('user_id').notNull(),
  address: text('address').notNull(),
  asset: text('asset').notNull(),
  amount: money('amount').notNull(),
  dust: money('dust').notNull(),
  status: text('status', { enum: ['pending', 'credited', 'dropped'] }).notNull(),
  activityId: uuid('activity_id').notNull(),
  transactionId: uuid('transaction_id'),
  seenAt: instant('seen_at').notNull(),
  creditedAt: instant('credited_at'),
});

/** The last block the watcher read on each chain, with its hash to notice a reorganisation (migration 0022). */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
});

/** Each customer's payment reference for bank transfers (migration 0020). */
export const paymentReferences = pgTable('payment_references', {
  userId: uuid('user_id').primaryKey(),
  reference: text('reference').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** Bank transfers that reached Meridian's bank: credited by reference, or held for review (migration 0020). */
export const incomingTransfers = pgTable('incoming_transfers', {
  id: uuid('id').primaryKey(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  senderName: text('sender_name').notNull(),
  reference: text('reference').notNull(),
  status: text('status', { enum: ['credited', 'held', 'assigned', 'returned'] }).notNull(),
  heldReason: text('held_reason', { enum: HELD_REASONS }),
  userId: uuid('user_id'),
  transactionId: uuid('transaction_id'),
  receivedAt: instant('received_at').notNull(),
  reviewedAt: instant('reviewed_at'),
});

/** Voucher codes, by the SHA-256 of the normalized code (migration 0020). */
export const vouchers = pgTable('vouchers', {
  id: uuid('id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  amount: money('amount').notNull(),
  currency: text('currency').notNull(),
  expiresAt: instant('expires_at').notNull(),
  createdBy: uuid('created_by').notNull(),
  createdAt: instant('created_at').notNull(),
  redeemedBy: uuid('redeemed_by'),
  redeemedAt: instant('redeemed_at'),
  transactionId: uuid('transaction_id'),
});

/** Refused voucher codes per customer and address, for the lock-out (migration 0020). */
export const voucherFailures = pgTable('voucher_failures', {
  id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  ip: text('ip').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** A payment request by link (migration 0021); `expired` is derived from `expires_at`. */
export const payLinks = pgTable('pay_links', {
  id: uuid('id').primaryKey(),
  hash: text('hash').notNull(),
  userId: uuid('user_id').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  description: text('description').notNull(),
  status: text('status', { enum: ['open', 'paid', 'cancelled'] }).notNull(),
  expiresAt: instant('expires_at'),
  createdAt: instant('created_at').notNull(),
  paidAt: instant('paid_at'),
  payerId: uuid('payer_id'),
  transactionId: uuid('transaction_id'),
  cancelledAt: instant('cancelled_at'),
});

/** A deposit request paid from a browser wallet by whoever holds its link (migration 0023). */
export const depositLinks = pgTable('deposit_links', {
  id: uuid('id').primaryKey(),
  hashDigest: text('hash_digest').notNull(),
  userId: uuid('user_id').notNull(),
  asset: text('asset').notNull(),
  network: text('network').notNull(),
  amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
  address: text('address').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** The customer's saved withdrawal addresses, checksummed (migration 0028). */
export const withdrawalAddresses = pgTable('withdrawal_addresses', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  network: text('network').notNull(),
  address: text('address').notNull(),
  label: text('label').notNull(),
  createdAt: instant('created_at').notNull(),
  usableAt: instant('usable_at').notNull(),
});

/** A withdrawal's firm fee, for a minute (migration 0028). */
export const withdrawalQuotes = pgTable('withdrawal_quotes', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  accountId: uuid('account_id').notNull(),
  asset: text('asset').notNull(),
  network: text('network').notNull(),
  addressId: uuid('address_id').notNull(),
  address: text('address').notNull(),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  /** What the fee paid for on chain, in the native coin (migration 0032): a token's fee is in the token. */
  gasLimit: bigint('gas_limit', { mode: 'number' }).notNull(),
  maxFeePerGas: numeric('max_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/** Withdrawals from hold to confirmation or reversal (migration 0028). */
export const withdrawals = pgTable('withdrawals', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  quoteId: uuid('quote_id').notNull(),
  accountId: uuid('account_id').notNull(),
  asset: text('asset').notNull(),
  network: text('network').notNull(),
  address: text('address').notNull(),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  /** The quote's gas limit and max fee per gas (wei): the most the hot wallet's transaction may cost (migration 0032). */
  gasLimit: bigint('gas_limit', { mode: 'number' }).notNull(),
  maxFeePerGas: numeric('max_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
  status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
  fromAddress: text('from_address'),
  nonce: bigint('nonce', { mode: 'number' }),
  txHash: text('tx_hash'),
  activityId: uuid('activity_id').notNull(),
  holdTransactionId: uuid('hold_transaction_id').notNull(),
  reversalTransactionId: uuid('reversal_transaction_id'),
  failure: text('failure'),
  createdAt: instant('created_at').notNull(),
  broadcastAt: instant('broadcast_at'),
  settledAt: instant('settled_at'),
});

/** A customer's bank account for payouts (migration 0044). */
export const beneficiaries = pgTable('beneficiaries', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  holderName: text('holder_name').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic'),
  label: text('label').notNull(),
  createdAt: instant('created_at').notNull(),
  usableAt: instant('usable_at').notNull(),
});

/** A payout's firm fee and arrival estimate, for a minute (migration 0044). */
export const payoutQuotes = pgTable('payout_quotes', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  accountId: uuid('account_id').notNull(),
  currency: text('currency').notNull(),
  beneficiaryId: uuid('beneficiary_id').notNull(),
  holderName: text('holder_name').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic'),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  arrivesBy: instant('arrives_by').notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/** The payouts handed to the bank together (migration 0044). */
export const payoutBatches = pgTable('payout_batches', {
  id: uuid('id').primaryKey(),
  rail: text('rail').notNull(),
  count: integer('count').notNull(),
  total: money('total').notNull(),
  createdAt: instant('created_at').notNull(),
  /** When the rail took the batch (migration 0048); none yet: the next round hands it over again. */
  handedOverAt: instant('handed_over_at'),
});

/** Payouts from hold to settlement or return (migration 0044). */
export const payouts = pgTable('payouts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  quoteId: uuid('quote_id').notNull(),
  accountId: uuid('account_id').notNull(),
  currency: text('currency').notNull(),
  holderName: text('holder_name').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic'),
  amount: money('amount').notNull(),
  fee: money('fee').notNull(),
  status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
  arrivesBy: instant('arrives_by').notNull(),
  batchId: uuid('batch_id'),
  activityId: uuid('activity_id').notNull(),
  holdTransactionId: uuid('hold_transaction_id').notNull(),
  settleTransactionId: uuid('settle_transaction_id'),
  returnTransactionId: uuid('return_transaction_id'),
  returnReason: text('return_reason', { enum: PAYOUT_RETURN_REASONS }),
  createdAt: instant('created_at').notNull(),
  settledAt: instant('settled_at'),
});

/** Each transaction signed for a withdrawal, saved before it is sent (migration 0031). */
export const withdrawalTransactions = pgTable('withdrawal_transactions', {
  hash: text('hash').primaryKey(),
  withdrawalId: uuid('withdrawal_id').notNull(),
  raw: text('raw'),
  maxFeePerGas: numeric('max_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
  maxPriorityFeePerGas: numeric('max_priority_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
  signedAt: instant('signed_at').notNull(),
});

/** The hot wallet's next nonce per chain (migration 0028). */
export const hotWalletNonces = pgTable(
  'hot_wallet_nonces',
  {
    network: text('network').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.address] })],
);

/** A device's Web Push subscription, tied to the session that made it (migration 0030). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  sessionId: uuid('session_id').notNull(),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: instant('created_at').notNull(),
});

/** What the customer was told; written by the database's triggers (migration 0030). */
export const notifications = pgTable('notifications', {
  id: bigint('id', { mode: 'bigint' }).generatedAlwaysAsIdentity().primaryKey(),
  userId: uuid('user_id').notNull(),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  params: jsonb('params').$type<NotificationParams>().notNull(),
  createdAt: instant('created_at').notNull(),
  readAt: instant('read_at'),
  pushState: text('push_state', { enum: ['pending', 'sent'] })
    .notNull()
    .default('pending'),
});

/** A transaction the wallet page reported as paying a deposit link (migration 0029). */
export const depositLinkPayments = pgTable('deposit_link_payments', {
  linkId: uuid('link_id').notNull(),
  network: text('network').notNull(),
  txHash: text('tx_hash').notNull(),
  reportedAt: instant('reported_at').notNull(),
});

/** A request to pay from one customer to another (migration 0046). */
export const moneyRequests = pgTable('money_requests', {
  id: uuid('id').primaryKey(),
  requesterId: uuid('requester_id').notNull(),
  payerId: uuid('payer_id').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  note: text('note'),
  status: text('status', { enum: MONEY_REQUEST_STATUSES }).notNull(),
  transactionId: uuid('transaction_id'),
  remindedAt: instant('reminded_at'),
  decidedAt: instant('decided_at'),
  createdAt: instant('created_at').notNull(),
});

/** Money sent to another customer's address, and what of it still waits in the holding account (migration 0046). */
export const moneySends = pgTable('money_sends', {
  id: uuid('id').primaryKey(),
  senderId: uuid('sender_id').notNull(),
  fromAccountId: uuid('from_account_id').notNull(),
  recipientId: uuid('recipient_id'),
  address: text('address').notNull(),
  currency: text('currency').notNull(),
  amount: money('amount').notNull(),
  held: money('held').notNull(),
  note: text('note'),
  status: text('status', { enum: SEND_STATUSES }).notNull(),
  requestId: uuid('request_id'),
  transactionId: uuid('transaction_id').notNull(),
  expiresAt: instant('expires_at'),
  settledAt: instant('settled_at'),
  createdAt: instant('created_at').notNull(),
});

/** A customer's price alert; `armed` is false from a firing until the price is back past the margin (migration 0049). */
export const priceAlerts = pgTable('price_alerts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  asset: text('asset').notNull(),
  kind: text('kind', { enum: PRICE_ALERT_KINDS }).notNull(),
  price: money('price'),
  percent: numeric('percent', { precision: 5, scale: 2 }),
  armed: boolean('armed').notNull(),
  lastFiredAt: instant('last_fired_at'),
  createdAt: instant('created_at').notNull(),
});

/** A recurring buy: a fixed fiat amount buys a crypto asset on each due day of its time zone (migration 0049). */
export const recurringBuys = pgTable('recurring_buys', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  fromAccountId: uuid('from_account_id').notNull(),
  toAccountId: uuid('to_account_id').notNull(),
  amount: money('amount').notNull(),
  frequency: text('frequency', { enum: RECURRING_FREQUENCIES }).notNull(),
  dayOfWeek: smallint('day_of_week'),
  dayOfMonth: smallint('day_of_month'),
  timeZone: text('time_zone').notNull(),
  status: text('status', { enum: ['active', 'paused', 'cancelled'] }).notNull(),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  createdAt: instant('created_at').notNull(),
});

/** One run of a plan on one day: its primary key makes the run happen once (migration 0049); activities find a run by its transaction (0050). */
export const recurringBuyRuns = pgTable(
  'recurring_buy_runs',
  {
    planId: uuid('plan_id').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    status: text('status', { enum: RECURRING_RUN_STATUSES }).notNull(),
    reason: text('reason'),
    transactionId: uuid('transaction_id'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.period] })],
);
