// `npm run bench:load [-- --seconds 10]`: two Meridian instances on loopback against one PostgreSQL (the
// throwaway cluster of scripts/with-postgres.sh, which the npm script runs this in), under 1, 10 and 50
// clients, each a customer of its own from an address of its own (TRUST_PROXY), their requests spread
// over both instances as a proxy would. Prints, per phase, requests per second, p50 / p99 latency,
// errors, and the CPU the instances and PostgreSQL used; then runs the ledger audit
// (server/services/audit.ts). Reads: the balance summary and the first page of activities. Writes: a
// quote and the transfer that confirms it (EUR to BTC, so every one posts to the same system accounts).
// It exits non-zero on any error or audit finding. It is a benchmark, not a test: figures in
// docs/performance.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openPostgres } from '../server/db/database';
import { accounts, users } from '../server/db/schema';
import { auditLedger } from '../server/services/audit';
import { credit } from '../server/services/ledger';
import { clientAddresses, ms, percentile } from './bench/measure';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const PHASE_MS = Number(args.seconds) * 1000;
const CLIENTS = [1, 10, 50];
// No word of the e-mail's local part (the password rule refuses those).
const PASSWORD = 'quiet harbour lantern 2026';
const TRANSFER_EUR = '5';

const databaseUrl = process.env.DATABASE_URL;
const ownerUrl = process.env.DATABASE_MIGRATION_URL;
if (!databaseUrl || !ownerUrl)
  throw new Error('Run through scripts/with-postgres.sh (npm run bench:load): it sets DATABASE_URL and DATABASE_MIGRATION_URL.');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

// One DATA_DIR for both: outside production the generated secrets live there, and instances must share them.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-load-'));
const instances: { child: ChildProcess; base: string }[] = [];

