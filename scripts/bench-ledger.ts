// `npm run bench:server` (its second half, after scripts/bench-server.ts): the p95 of the money reads on a customer with 100 000 activities, through the
// real app (routing, auth, validation, answer parsing): the first page of GET /activities, a deep page
// (after 90 000 activities, reached by its cursor), and GET /accounts-management/summary-balance with
// every account a customer can hold. PGlite in memory, or the PostgreSQL of DATABASE_URL.
//
// The activities are written in bulk as pending ones, without postings: what is measured is the read
// path, which is the same for completed ones (tests/server/activities.test.ts covers their content).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ASSETS } from '../contract/assets';
import { createApp } from '../server/app';
import type { PasswordCost } from '../server/services/passwords';
import { openPglite, openPostgres, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { DEMO_CUSTOMER, seedDemo } from '../server/db/seed';
import { silentLogger } from '../server/logger';
import { loadConfig } from '../server/config';

const ACTIVITIES = 100_000;
const DEEP = 90_000;
const RUNS = 200;
/** Sign-in cost is not what this half measures (scripts/bench-server.ts does): the cheapest argon2id. */
const BENCH_PASSWORD_COST: PasswordCost = { memoryCost: 256, timeCost: 1, parallelism: 1 };
const TARGET_MS = 30;

const database: Database = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : await openPglite();
await migrate(database);
await seedDemo(database.db, () => new Date(), BENCH_PASSWORD_COST);
const app = createApp({
  db: database.db,
  config: { ...loadConfig({ DATA_DIR: '.data/bench' }), distDir: undefined, passwordCost: BENCH_PASSWORD_COST },
  logger: silentLogger,
  transport: async () => {},
});

const call = async (path: string, token?: string, init: RequestInit = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: 'http://localhost:3000' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await app.request(`http://localhost/api${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
};

const { accessToken } = (await call('/auth/login', undefined, {
  method: 'POST',
  body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
})) as { accessToken: string };
const { id: userId } = (await call('/users/me', accessToken)) as { id: string };

// Every account a customer can hold: each fiat currency and crypto asset once, and the card account.
await database.db.execute(sql`
  INSERT INTO accounts (id, user_id, kind, currency, name, created_at)
  SELECT gen_random_uuid(), ${userId}, a.kind, a.code, a.name, now() FROM assets a
  WHERE NOT EXISTS (SELECT 1 FROM accounts x WHERE x.user_id = ${userId} AND x.currency = a.code AND x.kind = a.kind)`);
await call('/accounts-management/create-accounts-card', accessToken, {
  method: 'POST',
  headers: { 'idempotency-key': crypto.randomUUID() },
});

const started = performance.now();
await database.db.execute(sql`
  INSERT INTO activities (id, user_id, account_id, type, status, counterparty, reference, amount, currency, created_at)
  SELECT gen_random_uuid(), ${userId}, a.id, 'card_payment', 'pending', 'Merchant ' || (n % 997), 'Order ' || n, -((n % 5000) + 1) / 100.0, a.currency,
         now() - make_interval(secs => n * 60)
  FROM generate_series(1, ${ACTIVITIES}) AS n
  CROSS JOIN LATERAL (SELECT id, currency FROM accounts WHERE user_id = ${userId} AND kind = 'fiat' ORDER BY currency LIMIT 1) a`);
await database.db.execute(sql`ANALYZE activities`);
console.log(
  `Wrote ${ACTIVITIES.toLocaleString('en')} activities in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.engine}).`,
);

// The cursor of a deep page, reached the way a client would: by following cursors, 100 at a time.
let cursor = '';
for (let seen = 0; seen < DEEP; seen += 100) {
  const page = (await call(`/activities?limit=100${cursor ? `&cursor=${cursor}` : ''}`, accessToken)) as { nextCursor: string };
  cursor = page.nextCursor;
}

async function p95(label: string, path: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    await call(path, accessToken);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const value = times[Math.floor(RUNS * 0.95)]!;
  console.log(`${label.padEnd(44)} p95 ${value.toFixed(1).padStart(6)} ms ${value <= TARGET_MS ? '(under' : '(OVER'} ${TARGET_MS} ms)`);
  return value;
}

const accounts = ASSETS.length + 1;
const results = [
  await p95('GET /activities, first page (20)', '/activities'),
  await p95(`GET /activities, page after ${DEEP.toLocaleString('en')} (20)`, `/activities?cursor=${cursor}`),
  await p95('GET /activities?q=Merchant 42 (search)', '/activities?q=Merchant%2042'),
  await p95(`GET /accounts-management/summary-balance (${accounts} accounts)`, '/accounts-management/summary-balance'),
];
await database.close();
process.exitCode = results.slice(0, 2).every((ms) => ms <= TARGET_MS) && results[3]! <= TARGET_MS ? 0 : 1;
