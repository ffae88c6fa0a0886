import { createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assetInfo, type Asset } from '../contract/assets';
import { EVM_NETWORK_CODES, type EvmNetwork } from '../contract/chainList';
import { checkBankAccount } from '../contract/bankAccount';
import { HOLDER_NAME_MAX_LENGTH } from '../contract/payouts';
import type { Hex } from 'viem';
import { demoDepositKeys, isExtendedPublicKey, type DepositKeys } from './chains/addresses';
import { demoHotWalletKey } from './chains/hotWallet';
import type { SocialProvider } from '../contract/social';
import { COUNTRY_CODES, type CountryCode } from '../contract/countryCodes';
import { OWASP_ARGON2ID, type PasswordCost } from './services/passwords';

export interface Config {
  /** NODE_ENV=production: no generated secrets, no demo mode, a configured origin, masked logs, purged message bodies. */
  production: boolean;
  /**
   * Demo mode (DEMO_MODE, refused in production): the dev outbox answers loopback callers, one-time
   * codes are also printed on the console, a fresh embedded database gets the demo accounts, and the
   * money features' simulations (`/simulate/*`, which mint money) hang off this same flag. Unset, it is
   * on only with a loopback HOST and no CHAIN_RPC_URL_*; anywhere else only an explicit `DEMO_MODE=1`
   * turns it on, which the start prints as a warning.
   */
  demoMode: boolean;
  /**
   * SEED_DEMO=1, demo mode only: an empty PostgreSQL database gets the demo accounts at the start too, as a
   * fresh embedded one always does (the end-to-end run on its throwaway cluster). Off, a PostgreSQL
   * database is seeded only by `npm run seed`.
   */
  seedDemoOnPostgres: boolean;
  /** What the start prints as warnings: settings that are allowed but that an operator must not miss. */
  startWarnings: string[];
  /** The interface to listen on (HOST): 127.0.0.1 unless an operator opens it wider. */
  host: string;
  port: number;
  /** Embedded database and the generated development secret live here. */
  dataDir: string;
  /** postgres://… switches from the embedded PGlite to PostgreSQL; the role the application runs as. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL connections each instance keeps at most (DB_POOL_SIZE, default 10): instances × this
   * (plus a few per instance for the jobs' locks and LISTEN) must stay under the server's max_connections.
   */
  dbPoolSize: number;
  /**
   * The owner of the schema (DATABASE_MIGRATION_URL): migrations run as this role, which then grants
   * the DATABASE_URL role what the application needs and no more (server/db/migrate.ts). Unset, the
   * DATABASE_URL role migrates and owns everything, which production refuses.
   */
  databaseMigrationUrl: string | undefined;
  /** HS256 key of the access tokens; also keys the one-time-code hashes. */
  authSecret: Uint8Array;
  /**
   * AES-256 key that seals card numbers at rest and keys the CVV derivation (32 bytes): CARD_KEY as 64
   * hex digits. Production requires it; elsewhere it is derived from the auth secret.
   */
  cardKey: Uint8Array;
  /**
   * AES-256 key that encrypts identity documents and signatures at rest (32 bytes): KYC_KEY as 64 hex
   * digits. Production requires it; elsewhere it is derived from the auth secret.
   */
  kycKey: Uint8Array;
  /** Cookies are Secure on https requests anyway; this forces it (e.g. behind a proxy without TRUST_PROXY). */
  cookieSecure: boolean;
  /**
   * Exactly one reverse proxy in front: believe its X-Forwarded-For and X-Forwarded-Proto. Anything
   * but a clear on/off refuses to start, so a typo never trusts (or distrusts) a proxy by accident.
   */
  trustProxy: boolean;
  /** Origins the browser wallet may call over JSON-RPC; added to the CSP `connect-src`. */
  walletRpcUrls: string[];
  /**
   * The relay MetaMask's SDK pairs a phone's wallet through (WALLET_SDK_RELAY, `off`: none). Only with a
   * relay is the SDK offered, and only then does the CSP `connect-src` admit it.
   */
  walletSdkRelay: string | null;
  /** The third-party web-chat widget (CHAT_WIDGET_URL and CHAT_SITE_ID, both or neither); its origin joins the CSP. */
  chatWidget?: ChatWidget | undefined;
  /** SMTP delivery of e-mails when set (nodemailer URL form), else the log only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS delivery through an HTTP gateway when set (see httpSmsTransport), else the log only. */
  smsGatewayUrl: string | undefined;
  /** The built SPA to serve; no static serving when absent. */
  distDir: string | undefined;
  /** argon2id's cost for new password hashes: OWASP's in production; tests lower it for speed. */
  passwordCost: PasswordCost;
  /** WebAuthn relying party: passkeys are bound to this domain (WEBAUTHN_RP_ID, default `localhost`). */
  webauthnRpId: string;
  /** The name authenticators show (WEBAUTHN_RP_NAME, default `Meridian`). */
  webauthnRpName: string;
  /**
   * Origins a passkey answer may come from (WEBAUTHN_ORIGINS, comma-separated; else PUBLIC_ORIGIN).
   * Never the Host the request names: that header is the caller's to choose.
   */
  webauthnOrigins: string[];
  /** The origin customers open the app at (OpenID Connect redirect URIs are built on it). */
  publicOrigin: string;
  /** Sign-in with Google and Apple; a provider without a client id is not offered. */
  oidc: Partial<Record<SocialProvider, OidcClientConfig>>;
  /** How long a dependency may keep a request waiting. */
  timeouts: Timeouts;
  /** How long a signed-in session may last, enforced by the server on every call and refresh. */
  session: SessionLifetime;
  /** A real price API for the rates (RATES_FEED_URL; required in production); the simulation moves them when absent. */
  rateFeed: RateFeedConfig | undefined;
  /** The EVM chains: local development nodes in demo mode, configured RPC endpoints otherwise. */
  chains: ChainSettings;
  /**
   * The extended public keys deposit addresses are derived from (DEPOSIT_XPUB_EVM at m/44'/60'/1'/0,
   * DEPOSIT_XPUB_BTC at m/84'/0'/0'/0); in demo mode, unless set, the well-known test mnemonic's, which
   * production refuses. Unset outside demo mode: on-chain deposits are off (`deposits_unavailable`).
   */
  deposits: DepositKeys | undefined;
  /** How customers' devices get push notifications (served to the app by GET /api/push/config). */
  push: PushSettings;
  /** Crypto withdrawals: the hot wallet and the address book's cooling-off period. */
  withdrawals: WithdrawalSettings;
  /** Bank payouts: the rail that carries them; none (payouts off, `withdrawals_unavailable`) unless configured or in demo mode. */
  payouts: PayoutSettings;
  /**
   * Countries of residence under comprehensive sanctions (SANCTIONED_COUNTRIES, ISO codes, comma-separated;
   * default KP, IR, SY, CU): registration and the identity check refuse them (`country_sanctioned`).
   */
  sanctionedCountries: ReadonlySet<CountryCode>;
}

