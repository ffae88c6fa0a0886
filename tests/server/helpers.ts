import { createHash, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Hono } from 'hono';
import { LEAVES_MERIDIAN, type CustomerRule } from '../../contract/customerRules';
import { TERMS_VERSION } from '../../contract/terms';
import { createApp } from '../../server/app';
import { demoDepositKeys } from '../../server/chains/addresses';
import { demoHotWalletKey } from '../../server/chains/hotWallet';
import type { Clock } from '../../server/clock';
import { DEFAULT_SANCTIONED_COUNTRIES, DEFAULT_SESSION_LIFETIME, type Config } from '../../server/config';
import { openPglite, openPostgres, type Database } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { migrate, readMigrations } from '../../server/db/migrate';
import { DEMO_ADMIN, seedDemo } from '../../server/db/seed';
import type { AppEnv } from '../../server/http/route';
import { silentLogger, type Logger } from '../../server/logger';
import { auditLedger } from '../../server/services/audit';
import { expectDocumentedAnswer } from './documentedAnswers';
import type { Message } from '../../server/services/outbox';
import type { PasswordCost } from '../../server/services/passwords';

/** Every test database starts from this instant; test clocks start here or later. */
export const TEST_EPOCH = new Date('2026-03-02T09:00:00.000Z');
/** Cheap argon2id for the suite (the least memory it allows per lane); services.test.ts tests OWASP's cost once. */
export const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 256, timeCost: 1, parallelism: 1 };
export const POSTGRES_URL = process.env.DATABASE_URL;
/** The schema owner, when the application's role is another one (scripts/with-postgres.sh sets both). */
const POSTGRES_OWNER_URL = process.env.DATABASE_MIGRATION_URL || POSTGRES_URL;

/**
 * Every setting production requires (`loadConfig` refuses to start without them), with test values;
 * the databases are never opened by `loadConfig`.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 's'.repeat(32),
  CARD_KEY: 'ab'.repeat(32),
  KYC_KEY: 'cd'.repeat(32),
  PUBLIC_ORIGIN: 'https://app.example',
  DATABASE_URL: 'postgres://app@db.example/meridian',
  DATABASE_MIGRATION_URL: 'postgres://owner@db.example/meridian',
  RATES_FEED_URL: 'https://rates.example/simple/price',
  RATES_FEED_MAPPING: 'BTC=bitcoin',
  PUSH_MODE: 'off',
} as const;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    production: false,
    demoMode: true,
    seedDemoOnPostgres: false,
    startWarnings: [],
    host: '127.0.0.1',
    port: 0,
    dataDir: path.join(os.tmpdir(), 'meridian-test-unused'),
    databaseUrl: undefined,
    databaseMigrationUrl: undefined,
    dbPoolSize: 10,
    authSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
    cardKey: new Uint8Array(32).fill(7),
    kycKey: new Uint8Array(32).fill(9),
    cookieSecure: false,
    // Tests choose their client address with X-Forwarded-For.
    trustProxy: true,
    walletRpcUrls: ['https://rpc.wallet.example/v1'],
    walletSdkRelay: null,
    smtpUrl: undefined,
    mailFrom: 'Meridian <no-reply@meridian.test>',
    smsGatewayUrl: undefined,
    distDir: undefined,
    passwordCost: TEST_PASSWORD_COST,
    push: { mode: 'off' },
    publicOrigin: 'http://localhost',
    oidc: {},
    webauthnRpId: 'localhost',
    webauthnRpName: 'Meridian',
    webauthnOrigins: ['http://localhost:4500'],
    withdrawals: {
      hotWalletKey: demoHotWalletKey(),
      coolingOffSeconds: 0,
      replaceAfterSeconds: 180,
      maxFeeMultiple: 10,
      bitcoin: { network: 'testnet', feeRateSatPerVb: 10, simulated: true },
    },
    payouts: { rail: { kind: 'simulated' } },
    timeouts: { dbConnect: 5_000, dbStatement: 15_000, smtp: 10_000, sms: 10_000 },
    session: DEFAULT_SESSION_LIFETIME,
    rateFeed: undefined,
    chains: { local: false, external: false, localPort: 0, localPortSet: false, localBlockSeconds: 0, rpcUrls: {}, confirmations: 2 },
    deposits: demoDepositKeys(),
    sanctionedCountries: new Set(DEFAULT_SANCTIONED_COUNTRIES),
    ...overrides,
  };
}

export interface TestDatabase {
  /** As the application connects: on PostgreSQL, the DATABASE_URL role. */
  database: Database;
  /** As the migrations run: the schema owner (on PGlite, the same connection as `database`). */
  owner: Database;
  /** Row count of every table, to prove that a refused request wrote nothing. */
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

