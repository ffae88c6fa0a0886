// `npm run bench:server [-- --customers 8 --sign-ins 48 --calls 600 --concurrency 4]`: starts the API in this
// process (PGlite in a fresh temporary folder, or the PostgreSQL of DATABASE_URL, whose tables it adds
// customers to) on a free loopback port, and prints what argon2id costs: password sign-ins per second
// with their latency, the latency of a signed-in call (GET /api/users/me) and of the charts' price history
// over a backfilled year (GET /api/rates/history) and of a year-old customer's portfolio over it
// (GET /api/portfolio/history). It prints numbers; it is
// not a test. Figures measured on the project's machine: docs/performance.md.
import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../server/app';
import { openDatabase } from '../server/bootstrap';
import { systemClock } from '../server/clock';
import { loadConfig } from '../server/config';
import { silentLogger } from '../server/logger';
import { accounts } from '../server/db/schema';
import { credit } from '../server/services/ledger';
import { createPasswordHasher } from '../server/services/passwords';
import { backfillSimulatedHistory } from '../server/services/priceHistory';
import { SIMULATION } from '../server/services/rates';
import { clientAddresses, ms, percentile } from './bench/measure';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '8' },
    'sign-ins': { type: 'string', default: '48' },
    calls: { type: 'string', default: '600' },
    concurrency: { type: 'string', default: '4' },
  },
});
const CUSTOMERS = Number(args.customers);
const SIGN_INS = Number(args['sign-ins']);
const CALLS = Number(args.calls);
const CONCURRENCY = Number(args.concurrency);
// Nothing of the e-mail addresses (`bench-…@bench.example`) in it: the password rule refuses that.
const PASSWORD = 'Quiet harbour lantern 2026';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
// TRUST_PROXY: every simulated customer comes from an address of its own (clientAddresses).
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, TRUST_PROXY: '1', PORT: '0', DEMO_MODE: '0' });
const database = await openDatabase(config, silentLogger);
const app = createApp({ db: database.db, config, clock: systemClock, logger: silentLogger, transport: async () => {} });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
// The set-ups between measurements (a backfilled year, a year of deposits) outlast Node's 5 s: the client's
// pooled connections would be closed under it.
(server as Server).keepAliveTimeout = 10 * 60_000;
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;

const clientAddress = clientAddresses();

async function call(method: string, url: string, options: { body?: unknown; token?: string; ip?: string } = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      origin: config.publicOrigin,
      'x-forwarded-for': options.ip ?? clientAddress(),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs `total` tasks, `concurrency` at a time; returns each one's milliseconds and the wall time. */
async function measure(total: number, concurrency: number, task: (index: number) => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const index = next++;
        const t0 = performance.now();
        await task(index);
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times: times.sort((a, b) => a - b), wallMs: performance.now() - started };
}

try {
  const { memoryCost, timeCost, parallelism } = config.passwordCost;
  console.log(`Meridian API in-process on ${database.engine}, ${os.availableParallelism()} CPU(s) available, Node ${process.version}`);
  console.log(`argon2id cost: m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}; concurrency ${CONCURRENCY}\n`);

  const hasher = createPasswordHasher(config.passwordCost);
  const hashes = await measure(10, 1, () => hasher.hash(PASSWORD));
  console.log(
    `one argon2id hash (no HTTP, one at a time): p50 ${ms(percentile(hashes.times, 50))}, p95 ${ms(percentile(hashes.times, 95))}`,
  );

  // Sign-up hashes the password too; it is set-up here, not measured.
  const emails = await Promise.all(
    Array.from({ length: CUSTOMERS }, async () => {
      const email = `bench-${randomUUID()}@bench.example`;
      await call('POST', '/auth/register', { body: { email, password: PASSWORD, country: 'DE', acceptTerms: true } });
      return email;
    }),
  );

  let token = '';
  const signIns = await measure(SIGN_INS, CONCURRENCY, async (index) => {
    const answer = await call('POST', '/auth/login', { body: { email: emails[index % emails.length], password: PASSWORD } });
    token = answer.accessToken as string;
  });
  console.log(
    `password sign-ins (POST /api/auth/login, ${SIGN_INS}): ${((SIGN_INS * 1000) / signIns.wallMs).toFixed(1)}/s; ` +
      `latency p50 ${ms(percentile(signIns.times, 50))}, p95 ${ms(percentile(signIns.times, 95))}`,
  );

  const ip = clientAddress();
  const reads = await measure(CALLS, CONCURRENCY, () => call('GET', '/users/me', { token, ip }));
  console.log(
    `signed-in call (GET /api/users/me, ${CALLS}): ${((CALLS * 1000) / reads.wallMs).toFixed(0)}/s; ` +
      `latency p50 ${ms(percentile(reads.times, 50))}, p95 ${ms(percentile(reads.times, 95))}`,
  );

  const { id: userId } = (await call('GET', '/users/me', { token, ip })) as { id: string };
  // The charts' longest read: a backfilled year (and the month's hours) of every asset, as demo mode has.
  await backfillSimulatedHistory(database.db, systemClock, SIMULATION);
  // The portfolio's: a customer who received three assets every day of that year (1 095 ledger entries).
  const day = 24 * 60 * 60_000;
  for (const [kind, asset, amount] of [
    ['crypto', 'BTC', '0.001'],
    ['crypto', 'ETH', '0.01'],
    ['fiat', 'EUR', '10'],
  ] as const) {
    const accountId = randomUUID();
    await database.db.insert(accounts).values({ id: accountId, userId, kind, currency: asset, name: asset, createdAt: new Date() });
    for (let index = 365; index > 0; index--)
      await credit(database.db, { kind: 'deposit', userId, accountId, asset, amount, at: new Date(Date.now() - index * day) });
  }
  for (const [what, url] of [
    ['price history', (range: string) => `/rates/history?asset=BTC&range=${range}`],
    ['portfolio', (range: string) => `/portfolio/history?range=${range}`],
  ] as const) {
    for (const range of ['1y', 'all', '1m'] as const) {
      const history = await measure(CALLS / 4, CONCURRENCY, () => call('GET', url(range), { token, ip }));
      console.log(
        `${what} (GET /api${url(range)}, ${CALLS / 4}): ${((CALLS * 250) / history.wallMs).toFixed(0)}/s; ` +
          `latency p50 ${ms(percentile(history.times, 50))}, p95 ${ms(percentile(history.times, 95))}`,
      );
    }
  }
} finally {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