export interface WithdrawalSettings {
  /**
   * HOT_WALLET_KEY (0x and 64 hexadecimal digits): the key the hot wallet signs withdrawals with on
   * every EVM chain. On local nodes, unless set, an anvil development account's, which production
   * refuses. None otherwise: withdrawals are off (`withdrawals_unavailable`).
   */
  hotWalletKey: Hex | undefined;
  /** WITHDRAWAL_COOLING_OFF_HOURS (default 24; 0 in demo mode): a new address can be used this long after it was added. */
  coolingOffSeconds: number;
  /**
   * WITHDRAWAL_REPLACE_AFTER_SECONDS (default 180): a sent withdrawal still in the node's pool this long
   * after it was signed is replaced by the same transaction with higher fees.
   */
  replaceAfterSeconds: number;
  /**
   * WITHDRAWAL_MAX_FEE_MULTIPLE (default 10, a whole number): a replacement never offers more than this
   * many times the first transaction's max fee per gas; beyond it the transaction is left pending for
   * an operator, so a fee spike cannot drain the hot wallet.
   */
  maxFeeMultiple: number;
  bitcoin: BitcoinWithdrawalSettings;
}

export interface PayoutSettings {
  /**
   * Demo mode: the simulated SEPA rail, which settles each payout at its arrival estimate by the server's
   * clock and returns one when `/simulate` says so. Otherwise, with PAYOUT_SEPA_DIR, PAYOUT_DEBTOR_NAME,
   * PAYOUT_DEBTOR_IBAN and PAYOUT_DEBTOR_BIC set, a SEPA credit transfer file (pain.001.001.09) per batch
   * in that directory, for the bank's upload channel, from that account of the operator's.
   */
  rail: { kind: 'simulated' } | { kind: 'sepa-file'; dir: string; debtor: SepaDebtor } | undefined;
}

/** The operator's account payouts are paid from (the debtor of the SEPA files). */
export interface SepaDebtor {
  name: string;
  iban: string;
  bic: string;
}

/**
 * Bitcoin withdrawals. There is no Bitcoin node: the fee is configured rather than read from a chain, and
 * only demo mode settles them, by the simulated processor (`POST /simulate/withdrawals/:id`); without
 * it they are off (`withdrawals_unavailable`).
 */
export interface BitcoinWithdrawalSettings {
  /** Addresses of this network are accepted: mainnet in production, testnet (also signet and regtest) otherwise, as for BTC deposits. */
  network: 'mainnet' | 'testnet';
  /** WITHDRAWAL_BTC_FEE_RATE (default 10, whole sat/vB): the fee is this rate times a typical withdrawal's virtual size. */
  feeRateSatPerVb: number;
  /** Demo mode: the simulated processor settles them. */
  simulated: boolean;
}