async function prepare(database: Database, owner: Database = database, appRole?: string): Promise<void> {
  await migrate(owner, undefined, { appRole });
  await seedDemo(database.db, () => TEST_EPOCH, TEST_PASSWORD_COST);
}

/**
 * A migrated, seeded PGlite data folder, built once and kept as a tarball in the temp folder under a
 * hash of everything that shapes it; each test file opens a copy (≈0.3–1 s instead of 2.5–5 s).
 */
async function pgliteTemplate(): Promise<Blob> {
  const sources = [
    ...readMigrations().map((migration) => migration.checksum),
    ...[
      'server/db/migrate.ts',
      'server/db/seed.ts',
      'server/services/passwords.ts',
      'server/services/ledger.ts',
      'contract/assets.ts',
      'contract/decimal.ts',
      'node_modules/@electric-sql/pglite/package.json',
    ].map((file) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')),
    JSON.stringify(TEST_PASSWORD_COST),
  ];
  const dir = path.join(os.tmpdir(), 'meridian-test-templates');
  const file = path.join(dir, `${createHash('sha256').update(sources.join('\n')).digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const fresh = await openPglite();
    await prepare(fresh);
    const dump = Buffer.from(await (await fresh.pglite.dumpDataDir('none')).arrayBuffer());
    await fresh.close();
    mkdirSync(dir, { recursive: true });
    // Two workers may build it at once: each writes its own file, the rename makes one win whole.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/** Databases of the running test file not yet closed: its last hook (tests/server/setup.ts) calls this. */
const openDatabases = new Set<TestDatabase>();
export async function closeOpenDatabases(): Promise<void> {
  for (const db of openDatabases) await db.close();
}

/**
 * Closing a test database first audits its whole ledger (server/services/audit.ts): whatever a test
 * file did, every transaction sums to zero per asset, no customer balance is negative, balances are
 * the sums of their entries and activities match their postings. Every server test file closes its
 * databases, at the latest in tests/server/setup.ts, so the audit runs after each of them.
 */
function audited(database: Database, owner: Database, close: () => Promise<void>): TestDatabase {
  const db: TestDatabase = {
    database,
    owner,
    // The owner sees every table, including those the application may not read.
    counts: () => countRows(owner),
    async close() {
      if (!openDatabases.delete(db)) return;
      const findings = await auditLedger(owner.db).finally(close);
      expect(findings, 'ledger audit after this test file').toEqual([]);
    },
  };
  openDatabases.add(db);
  return db;
}

/**
 * PGlite from the template, or, when DATABASE_URL is set, a schema of its own in that PostgreSQL
 * (dropped again by `close`), so test files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!POSTGRES_URL) {
    const database = await openPglite({ loadDataDir: await pgliteTemplate() });
    return audited(database, database, () => database.close());
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_OWNER_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const database = openPostgres(POSTGRES_URL, { schema, maxConnections: 8 });
  const owner = openPostgres(POSTGRES_OWNER_URL!, { schema, maxConnections: 2 });
  const appRole = POSTGRES_OWNER_URL === POSTGRES_URL ? undefined : decodeURIComponent(new URL(POSTGRES_URL).username);
  await prepare(database, owner, appRole);
  return audited(database, owner, async () => {
    await Promise.all([database.close(), owner.close()]);
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });
}

/**
 * The one statement that counts every table's rows, made once per database: reading the table list from
 * information_schema took as long as the counting, and the validation and attack tables count before and
 * after each of their ~1,800 cases. A table gone since (an attack that dropped one) fails the statement,
 * and so the test that counts.
 */
const countStatements = new WeakMap<Database, string>();

async function countRows(database: Database): Promise<Record<string, number>> {
  let statement = countStatements.get(database);
  if (!statement) {
    const tables = await database.transaction((session) =>
      session.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      ),
    );
    statement = tables.map(({ name }) => `SELECT '${name}' AS name, count(*)::int AS n FROM "${name}"`).join(' UNION ALL ');
    countStatements.set(database, statement);
  }
  // On PostgreSQL a named statement, planned once per connection: planning the ~80 counts took as long as
  // running them. One statement sees one snapshot, so it needs no transaction around it.
  const rows =
    'pool' in database && database.pool instanceof pg.Pool
      ? (await database.pool.query<{ name: string; n: number }>({ name: 'test_row_counts', text: statement })).rows
      : await database.transaction((session) => session.query<{ name: string; n: number }>(statement));
  return Object.fromEntries(rows.map(({ name, n }) => [name, n]));
}

/** A clock that stands still until a test moves it. */
export class TestClock {
  private time: number;
  constructor(start: Date = TEST_EPOCH) {
    this.time = start.getTime();
  }
  readonly now: Clock = () => new Date(this.time);
  advance(seconds: number): void {
    this.time += seconds * 1000;
  }
}

export interface TestServer {
  app: Hono<AppEnv>;
  clock: TestClock;
  /** Messages handed to the transport, in order. */
  sent: Message[];
}

export interface TestServerOptions {
  config?: Partial<Config>;
  clock?: TestClock;
  /** Runs after a message is recorded in `sent` (e.g. to make delivery slow, as real SMTP is). */
  deliver?: (message: Message) => Promise<void>;
  /** Where the server logs (none when absent); `recordingLogger()` keeps what it is told. */
  logger?: Logger;
}

/** A logger that keeps what it was told, to read the events the server wrote. */
export function recordingLogger(): Logger & { events: Array<{ event: string; fields?: Record<string, unknown> }> } {
  const events: Array<{ event: string; fields?: Record<string, unknown> }> = [];
  const write = (event: string, fields?: Record<string, unknown>) => void events.push({ event, fields });
  return { events, info: write, warn: write, error: write };
}

export function createTestServer(db: TestDatabase, options: TestServerOptions = {}): TestServer {
  const clock = options.clock ?? new TestClock();
  const sent: Message[] = [];
  const app = createApp({
    db: db.database.db,
    listen: db.database.listen,
    config: testConfig(options.config),
    clock: clock.now,
    logger: options.logger ?? silentLogger,
    transport: async (message) => {
      sent.push(message);
      await options.deliver?.(message);
    },
  });
  return { app, clock, sent };
}

/**
 * The setup most test files share: a test database for the file (closed after it) and, with
 * `useTestServer`, a server on it. Both are made in `beforeAll`; what these return can be named at the
 * top of the file and used in tests and later hooks, where it reads through to the real object.
 */
export function useTestDatabase(): TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.close());
  return readThrough(() => db, 'the test database');
}

export function useTestServer(options: TestServerOptions = {}): { db: TestDatabase; server: TestServer } {
  const db = useTestDatabase();
  let server: TestServer | undefined;
  beforeAll(() => {
    server = createTestServer(db, options);
  });
  return { db, server: readThrough(() => server, 'the test server') };
}

/** Stands for an object made later: each property read goes to it (methods bound to it). */
function readThrough<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (!target) throw new Error(`${what} is used before its beforeAll made it`);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

let uniqueCounter = 0;
/** Unique per call and per run, so tests sharing a database never collide. */
export function unique(prefix: string): string {
  uniqueCounter += 1;
  return `${prefix}-${uniqueCounter}-${randomBytes(3).toString('hex')}`;
}
/** The options of a call to an idempotent endpoint (money POSTs, opening accounts, issuing cards): a fresh key unless given. */
export const withKey = (key: string = unique('key')) => ({ headers: { 'idempotency-key': key } });
export const uniqueEmail = () => `${unique('customer')}@example.test`;
export const uniqueIp = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0]! % 250).join('.')}`;

/**
 * Answers are read loosely in tests (`answer.body.error.code`); where the shape itself matters, a test
 * parses the body with the contract's schema.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseJson = any;

export interface Answer<T = LooseJson> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, instead of JSON of `body`. */
  raw?: string;
  headers?: Record<string, string>;
  /** The bearer token; the client's own when not given, none when null. */
  token?: string | null;
  /** Full URL prefix, e.g. https://meridian.example for https requests. */
  origin?: string;
  /** The socket's peer address; requests come from this machine unless told otherwise. */
  peer?: string;
  /** `X-Meridian-Activity`: `customer` (the default, as the app's own requests), `background`, or none (null). */
  activity?: 'customer' | 'background' | null;
}

/**
 * A browser-like caller: one address, a cookie jar fed by Set-Cookie, and the bearer token of its
 * last sign-in (as the app sends it from the auth_token cookie).
 */
export class TestClient {
  readonly ip: string;
  token: string | undefined;
  readonly cookies = new Map<string, string>();

  constructor(
    readonly server: TestServer,
    ip: string = uniqueIp(),
  ) {
    this.ip = ip;
  }

  async request<T = LooseJson>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, accept: 'application/json' };
    const activity = options.activity === undefined ? 'customer' : options.activity;
    if (activity) headers['x-meridian-activity'] = activity;
    // As a browser does on the page it was served from.
    if (method !== 'GET' && method !== 'HEAD') headers.origin = options.origin ?? 'http://localhost';
    Object.assign(headers, options.headers);
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined = options.raw;
    if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const incoming = { socket: { remoteAddress: options.peer ?? '127.0.0.1' } } as HttpBindings['incoming'];
    const response = await this.server.app.request(
      `${options.origin ?? 'http://localhost'}/api${path}`,
      { method, headers, body },
      { incoming },
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const answer = text ? JSON.parse(text) : undefined;
    expectDocumentedAnswer(method, path, response.status, response.headers.get('content-type'), answer);
    return { status: response.status, headers: response.headers, body: answer };
  }

  get<T = LooseJson>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = LooseJson>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }

  /** Signs in: keeps the access token for the bearer header, as the app does from its cookie. */
  async login(email: string, password: string): Promise<Answer> {
    const answer = await this.post('/auth/login', { email, password });
    if (answer.status === 200) this.token = answer.body.accessToken;
    return answer;
  }
}