/** Starts `server/main.ts` as a process of its own, as `npm run server:dev` would, and waits until it is ready. */
async function startInstance(name: string): Promise<void> {
  const port = await freePort();
  const log = openSync(path.join(dataDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      DEMO_MODE: '0',
      LOCAL_CHAINS: '0',
      PUSH_MODE: 'off',
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}/api`;
  instances.push({ child, base });
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${readFileSync(path.join(dataDir, `${name}.log`), 'utf8')}`);
    if (
      await fetch(`${base}/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (tries > 600) throw new Error(`${name} was not ready after a minute`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let next = 0;
/** Every request goes to the next instance in turn, as a round-robin proxy sends them. */
async function call(
  method: string,
  url: string,
  options: { ip: string; token?: string; body?: unknown; headers?: Record<string, string> },
) {
  const { base } = instances[next++ % instances.length]!;
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      origin: 'http://localhost:3000',
      'x-forwarded-for': options.ip,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

// ---- CPU time of processes, from /proc (Linux), in seconds ----
const TICKS_PER_SECOND = 100;
/** utime + stime (+ the same of waited-for children, for PostgreSQL's exited backends) of `pid`. */
function cpuSeconds(pid: number, withChildren = false): number {
  try {
    // The command name may hold spaces: the fields start after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (withChildren ? own + Number(fields[13]) + Number(fields[14]) : own) / TICKS_PER_SECOND;
  } catch {
    return 0; // gone meanwhile
  }
}
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
/** The postmaster and every backend and helper it started. */
function postgresCpu(postmaster: number): number {
  let total = cpuSeconds(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (pid > 0 && pid !== postmaster) {
      try {
        if (parentOf(pid) === postmaster) total += cpuSeconds(pid);
      } catch {
        // a process that ended while the folder was read
      }
    }
  }
  return total;
}

interface Customer {
  ip: string;
  token: string;
  eurAccount: string;
  btcAccount: string;
}

const database = openPostgres(databaseUrl);
const owner = openPostgres(ownerUrl, { maxConnections: 1 });
let failed = false;
try {
  await startInstance('a');
  await startInstance('b');
  const [{ pid: backend }] = (await database.transaction((session) =>
    session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'),
  )) as [{ pid: number }];
  const postmaster = parentOf(backend);

  // The customers: signed up through the API (each from its own address), then made able to exchange
  // straight in the database: a verified e-mail, an approved identity and a deposit large enough for
  // the highest limits (migration 0013), a EUR and a BTC account.
  const nextAddress = clientAddresses();
  const customers: Customer[] = [];
  // A few at a time: a sign-up hashes the password (argon2id at OWASP's cost), which is not what is measured.
  while (customers.length < Math.max(...CLIENTS)) {
    const batch = Array.from({ length: 5 }, async (): Promise<Customer> => {
      const ip = nextAddress();
      const email = `customer-${randomUUID()}@example.test`;
      const answer = await call('POST', '/auth/register', { ip, body: { email, password: PASSWORD, country: 'DE', acceptTerms: true } });
      if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${JSON.stringify(answer.json)}`);
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const userId = user!.id;
      await database.db.update(users).set({ emailVerifiedAt: new Date(), kycStatus: 'approved' }).where(eq(users.id, userId));
      const open = async (kind: 'fiat' | 'crypto', currency: string) => {
        const id = randomUUID();
        await database.db.insert(accounts).values({ id, userId, kind, currency, name: currency, createdAt: new Date() });
        return id;
      };
      const eurAccount = await open('fiat', 'EUR');
      const btcAccount = await open('crypto', 'BTC');
      await database.db.transaction((tx) =>
        credit(tx, {
          kind: 'deposit',
          userId,
          accountId: eurAccount,
          asset: 'EUR',
          amount: '1000000',
          at: new Date(),
          activity: { type: 'deposit', counterparty: 'Load bench', reference: null },
        }),
      );
      return { ip, token: answer.json.accessToken as string, eurAccount, btcAccount };
    });
    customers.push(...(await Promise.all(batch)));
  }

  type Step = (c: Customer) => Promise<{ status: number; json: Record<string, unknown> }>;
  const reads: Step[] = [
    (c: Customer) => call('GET', '/accounts-management/summary-balance', { ip: c.ip, token: c.token }),
    (c: Customer) => call('GET', '/activities?limit=20', { ip: c.ip, token: c.token }),
  ];
  const writes: Step[] = [
    async (c: Customer) => {
      const quote = await call('POST', '/transfers/quotes', {
        ip: c.ip,
        token: c.token,
        body: { fromAccountId: c.eurAccount, toAccountId: c.btcAccount, amount: TRANSFER_EUR, side: 'in' },
      });
      if (quote.status !== 201) return quote;
      return call('POST', '/transfers', {
        ip: c.ip,
        token: c.token,
        body: { quoteId: quote.json.id },
        headers: { 'idempotency-key': randomUUID() },
      });
    },
  ];

  const [version] = await owner.transaction((session) => session.query<{ server_version: string }>('SHOW server_version'));
  console.log(
    `Two instances on loopback, PostgreSQL ${version!.server_version}; ` +
      `${os.availableParallelism()} CPU(s), load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')} at the start; ${PHASE_MS / 1000} s a phase\n`,
  );
  console.log('phase                     clients  requests/s  ops/s       p50        p99   errors     CPU instances    CPU PostgreSQL');
  // An op is one request of a read, or a quote and its transfer (two requests) of a write.
  for (const [label, steps, requestsPerOp] of [
    ['reads', reads, 1],
    ['writes (quote + transfer)', writes, 2],
  ] as const) {
    for (const clients of CLIENTS) {
      const times: number[] = [];
      const errors = new Map<string, number>();
      const cpuBefore = {
        servers: instances.reduce((sum, { child }) => sum + cpuSeconds(child.pid!), 0),
        postgres: postgresCpu(postmaster),
      };
      const started = performance.now();
      await Promise.all(
        customers.slice(0, clients).map(async (customer, index) => {
          for (let round = index; performance.now() - started < PHASE_MS; round += 1) {
            const step = steps[round % steps.length]!;
            const t0 = performance.now();
            const { status, json } = await step(customer);
            times.push(performance.now() - t0);
            if (status >= 300) {
              const code = `${status} ${(json.error as { code?: string } | undefined)?.code ?? ''}`.trim();
              errors.set(code, (errors.get(code) ?? 0) + 1);
            }
          }
        }),
      );
      const wall = (performance.now() - started) / 1000;
      const servers = instances.reduce((sum, { child }) => sum + cpuSeconds(child.pid!), 0) - cpuBefore.servers;
      const postgres = postgresCpu(postmaster) - cpuBefore.postgres;
      times.sort((a, b) => a - b);
      const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0);
      if (errorCount > 0) failed = true;
      console.log(
        [
          label.padEnd(25),
          String(clients).padStart(7),
          ((times.length * requestsPerOp) / wall).toFixed(1).padStart(11),
          (times.length / wall).toFixed(1).padStart(6),
          ms(percentile(times, 50)).padStart(10),
          ms(percentile(times, 99)).padStart(10),
          String(errorCount).padStart(8),
          `${((servers / wall) * 100).toFixed(0)} % of a core`.padStart(17),
          `${((postgres / wall) * 100).toFixed(0)} % of a core`.padStart(17),
          errorCount > 0 ? `  ${JSON.stringify(Object.fromEntries(errors))}` : '',
        ].join(' '),
      );
    }
  }

  const findings = await auditLedger(owner.db);
  console.log(`\nledger audit: ${findings.length === 0 ? 'clean' : `${findings.length} findings`}`);
  for (const finding of findings.slice(0, 20)) console.log(`  ${finding.rule}: ${finding.subject} ${finding.detail}`);
  if (findings.length > 0) failed = true;
} finally {
  for (const { child } of instances) child.kill('SIGTERM');
  await Promise.all(instances.map(({ child }) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
  await Promise.all([database.close(), owner.close()]);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