/**
 * PUSH_MODE: `webpush` (the default: standard Web Push, VAPID keys from VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, generated once under DATA_DIR outside production), `sdk` (a third-party push SDK:
 * PUSH_SDK_APP_ID, PUSH_SDK_SCRIPT_URL) or `off`. Production without VAPID keys refuses to start unless
 * PUSH_MODE=off says so.
 */
export type PushSettings = { mode: 'webpush'; vapid: VapidKeys } | { mode: 'sdk'; appId: string; scriptUrl: string } | { mode: 'off' };

export interface VapidKeys {
  /** The uncompressed P-256 public key, base64url (what `pushManager.subscribe` takes). */
  publicKey: string;
  privateKey: string;
  /** Who push services contact about this sender (VAPID_SUBJECT: a mailto: or https: URL). */
  subject: string;
}

/** The page script of the push SDK, version 16 (docs/product.md#background-work-in-the-app). */
export const DEFAULT_PUSH_SDK_SCRIPT_URL = 'https://cdn.onesignal.com/sdks/web/v16/OneSignalSDK.page.js';

/** How the server reaches the four EVM chains (server/chains/). */
export interface ChainSettings {
  /**
   * LOCAL_CHAINS (on in demo mode unless `0`, refused in production): the server starts a local anvil
   * node per chain, with development chain ids, its state under DATA_DIR/chains.
   */
  local: boolean;
  /**
   * LOCAL_CHAINS=external: the same development chains, but the nodes are another instance's (the first
   * demo instance's, on LOCAL_CHAIN_PORT and the next ports of 127.0.0.1); this one starts none, so
   * every instance sees one chain each instead of reorgs between nodes of its own.
   */
  external: boolean;
  /** LOCAL_CHAIN_PORT (default 8545): the first local node's port, the others on the next ones; 0 picks free ports. */
  localPort: number;
  /**
   * Whether LOCAL_CHAIN_PORT was set: a port the operator chose that is taken stops the start, while the
   * default ones, which a developer's own node often holds, give way to free ones.
   */
  localPortSet: boolean;
  /**
   * LOCAL_CHAIN_BLOCK_SECONDS (default 2): the local nodes mine a block this often, so deposits reach
   * their confirmations on their own; 0 mines only a block per transaction (tests mine with `anvil_mine`).
   */
  localBlockSeconds: number;
  /** CHAIN_RPC_URL_ETHEREUM, _BASE, _BSC, _AVALANCHE: each chain's JSON-RPC endpoint when not local (default: the public one). */
  rpcUrls: Partial<Record<EvmNetwork, string>>;
  /** DEPOSIT_CONFIRMATIONS (default 12; 2 on local nodes): blocks a deposit needs, its own included, before it is credited. */
  confirmations: number;
}

/** Seconds. */
export interface SessionLifetime {
  /**
   * From sign-in to the end, however active the customer is (SESSION_ABSOLUTE_HOURS, default 720 =
   * 30 days): the refresh token never outlives it.
   */
  absoluteSeconds: number;
  /**
   * Without a request the customer made (SESSION_IDLE_MINUTES, default 15; at least 2, so the app's
   * "Stay signed in?" a minute before has time to show): the session then answers 401 `session_idle`.
   */
  idleSeconds: number;
}

/**
 * RATES_FEED_URL answers `{"<id>": {"usd": <price>}, …}` (CoinGecko's simple price, e.g.
 * `https://api.coingecko.com/api/v3/simple/price?ids=bitcoin,ethereum&vs_currencies=usd`);
 * RATES_FEED_MAPPING names each asset's id there (`BTC=bitcoin,ETH=ethereum,…`).
 */
export interface RateFeedConfig {
  url: string;
  mapping: Partial<Record<Asset, string>>;
  /** RATES_FEED_INTERVAL_MS, default 60 s: well inside the 5 minutes after which a rate is stale. */
  intervalMs: number;
  /** RATES_FEED_TIMEOUT_MS, default 10 s. */
  timeoutMs: number;
}

/**
 * Milliseconds. A database or gateway that stops answering must fail the request (or leave the
 * message in the outbox for the next round) instead of holding a connection and a worker forever.
 */
export interface Timeouts {
  /** Opening a PostgreSQL connection (DB_CONNECT_TIMEOUT_MS). */
  dbConnect: number;
  /** One PostgreSQL statement, enforced by the server (DB_STATEMENT_TIMEOUT_MS). */
  dbStatement: number;
  /** Connecting, the greeting and each exchange with the SMTP server (SMTP_TIMEOUT_MS). */
  smtp: number;
  /** One request to the SMS gateway, answer included (SMS_TIMEOUT_MS). */
  sms: number;
}

/** Apple's client secret is an ES256 JWT signed with a key of the developer team, minted per use. */
export interface AppleSecretKey {
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the team's private key (the `.p8` file Apple hands out). */
  privateKey: string;
}