export const DEFAULT_PASSWORD = 'correct horse 42 battery';

/** Registers a fresh customer through the API; the client is signed in as it afterwards. */
export async function registerCustomer(client: TestClient, overrides: Record<string, unknown> = {}) {
  const body = { email: uniqueEmail(), password: DEFAULT_PASSWORD, country: 'FR', acceptTerms: true, ...overrides };
  const answer = await client.post('/auth/register', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  client.token = answer.body.accessToken;
  return { email: String(body.email).toLowerCase(), password: String(body.password), answer };
}

/** The code in the newest message to `to`, read through GET /api/dev/outbox as a browser test would. */
export async function latestCode(client: TestClient, to: string, template: string): Promise<string> {
  const answer = await client.get(`/dev/outbox?to=${encodeURIComponent(to)}`, { token: null });
  expect(answer.status).toBe(200);
  const message = answer.body.messages.find((m: { template: string }) => m.template === template);
  expect(message, `no ${template} message to ${to}`).toBeDefined();
  return /\b(\d{6})\b/.exec(message.body)![1]!;
}

/** The refresh token an answer set in its HttpOnly cookie. */
export function refreshCookieOf(answer: Answer): string | undefined {
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('refresh_token='));
  return cookie ? cookie.slice('refresh_token='.length).split(';')[0] || undefined : undefined;
}