export interface OidcClientConfig {
  /** The provider's issuer; discovery is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** A plain client secret, or Apple's team key to mint one. */
  clientSecret: string | AppleSecretKey;
}

/**
 * The public JSON-RPC endpoints of the four chains the wallet supports (Ethereum, Base, BNB Smart
 * Chain, Avalanche C-chain): viem's defaults, which the browser wallet uses when no RPC URL is
 * configured. Written out rather than imported (viem's chain list takes half a second to load);
 * tests/server/config.test.ts checks them against viem.
 */
/** Comprehensively sanctioned (UN, EU, US): no business with residents at all, not only listed persons. */
export const DEFAULT_SANCTIONED_COUNTRIES: readonly CountryCode[] = ['KP', 'IR', 'SY', 'CU'];

/** An unknown code refuses to start: a typo must not quietly let a sanctioned country through. */
function sanctionedCountries(value: string | undefined): ReadonlySet<CountryCode> {
  if (value === undefined || value.trim() === '') return new Set(DEFAULT_SANCTIONED_COUNTRIES);
  const codes = value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const unknown = codes.filter((code) => !(COUNTRY_CODES as readonly string[]).includes(code));
  if (unknown.length > 0) throw new Error(`SANCTIONED_COUNTRIES: not ISO 3166-1 alpha-2 country codes: ${unknown.join(', ')}`);
  return new Set(codes as CountryCode[]);
}

export const DEFAULT_WALLET_RPC_URLS = [
  'https://ethereum.reth.rs/rpc',
  'https://mainnet.base.org',
  'https://56.rpc.thirdweb.com',
  'https://api.avax.network/ext/bc/C/rpc',
];

/** The relay of MetaMask's SDK (`@metamask/connect-multichain`'s default), as a CSP source. */
export const DEFAULT_WALLET_SDK_RELAY = 'wss://mm-sdk-relay.api.cx.metamask.io';

function walletSdkRelay(value: string | undefined): string | null {
  const relay = value?.trim() || DEFAULT_WALLET_SDK_RELAY;
  if (relay === 'off') return null;
  const url = new URL(relay);
  if (url.protocol !== 'wss:') throw new Error(`WALLET_SDK_RELAY must be a wss: URL or off, got "${relay}"`);
  return url.origin;
}

const MIN_SECRET_BYTES = 32;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  const authSecret = loadAuthSecret(env.AUTH_SECRET, dataDir, production);
  const host = env.HOST || '127.0.0.1';
  const realChains = EVM_NETWORK_CODES.some((network) => env[`CHAIN_RPC_URL_${network.toUpperCase()}`]?.trim());
  // Demo mode mints money (`/simulate/*`) and hands out codes: by default only where no one else can
  // reach the server and no real chain is connected.
  const demoByDefault = !production && isLoopback(host) && !realChains;
  const demoMode = flag(env, 'DEMO_MODE', demoByDefault);
  if (production && demoMode) throw new Error('DEMO_MODE must be off when NODE_ENV=production: demo mode hands out one-time codes.');
  const startWarnings: string[] = [];
  if (demoMode && !demoByDefault) {
    startWarnings.push(
      `DEMO_MODE=1 with ${realChains ? 'CHAIN_RPC_URL_* set' : `HOST=${host}, reachable from other machines`}: ` +
        'any customer can mint money through /api/simulate/*, and one-time codes are printed on the console.',
    );
  }
  const publicOrigin = parseOrigin(env.PUBLIC_ORIGIN || `http://localhost:${parsePort(env.PORT)}`);
  const webauthnOrigins = env.WEBAUTHN_ORIGINS
    ? env.WEBAUTHN_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : [publicOrigin];
  // The default origin is a guess at localhost; in production passkeys must be bound to a real one.
  if (production && !env.PUBLIC_ORIGIN && !env.WEBAUTHN_ORIGINS) {
    throw new Error('PUBLIC_ORIGIN (or WEBAUTHN_ORIGINS) must be set when NODE_ENV=production: passkeys are bound to it.');
  }
  if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL) {
    throw new Error('DATABASE_MIGRATION_URL is set: DATABASE_URL must name the role the application runs as.');
  }
  const config: Config = {
    production,
    demoMode,
    seedDemoOnPostgres: demoMode && flag(env, 'SEED_DEMO', false),
    startWarnings,
    host,
    port: parsePort(env.PORT),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL || undefined,
    dbPoolSize: parseWhole(env, 'DB_POOL_SIZE', 1, 10),
    authSecret,
    cardKey: loadKey('CARD_KEY', env.CARD_KEY, authSecret, production),
    kycKey: loadKey('KYC_KEY', env.KYC_KEY, authSecret, production),
    cookieSecure: flag(env, 'COOKIE_SECURE', false),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    walletRpcUrls: env.WALLET_RPC_URLS
      ? env.WALLET_RPC_URLS.split(',')
          .map((url) => url.trim())
          .filter(Boolean)
      : DEFAULT_WALLET_RPC_URLS,
    walletSdkRelay: walletSdkRelay(env.WALLET_SDK_RELAY),
    chatWidget: chatWidget(env, production),
    sanctionedCountries: sanctionedCountries(env.SANCTIONED_COUNTRIES),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Meridian <no-reply@meridian.test>',
    smsGatewayUrl: env.SMS_GATEWAY_URL || undefined,
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    passwordCost: OWASP_ARGON2ID,
    publicOrigin,
    oidc: {
      google: oidcClient(env, 'GOOGLE', 'https://accounts.google.com'),
      apple: oidcClient(env, 'APPLE', 'https://appleid.apple.com'),
    },
    webauthnRpId: env.WEBAUTHN_RP_ID || 'localhost',
    webauthnRpName: env.WEBAUTHN_RP_NAME || 'Meridian',
    webauthnOrigins,
    timeouts: {
      dbConnect: parseMilliseconds(env, 'DB_CONNECT_TIMEOUT_MS', 5_000),
      dbStatement: parseMilliseconds(env, 'DB_STATEMENT_TIMEOUT_MS', 15_000),
      smtp: parseMilliseconds(env, 'SMTP_TIMEOUT_MS', 10_000),
      sms: parseMilliseconds(env, 'SMS_TIMEOUT_MS', 10_000),
    },
    session: sessionLifetime(env),
    rateFeed: rateFeed(env),
    chains: chainSettings(env, production, demoMode),
    deposits: depositKeys(env, production, demoMode),
    push: pushSettings(env, dataDir, production, publicOrigin, env.MAIL_FROM || 'Meridian <no-reply@meridian.test>'),
    withdrawals: withdrawalSettings(env, production, demoMode),
    payouts: payoutSettings(env, demoMode),
  };
  if (production) refuseProductionDefaults(env, config);
  return config;
}