/** POST /auth/refresh presenting this refresh token in its cookie, as a browser holding it would. */
export function refreshWithCookie(server: TestServer, refreshToken: string, options: RequestOptions = {}): Promise<Answer> {
  const client = new TestClient(server);
  client.cookies.set('refresh_token', refreshToken);
  return client.post('/auth/refresh', {}, options);
}

/**
 * Steps up for `action` with a code, as the app does without a passkey: the code goes to `to` (the
 * confirmed phone, else the e-mail) and the grant is this client's session's for 5 minutes.
 */
export async function stepUp(client: TestClient, action: string, to: string): Promise<void> {
  const sent = await client.post('/step-up/code', { action });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const verified = await client.post('/step-up/verify', { action, code: await latestCode(client, to, 'step_up') });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}

/** Expects the one error shape with this code (and, when given, these fields named). */
export function expectError(answer: Answer, status: number, code: string, fields?: string[]): void {
  expect({ status: answer.status, code: answer.body?.error?.code }, JSON.stringify(answer.body)).toEqual({ status, code });
  expect(typeof answer.body.error.message).toBe('string');
  if (fields) expect(Object.keys(answer.body.error.fields ?? {}).sort()).toEqual([...fields].sort());
}

/** Verifies the e-mail with the code sign-up sent, as the wizard's verify step does. */
export async function verifyEmail(client: TestClient, email: string): Promise<void> {
  const code = await latestCode(client, email, 'verify_email');
  const answer = await client.post('/auth/verify-email', { code });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A signed-up customer with a verified e-mail: what passkeys, a phone and card accounts need. */
export async function registerVerifiedCustomer(client: TestClient, overrides: Record<string, unknown> = {}) {
  const customer = await registerCustomer(client, overrides);
  await verifyEmail(client, customer.email);
  return customer;
}

/**
 * A customer who meets every rule of the contract (verified e-mail, confirmed phone, approved identity
 * check), so a request is refused for what it says, never for who sent it.
 */
export async function registerQualifiedCustomer(client: TestClient, db: TestDatabase) {
  const customer = await registerCustomer(client);
  const [user] = await db.database.db.select({ id: users.id }).from(users).where(eq(users.email, customer.email));
  const phone = await meetRules(db, user!.id, LEAVES_MERIDIAN);
  return { ...customer, userId: user!.id, phone: phone! };
}

/** A French mobile number no other test customer has confirmed. */
export const uniquePhone = () => `+49151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * Gives the customer what these rules of the contract ask (a verified e-mail, a confirmed phone, an
 * approved identity check), written straight into their row: each has its own flow and tests. Answers
 * the phone it confirmed, where step-up codes go from then on.
 */
export async function meetRules(db: TestDatabase, userId: string, rules: readonly CustomerRule[]): Promise<string | undefined> {
  const now = new Date();
  const phone = rules.includes('phone-confirmed') ? uniquePhone() : undefined;
  await db.database.db
    .update(users)
    .set({
      updatedAt: now,
      ...(rules.includes('email-verified') ? { emailVerifiedAt: now } : {}),
      ...(phone ? { phone, phoneConfirmedAt: now } : {}),
      ...(rules.includes('kyc-approved') ? { kycStatus: 'approved' as const } : {}),
      ...(rules.includes('terms-accepted') ? { termsVersion: TERMS_VERSION } : {}),
    })
    .where(eq(users.id, userId));
  return phone;
}

/** Sets these prices (US dollars per unit) as the demo admin does, dated by the server's clock. */
export async function setRates(server: TestServer, rates: { asset: string; usd: string }[]): Promise<void> {
  const admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  const answer = await admin.post('/admin/rates', { rates });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