/**
 * What production refuses to fall back on, checked once every setting has been read: prices that are
 * a simulation, and a database of one file in DATA_DIR unless the operator says so (then loudly).
 */
function refuseProductionDefaults(env: NodeJS.ProcessEnv, config: Config): void {
  if (!config.rateFeed) {
    throw new Error(
      'RATES_FEED_URL (and RATES_FEED_MAPPING) must be set when NODE_ENV=production: without a feed the prices are simulated, ' +
        'and exchanges, limits and liquidations would run on them.',
    );
  }
  if (!config.databaseUrl) {
    if (!flag(env, 'ALLOW_EMBEDDED_DATABASE', false)) {
      throw new Error(
        'DATABASE_URL (and DATABASE_MIGRATION_URL) must be set when NODE_ENV=production; ' +
          'ALLOW_EMBEDDED_DATABASE=1 runs on the embedded database in DATA_DIR instead.',
      );
    }
    config.startWarnings.push(
      'ALLOW_EMBEDDED_DATABASE=1: production runs on the embedded database in DATA_DIR/db — one instance only, ' +
        'no separate application role, and its backups are yours to make.',
    );
  }
}

function withdrawalSettings(env: NodeJS.ProcessEnv, production: boolean, demoMode: boolean): WithdrawalSettings {
  const key = env.HOT_WALLET_KEY?.trim();
  if (key && !/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error('HOT_WALLET_KEY must be 0x and 64 hexadecimal digits');
  if (production && key?.toLowerCase() === demoHotWalletKey()) {
    throw new Error('HOT_WALLET_KEY is a well-known development key: anyone could spend the hot wallet. Use the operator’s own.');
  }
  const local = localChains(env, demoMode) !== 'off' && !production;
  const hours = env.WITHDRAWAL_COOLING_OFF_HOURS?.trim();
  const coolingOffHours = hours ? Number(hours) : demoMode ? 0 : 24;
  if (!Number.isFinite(coolingOffHours) || coolingOffHours < 0) {
    throw new Error(`WITHDRAWAL_COOLING_OFF_HOURS must be a number of hours of at least 0, got "${hours}"`);
  }
  const replaceAfter = env.WITHDRAWAL_REPLACE_AFTER_SECONDS?.trim();
  const replaceAfterSeconds = replaceAfter ? Number(replaceAfter) : 180;
  if (!Number.isInteger(replaceAfterSeconds) || replaceAfterSeconds < 1) {
    throw new Error(`WITHDRAWAL_REPLACE_AFTER_SECONDS must be a whole number of seconds of at least 1, got "${replaceAfter}"`);
  }
  const multiple = env.WITHDRAWAL_MAX_FEE_MULTIPLE?.trim();
  const maxFeeMultiple = multiple ? Number(multiple) : 10;
  if (!Number.isInteger(maxFeeMultiple) || maxFeeMultiple < 1) {
    throw new Error(`WITHDRAWAL_MAX_FEE_MULTIPLE must be a whole number of at least 1, got "${multiple}"`);
  }
  const rate = env.WITHDRAWAL_BTC_FEE_RATE?.trim();
  const feeRateSatPerVb = rate ? Number(rate) : 10;
  if (!Number.isInteger(feeRateSatPerVb) || feeRateSatPerVb < 1 || feeRateSatPerVb > 10_000) {
    throw new Error(`WITHDRAWAL_BTC_FEE_RATE must be a whole number of sat/vB from 1 to 10000, got "${rate}"`);
  }
  return {
    hotWalletKey: (key as Hex | undefined) ?? (local ? demoHotWalletKey() : undefined),
    coolingOffSeconds: Math.round(coolingOffHours * 3600),
    replaceAfterSeconds,
    maxFeeMultiple,
    bitcoin: { network: production ? 'mainnet' : 'testnet', feeRateSatPerVb, simulated: demoMode && !production },
  };
}

function payoutSettings(env: NodeJS.ProcessEnv, demoMode: boolean): PayoutSettings {
  const dir = env.PAYOUT_SEPA_DIR?.trim();
  if (!dir) return { rail: demoMode ? { kind: 'simulated' } : undefined };
  const name = env.PAYOUT_DEBTOR_NAME?.trim();
  const account = checkBankAccount({ iban: env.PAYOUT_DEBTOR_IBAN ?? '', bic: env.PAYOUT_DEBTOR_BIC ?? '' });
  if (!name || name.length > HOLDER_NAME_MAX_LENGTH)
    throw new Error('PAYOUT_SEPA_DIR: PAYOUT_DEBTOR_NAME must name the paying account (at most 70 characters).');
  if (!account.ok || !account.bic) {
    throw new Error('PAYOUT_SEPA_DIR: PAYOUT_DEBTOR_IBAN and PAYOUT_DEBTOR_BIC must be the paying account’s valid SEPA IBAN and BIC.');
  }
  return { rail: { kind: 'sepa-file', dir: path.resolve(dir), debtor: { name, iban: account.iban, bic: account.bic } } };
}

function pushSettings(env: NodeJS.ProcessEnv, dataDir: string, production: boolean, publicOrigin: string, mailFrom: string): PushSettings {
  const mode = env.PUSH_MODE?.trim() || 'webpush';
  if (mode === 'off') return { mode };
  if (mode === 'sdk') {
    const appId = env.PUSH_SDK_APP_ID?.trim();
    if (!appId) throw new Error('PUSH_MODE=sdk: PUSH_SDK_APP_ID must name the app at the push provider.');
    const scriptUrl = new URL(env.PUSH_SDK_SCRIPT_URL?.trim() || DEFAULT_PUSH_SDK_SCRIPT_URL);
    if (scriptUrl.protocol !== 'https:' && production) throw new Error('PUSH_SDK_SCRIPT_URL must be an https URL.');
    return { mode, appId, scriptUrl: scriptUrl.href };
  }
  if (mode !== 'webpush') throw new Error(`PUSH_MODE must be webpush, sdk or off, got "${env.PUSH_MODE}"`);
  // Push services take only an https: or mailto: contact: the public origin when it is https, else the sender's address.
  const subject =
    env.VAPID_SUBJECT?.trim() ||
    (publicOrigin.startsWith('https:') ? publicOrigin : `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom}`);
  if (!/^(https:|mailto:)/.test(subject)) throw new Error(`VAPID_SUBJECT must be an https: or mailto: URL, got "${subject}"`);
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together.');
    return { mode, vapid: { publicKey, privateKey, subject } };
  }
  // Push silently off would leave customers without their security notices; the operator decides.
  if (production)
    throw new Error(
      'PUSH_MODE=webpush (the default) needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when NODE_ENV=production ' +
        '(`npx web-push generate-vapid-keys`), or PUSH_MODE=off.',
    );
  return { mode, vapid: { ...demoVapidKeys(dataDir), subject } };
}

/** A VAPID key pair made once and kept in the data folder (owner-only), so subscriptions survive restarts. */
function demoVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  if (!existsSync(file)) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
}

function depositKeys(env: NodeJS.ProcessEnv, production: boolean, demoMode: boolean): DepositKeys | undefined {
  const evm = env.DEPOSIT_XPUB_EVM?.trim();
  const btc = env.DEPOSIT_XPUB_BTC?.trim();
  if (!evm && !btc) return demoMode ? demoDepositKeys() : undefined;
  if (!evm || !btc) throw new Error('DEPOSIT_XPUB_EVM and DEPOSIT_XPUB_BTC go together.');
  for (const [name, key] of [
    ['DEPOSIT_XPUB_EVM', evm],
    ['DEPOSIT_XPUB_BTC', btc],
  ] as const) {
    if (!isExtendedPublicKey(key)) throw new Error(`${name} must be an extended public key (xpub…), never a private one.`);
  }
  const demo = demoDepositKeys();
  if (production && (evm === demo.evm || btc === demo.btc))
    throw new Error("DEPOSIT_XPUB_* are the well-known test mnemonic's: anyone could spend the deposits. Use the operator's own keys.");
  return { evm, btc, btcPrefix: production ? 'bc' : 'tb' };
}

function chainSettings(env: NodeJS.ProcessEnv, production: boolean, demoMode: boolean): ChainSettings {
  const nodes = localChains(env, demoMode);
  const local = nodes !== 'off';
  if (local && production) throw new Error('LOCAL_CHAINS must be off when NODE_ENV=production: the chains come from CHAIN_RPC_URL_*.');
  const whole = (name: string, min: number, fallback: number) => parseWhole(env, name, min, fallback);
  const rpcUrls: Partial<Record<EvmNetwork, string>> = {};
  for (const network of EVM_NETWORK_CODES) {
    const value = env[`CHAIN_RPC_URL_${network.toUpperCase()}`]?.trim();
    if (!value) continue;
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`CHAIN_RPC_URL_${network.toUpperCase()} must be an http(s) URL`);
    rpcUrls[network] = url.href;
  }
  const localPort = whole('LOCAL_CHAIN_PORT', 0, 8545);
  if (nodes === 'external' && localPort === 0)
    throw new Error('LOCAL_CHAINS=external needs LOCAL_CHAIN_PORT: where the first node listens.');
  if (localPort > 65_535 - EVM_NETWORK_CODES.length)
    throw new Error(`LOCAL_CHAIN_PORT must leave room for ${EVM_NETWORK_CODES.length} ports`);
  return {
    local,
    external: nodes === 'external',
    localPort,
    localPortSet: Boolean(env.LOCAL_CHAIN_PORT?.trim()),
    localBlockSeconds: whole('LOCAL_CHAIN_BLOCK_SECONDS', 0, 2),
    rpcUrls,
    confirmations: whole('DEPOSIT_CONFIRMATIONS', 1, local ? 2 : 12),
  };
}

function rateFeed(env: NodeJS.ProcessEnv): RateFeedConfig | undefined {
  if (!env.RATES_FEED_URL) return undefined;
  const url = new URL(env.RATES_FEED_URL);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`RATES_FEED_URL must be an http(s) URL, got "${env.RATES_FEED_URL}"`);
  const mapping: Partial<Record<Asset, string>> = {};
  for (const pair of (env.RATES_FEED_MAPPING ?? '').split(',').filter((item) => item.trim())) {
    const [asset = '', id = ''] = pair.split('=').map((part) => part.trim());
    const known = assetInfo(asset);
    if (!known || !id || known.code === 'USD') throw new Error(`RATES_FEED_MAPPING: "${pair}" is not ASSET=id for an asset other than USD`);
    mapping[known.code] = id;
  }
  if (Object.keys(mapping).length === 0)
    throw new Error('RATES_FEED_URL is set: RATES_FEED_MAPPING must name the feed id of each asset (BTC=bitcoin,…).');
  return {
    url: url.href,
    mapping,
    intervalMs: parseMilliseconds(env, 'RATES_FEED_INTERVAL_MS', 60_000),
    timeoutMs: parseMilliseconds(env, 'RATES_FEED_TIMEOUT_MS', 10_000),
  };
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { absoluteSeconds: 30 * 24 * 60 * 60, idleSeconds: 15 * 60 };

function sessionLifetime(env: NodeJS.ProcessEnv): SessionLifetime {
  const whole = (name: string, min: number, fallback: number) => parseWhole(env, name, min, fallback);
  const absoluteSeconds = whole('SESSION_ABSOLUTE_HOURS', 1, DEFAULT_SESSION_LIFETIME.absoluteSeconds / 3600) * 3600;
  const idleSeconds = whole('SESSION_IDLE_MINUTES', 2, DEFAULT_SESSION_LIFETIME.idleSeconds / 60) * 60;
  if (idleSeconds > absoluteSeconds) throw new Error('SESSION_IDLE_MINUTES must not be longer than SESSION_ABSOLUTE_HOURS.');
  return { absoluteSeconds, idleSeconds };
}

function parseMilliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (!value) return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`${name} must be a positive number of milliseconds, got "${value}"`);
  return ms;
}

function parseWhole(env: NodeJS.ProcessEnv, name: string, min: number, fallback: number): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${env[name]}"`);
  return n;
}

function parseOrigin(value: string): string {
  const url = new URL(value);
  if (url.origin !== value.replace(/\/$/, '')) throw new Error(`PUBLIC_ORIGIN must be an origin (scheme, host, port), got "${value}"`);
  return url.origin;
}

/**
 * `<P>_CLIENT_ID` turns a provider on; `<P>_OIDC_ISSUER` points it elsewhere than the real one (the
 * local stand-ins). Apple takes `APPLE_TEAM_ID`, `APPLE_KEY_ID` and `APPLE_PRIVATE_KEY` instead of a
 * fixed `APPLE_CLIENT_SECRET`, as its real endpoint requires.
 */
function oidcClient(env: NodeJS.ProcessEnv, prefix: 'GOOGLE' | 'APPLE', defaultIssuer: string): OidcClientConfig | undefined {
  const clientId = env[`${prefix}_CLIENT_ID`];
  if (!clientId) return undefined;
  const issuer = env[`${prefix}_OIDC_ISSUER`] || defaultIssuer;
  const teamId = env[`${prefix}_TEAM_ID`];
  const keyId = env[`${prefix}_KEY_ID`];
  const privateKey = env[`${prefix}_PRIVATE_KEY`];
  if (prefix === 'APPLE' && teamId && keyId && privateKey) {
    return { issuer, clientId, clientSecret: { teamId, keyId, privateKey: privateKey.replaceAll('\\n', '\n') } };
  }
  const secret = env[`${prefix}_CLIENT_SECRET`];
  if (!secret) {
    const needs = prefix === 'APPLE' ? 'APPLE_CLIENT_SECRET, or APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY' : 'GOOGLE_CLIENT_SECRET';
    throw new Error(`${prefix}_CLIENT_ID is set: ${needs} must be set too.`);
  }
  return { issuer, clientId, clientSecret: secret };
}

/** `1`/`true` or `0`/`false`; unset or empty is the default; anything else refuses to start. */
/** LOCAL_CHAINS: on/off like any flag, or `external` (local chains whose nodes another instance runs). */
function localChains(env: NodeJS.ProcessEnv, demoMode: boolean): 'own' | 'external' | 'off' {
  if (env.LOCAL_CHAINS?.trim().toLowerCase() === 'external') return 'external';
  return flag(env, 'LOCAL_CHAINS', demoMode) ? 'own' : 'off';
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`${name} must be 1, true, 0 or false, got "${env[name]}"`);
}

/** localhost, 127.0.0.0/8 and ::1 (also IPv4-mapped): addresses only this machine can reach. */
export interface ChatWidget {
  scriptUrl: string;
  siteId: string;
}

/** https only in production; both variables or neither, so a half-configured chat refuses to start. */
function chatWidget(env: NodeJS.ProcessEnv, production: boolean): ChatWidget | undefined {
  const scriptUrl = env.CHAT_WIDGET_URL?.trim();
  const siteId = env.CHAT_SITE_ID?.trim();
  if (!scriptUrl && !siteId) return undefined;
  if (!scriptUrl || !siteId) throw new Error('CHAT_WIDGET_URL and CHAT_SITE_ID go together: set both or neither.');
  let url: URL;
  try {
    url = new URL(scriptUrl);
  } catch {
    throw new Error('CHAT_WIDGET_URL must be an absolute URL.');
  }
  if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) {
    throw new Error('CHAT_WIDGET_URL must be https (http only outside production).');
  }
  return { scriptUrl: url.href, siteId };
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const host = address.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(host);
}

function parsePort(value: string | undefined): number {
  const port = Number(value || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got "${value}"`);
  return port;
}

/**
 * AUTH_SECRET when given. Outside production a random secret is generated once and kept in the data
 * folder (readable by the owner only), so sessions survive restarts without any setup. Production
 * refuses to start without AUTH_SECRET: a generated key would differ per instance and silently log
 * customers out whenever a request reached another one.
 */
function loadAuthSecret(value: string | undefined, dataDir: string, production: boolean): Uint8Array {
  if (value) {
    const secret = new TextEncoder().encode(value);
    if (secret.length < MIN_SECRET_BYTES) throw new Error(`AUTH_SECRET must be at least ${MIN_SECRET_BYTES} bytes long.`);
    return secret;
  }
  if (production) throw new Error('AUTH_SECRET must be set when NODE_ENV=production (e.g. `openssl rand -hex 32`).');
  const file = path.join(dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(MIN_SECRET_BYTES).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/**
 * A 32-byte key given as 64 hex digits (CARD_KEY, KYC_KEY). Production refuses to start without it: what
 * is sealed under a key derived from the session secret would be lost with every rotation of that secret.
 */
function loadKey(name: 'CARD_KEY' | 'KYC_KEY', value: string | undefined, authSecret: Uint8Array, production: boolean): Uint8Array {
  if (value) {
    if (!/^[0-9a-fA-F]{64}$/.test(value))
      throw new Error(`${name} must be 64 hexadecimal digits (32 bytes, e.g. \`openssl rand -hex 32\`).`);
    return Uint8Array.from(Buffer.from(value, 'hex'));
  }
  if (production) throw new Error(`${name} must be set when NODE_ENV=production (e.g. \`openssl rand -hex 32\`).`);
  // Distinct keys per purpose from the one development secret.
  const purpose = name === 'CARD_KEY' ? 'meridian card key' : 'meridian kyc key';
  return new Uint8Array(hkdfSync('sha256', authSecret, new Uint8Array(0), purpose, 32));
}
