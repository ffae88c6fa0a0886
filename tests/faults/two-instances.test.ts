// Issue 23, item 5: two instances on one PostgreSQL through the faults an operator meets: the job leader
// killed, PostgreSQL restarted, the application's role refused for 20 s, a backup restored.
// Runs alone under `npm run test:faults` (its own cluster: scripts/with-postgres.sh exports PG_*).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address, type Hash } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVM_CHAINS } from '../../contract/chainList';
import { openDatabase } from '../../server/bootstrap';
import { devAccount, freePortRun, LOCAL_TOKEN_ADDRESSES, startLocalNodes } from '../../server/chains/localNodes';
import { loadConfig } from '../../server/config';
import { DEMO_CUSTOMER, DEMO_PHONE_CUSTOMER } from '../../server/db/seed';
import { silentLogger } from '../../server/logger';
import { auditLedger } from '../../server/services/audit';
import { inheritedEnv, readmeProductionSettings, root, startRatesFeed, startServer, type RunningServer } from '../server/productionServer';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the fault tests with npm run test:faults`);
  return value;
}
const PG_BIN = required('PG_BIN');
const SUPERUSER_URL = required('PG_SUPERUSER_URL');
const DATABASE_URL = required('DATABASE_URL');
const OWNER_URL = required('DATABASE_MIGRATION_URL');
const PG_DATA = required('PG_DATA');
const PG_LOG = required('PG_LOG');

/** How often the rates are read here, so their lease (three rounds) lasts 6 s instead of 45. */
const RATES_INTERVAL_MS = 2_000;
/** The jobs one instance at a time leads (docs/operations.md, "The jobs and their leases"), and how soon another takes each over. */
const TAKEOVER_MS = {
  // An advisory lock goes the moment PostgreSQL sees the dead session; the others ask every second.
  deposits: 10_000,
  withdrawals: 10_000,
  // The lease runs out three rounds after the last renewal; the next round takes it.
  rates: 3 * RATES_INTERVAL_MS + 2 * RATES_INTERVAL_MS + 5_000,
} as const;
type Job = keyof typeof TAKEOVER_MS;
const JOBS = Object.keys(TAKEOVER_MS) as Job[];

/** Polls `check` until it holds, failing with `what` after `timeoutMs`: the waits below are bounded, never slept. */
async function waitFor<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined | false> | T | undefined | false,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const result = await check();
      if (result) return result;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs / 1000} s: ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const run = promisify(execFile);

/** `pg_ctl` on the test cluster, as its data directory's owner: `postgres` when the tests run as root. */
function pgCtl(...args: string[]) {
  const command = [path.join(PG_BIN, 'pg_ctl'), '-D', PG_DATA, ...args];
  return process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', ...command], { cwd: '/' }) : run(command[0]!, command.slice(1));
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

interface Instance {
  name: string;
  port: number;
  server: RunningServer;
}

async function call(instance: Instance, method: string, route: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`http://127.0.0.1:${instance.port}/api${route}`, {
    method,
    headers: {
      origin: `http://localhost:${instance.port}`,
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** Who leads `job` as this instance's log tells: its last `<job>.leading` not followed by giving it up. */
function leads(instance: Instance, job: Job): boolean {
  const log = instance.server.output();
  const gained = log.lastIndexOf(`[meridian] ${job}.leading`);
  const lost = Math.max(
    log.lastIndexOf(`[meridian] ${job}.lock_released`),
    log.lastIndexOf(`[meridian] ${job}.lock_failed`),
    log.lastIndexOf(`[meridian] ${job}.lock_lost`),
    log.lastIndexOf('[meridian] rates.lease_lost'.replace('rates', job)),
  );
  return gained > lost;
}

function alive(instance: Instance): boolean {
  const child: ChildProcess = instance.server.child;
  return child.exitCode === null && child.signalCode === null;
}

describe('two instances on one PostgreSQL, through faults', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-faults-'));
  const work = mkdtempSync(path.join(tmpdir(), 'meridian-faults-dump-'));
  let nodes: Awaited<ReturnType<typeof startLocalNodes>>;
  let feed: Awaited<ReturnType<typeof startRatesFeed>>;
  const instances: Instance[] = [];
  const started = Date.now();

  /**
   * An instance as docs/operations.md starts a second demo instance: the shared DATABASE_URL and
   * DATA_DIR, its own PORT, LOCAL_CHAINS=external on the nodes' first port. Here every instance is such
   * a second one (the test holds the nodes, so killing an instance never takes the chains with it), and
   * the rates come from a feed read every RATES_INTERVAL_MS.
   */
  async function startInstance(name: string): Promise<Instance> {
    const port = await freePortRun(1);
    const env = {
      ...inheritedEnv(),
      DATABASE_URL,
      DATABASE_MIGRATION_URL: OWNER_URL,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOCAL_CHAINS: 'external',
      LOCAL_CHAIN_PORT: String(nodes.port),
      RATES_FEED_URL: feed.url,
      RATES_FEED_MAPPING: readmeProductionSettings().RATES_FEED_MAPPING!,
      RATES_FEED_INTERVAL_MS: String(RATES_INTERVAL_MS),
      DIST_DIR: path.join(dataDir, 'no-app-built'),
    };
    const instance = { name, port, server: await startServer(['--import', 'tsx', 'server/main.ts'], { cwd: root, env }) };
    instances.push(instance);
    return instance;
  }

  const customerToken = async (instance: Instance) => {
    const answer = await call(instance, 'POST', '/auth/login', { body: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } });
    expect(answer.status, `the demo customer signs in on ${instance.name}`).toBe(200);
    return answer.body.accessToken as string;
  };

  /** A USDT deposit on Ethereum from a development account; answers its hash once mined. */
  const wallet = () => createWalletClient({ transport: http(nodes.nodes[0]!.rpcUrl), account: devAccount(1) });
  async function deposit(to: Address, amount: string): Promise<Hash> {
    const hash = await wallet().writeContract({
      chain: null,
      address: LOCAL_TOKEN_ADDRESSES.USDT,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, parseUnits(amount, EVM_CHAINS.ethereum.tokens.USDT.decimals)],
    });
    await createPublicClient({ transport: http(nodes.nodes[0]!.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 100 });
    return hash;
  }

  beforeAll(async () => {
    // A block a second, as `npm start`'s nodes mine them every two: deposits confirm on their own.
    nodes = await startLocalNodes({ dataDir: path.join(dataDir, 'test-nodes'), port: await freePortRun(4), blockSeconds: 1 });
    expect(nodes.nodes[0]!.network).toBe('ethereum');
    feed = await startRatesFeed();
  });

  afterAll(async () => {
    for (const instance of instances) if (alive(instance)) instance.server.child.kill('SIGKILL');
    await nodes?.stop();
    await feed?.close();
    // The cluster may still refuse the role when a test failed half-way; the next run gets a new cluster anyway.
    await sql(SUPERUSER_URL, 'ALTER ROLE meridian_app CONNECTION LIMIT -1').catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    // Measured, not asserted: a loaded machine may take longer (docs/testing.md has the figures).
    console.log(`fault tests: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  // What the instances said is what explains a failure here.
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const instance of instances) console.error(`── ${instance.name}'s last output:\n${instance.server.output().slice(-4000)}`);
  });

  let a: Instance;
  let b: Instance;
  let address: Address;
  const sent: Array<{ hash: Hash; amount: string }> = [];

  /** Every deposit sent so far is credited, as the customer sees it on `instance`, with one row and one ledger transaction each. */
  async function everyDepositCreditedOnce(instance: Instance, timeoutMs: number): Promise<void> {
    const token = await customerToken(instance);
    await waitFor('every deposit credited', timeoutMs, async () => {
      const { body } = await call(instance, 'GET', '/deposits?asset=USDT', { token });
      const credited = body.deposits
        .filter((one: { status: string }) => one.status === 'credited')
        .map((one: { txHash: string }) => one.txHash);
      return sent.every(({ hash }) => credited.includes(hash));
    });
    const rows = await sql<{ tx_hash: string; transactions: string }>(
      OWNER_URL,
      `SELECT d.tx_hash, count(t.id)::text AS transactions FROM chain_deposits d
       LEFT JOIN ledger_transactions t ON t.id = d.transaction_id WHERE lower(d.address) = lower($1) GROUP BY d.tx_hash ORDER BY d.tx_hash`,
      [address],
    );
    expect(rows, 'one row and one ledger transaction per deposit, none missed').toEqual(
      sent.map(({ hash }) => ({ tx_hash: hash, transactions: '1' })).sort((x, y) => x.tx_hash.localeCompare(y.tx_hash)),
    );
  }

  /** Neither instance died, nor left a rejection unhandled (logged, not fatal, but a bug all the same). */
  const expectBothWell = () =>
    expect(
      [a, b]
        .filter((instance) => !alive(instance) || instance.server.output().includes('process.unhandled_rejection'))
        .map(({ name }) => name),
      'instances that died or left a rejection unhandled',
    ).toEqual([]);

  /**
   * While the database is out of reach: both instances stay up, `/api/ready` answers 503 and a request
   * that needs the database 503 `temporarily_unavailable` with Retry-After, never a 500. A deposit sent
   * meanwhile waits on its chain.
   */
  async function duringFault(token: string): Promise<void> {
    for (const instance of [a, b]) {
      await waitFor(
        `${instance.name}'s /api/ready answers 503`,
        15_000,
        async () => (await call(instance, 'GET', '/ready')).status === 503,
      );
      const refused = await call(instance, 'GET', '/deposits?asset=USDT', { token });
      expect({ status: refused.status, code: refused.body?.error?.code }, `a read on ${instance.name}`).toEqual({
        status: 503,
        code: 'temporarily_unavailable',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const amount = `${sent.length + 1}.5`;
    sent.push({ hash: await deposit(address, amount), amount });
    expectBothWell();
  }

  /**
   * After the fault: both instances ready, each advisory-lock job led again (its session and lock went
   * with the fault), the rates moved by a round since `over`, and every deposit credited once.
   */
  async function recovered(logFrom: Map<Instance, number>, over: Date): Promise<void> {
    for (const instance of [a, b])
      await waitFor(
        `${instance.name}'s /api/ready answers 200`,
        30_000,
        async () => (await call(instance, 'GET', '/ready')).status === 200,
      );
    for (const job of ['deposits', 'withdrawals'] as const)
      await waitFor(`an instance leads ${job} again`, 45_000, () =>
        [a, b].some((one) => one.server.output().includes(`[meridian] ${job}.leading`, logFrom.get(one)) && leads(one, job)),
      );
    await waitFor('a rates round', 30_000, async () => {
      const [row] = await sql<{ at: Date | null }>(OWNER_URL, "SELECT max(updated_at) AS at FROM rates WHERE source = 'feed'");
      return row!.at !== null && row!.at > over;
    });
    await everyDepositCreditedOnce(a, 45_000);
    expectBothWell();
  }

  const logLengths = () => new Map([a, b].map((instance) => [instance, instance.server.output().length]));

  it("two instances started as docs/operations.md says accept each other's SMS codes and tokens", async () => {
    // Side by side: the migrations run once under their lock, the seed needs no instance, B no A.
    [a, b] = await Promise.all([
      startInstance('A'),
      startInstance('B'),
      run(process.execPath, ['--import', 'tsx', 'server/bin/seed.ts'], {
        cwd: root,
        env: { ...inheritedEnv(), DATABASE_URL, DATABASE_MIGRATION_URL: OWNER_URL, DATA_DIR: dataDir },
      }),
    ]);

    const started = await call(a, 'POST', '/auth/login', {
      body: { email: DEMO_PHONE_CUSTOMER.email, password: DEMO_PHONE_CUSTOMER.password },
    });
    expect(started.body?.twoFactorRequired, 'the phone customer is asked for an SMS code').toBe(true);
    const outbox = await call(a, 'GET', `/dev/outbox?to=${encodeURIComponent(DEMO_PHONE_CUSTOMER.phone)}`);
    const message = outbox.body.messages.find((candidate: { template: string }) => candidate.template === 'login_two_factor');
    const code = /\b(\d{6})\b/.exec(message.body)![1];
    const verified = await call(b, 'POST', '/auth/2fa/phone/verify', { body: { challengeToken: started.body.challengeToken, code } });
    expect(verified.status, 'a code sent by A, typed on B').toBe(200);
    const me = await call(a, 'GET', '/users/me', { token: verified.body.accessToken });
    expect(me.status, 'a token of B, used on A').toBe(200);
    expect(me.body.phone).toBe(DEMO_PHONE_CUSTOMER.phone);
    const fromA = await customerToken(a);
    expect((await call(b, 'GET', '/users/me', { token: fromA })).status, 'a token of A, used on B').toBe(200);

    // Every job has a leader before anything fails.
    for (const job of JOBS) await waitFor(`an instance leads ${job}`, TAKEOVER_MS[job], () => instances.some((one) => leads(one, job)));
    const answer = await call(b, 'GET', '/deposits/address?asset=USDT&network=ethereum', { token: fromA });
    expect(answer.status).toBe(200);
    address = answer.body.address as Address;
  });

  it('kill -9 of the leader: the other takes every job within its lease, and every deposit is credited once', async () => {
    const leader = leads(a, 'deposits') ? a : b;
    const survivor = leader === a ? b : a;
    // Deposits in flight when the leader dies: seen, not yet confirmed.
    for (const amount of ['1.25', '2.5']) sent.push({ hash: await deposit(address, amount), amount });
    const already = JOBS.filter((job) => leads(survivor, job));
    const killedAt = Date.now();
    leader.server.child.kill('SIGKILL');
    const tookOver: Record<string, string> = {};
    const [late] = await Promise.all([
      // And one sent while nobody watches.
      deposit(address, '3.75'),
      ...JOBS.map(async (job) => {
        await waitFor(`${survivor.name} takes ${job} over after ${leader.name} was killed`, TAKEOVER_MS[job], () => leads(survivor, job));
        tookOver[job] = already.includes(job) ? 'led it already' : `${((Date.now() - killedAt) / 1000).toFixed(1)} s`;
      }),
    ]);
    sent.push({ hash: late, amount: '3.75' });
    console.log(`taken over by ${survivor.name} after kill -9 of ${leader.name}:`, tookOver);
    // The killed instance comes back meanwhile, as a supervisor restarts it.
    instances.splice(instances.indexOf(leader), 1);
    const back = startInstance(leader.name);
    sent.push({ hash: await deposit(address, '5'), amount: '5' });

    await everyDepositCreditedOnce(survivor, 30_000);
    if (leader === a) a = await back;
    else b = await back;
  });

  it('a PostgreSQL restart: reads in flight and those while it is down answer 503, both stay up, and every job runs again after', async () => {
    const token = await customerToken(a);
    const logFrom = logLengths();
    // Reads in flight when the cluster stops: a lock holds them in PostgreSQL, each with a pool client
    // checked out (the client whose connection then dies is the case an idle pool never shows).
    const holder = new pg.Client({ connectionString: OWNER_URL });
    holder.on('error', () => {}); // its session ends with the stop
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE accounts IN ACCESS EXCLUSIVE MODE');
    // Settled as they come, so that a failure before the stop leaves no rejection unhandled.
    const inFlight = Promise.allSettled(
      [a, b].flatMap((instance) => [1, 2, 3].map(() => call(instance, 'GET', '/accounts-management/summary-balance', { token }))),
    );
    try {
      await waitFor('six reads waiting on the lock', 10_000, async () => {
        const { rows } = await holder.query<{ waiting: string }>(
          // pg_locks, not pg_stat_activity: the owner sees no wait events of the application role's sessions.
          "SELECT count(*) AS waiting FROM pg_locks WHERE NOT granted AND relation = 'accounts'::regclass",
        );
        return Number(rows[0]!.waiting) >= 6;
      });
    } catch (error) {
      await holder.end(); // the lock goes with it, for the tests after this one
      throw error;
    }
    // Immediate, as a crash would: in a fast stop a read whose lock the holder's ended session let go could
    // still finish before its own session ended (one in six answered 200 on a loaded machine).
    await pgCtl('stop', '-m', 'immediate', '-w');
    try {
      const answers = await inFlight;
      expect(
        answers.map((answer) =>
          answer.status === 'fulfilled' ? { status: answer.value.status, code: answer.value.body?.error?.code } : String(answer.reason),
        ),
      ).toEqual(Array.from({ length: 6 }, () => ({ status: 503, code: 'temporarily_unavailable' })));
      await duringFault(token);
    } finally {
      await pgCtl('start', '-w', '-l', PG_LOG);
    }
    await recovered(logFrom, new Date());
  });

  it('CONNECTION LIMIT 0 on the application role for 20 s: both stay up, answer 503 and not ready, and every job runs again after', async () => {
    const token = await customerToken(a);
    const logFrom = logLengths();
    const limitedAt = Date.now();
    await sql(SUPERUSER_URL, 'ALTER ROLE meridian_app CONNECTION LIMIT 0');
    try {
      // The limit refuses new sessions only: the open ones are ended too, as pool turnover would in time.
      await sql(SUPERUSER_URL, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'meridian_app'");
      await duringFault(token);
      // The fault lasts its 20 s whatever the checks took.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, limitedAt + 20_000 - Date.now())));
    } finally {
      await sql(SUPERUSER_URL, 'ALTER ROLE meridian_app CONNECTION LIMIT -1');
    }
    await recovered(logFrom, new Date());
  });

  it('a pg_dump restores into a fresh database that passes the ledger audit', async () => {
    const dump = path.join(work, 'meridian.dump');
    await run(path.join(PG_BIN, 'pg_dump'), ['-Fc', '-f', dump, '--dbname', OWNER_URL]);
    await sql(SUPERUSER_URL, 'CREATE DATABASE meridian_restored OWNER meridian_owner');
    const restored = (url: string) => Object.assign(new URL(url), { pathname: '/meridian_restored' }).href;
    await run(path.join(PG_BIN, 'pg_restore'), ['--no-owner', '--role=meridian_owner', '--exit-on-error', '-d', restored(OWNER_URL), dump]);
    // As docs/operations.md says: an instance's start against it (migrations, grants), then the audit.
    const config = loadConfig({
      ...inheritedEnv(),
      DATABASE_URL: restored(DATABASE_URL),
      DATABASE_MIGRATION_URL: restored(OWNER_URL),
      DATA_DIR: dataDir,
    });
    const database = await openDatabase(config, silentLogger);
    try {
      expect(await auditLedger(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    const count = (url: string) => sql<{ n: string }>(url, 'SELECT count(*)::text AS n FROM ledger_entries');
    const [original, copy] = await Promise.all([count(OWNER_URL), count(restored(OWNER_URL))]);
    expect(copy, 'the restored ledger has every entry').toEqual(original);
    const deposits = await sql<{ tx_hash: string }>(
      restored(OWNER_URL),
      "SELECT tx_hash FROM chain_deposits WHERE status = 'credited' AND lower(address) = lower($1)",
      [address],
    );
    expect(deposits.map(({ tx_hash }) => tx_hash).sort()).toEqual(sent.map(({ hash }) => hash).sort());
  });

  it('a second instance told to run its own nodes on ports that are taken stops in one line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...inheritedEnv(),
        DATABASE_URL,
        DATABASE_MIGRATION_URL: OWNER_URL,
        DATA_DIR: dataDir,
        PORT: String(await freePortRun(1)),
        LOCAL_CHAIN_PORT: String(nodes.port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.resume();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(errors.trim()).toBe(
      `LOCAL_CHAIN_PORT=${nodes.port}: the local chain nodes need ports ${nodes.port}–${nodes.port + 3}, and one of them is taken. ` +
        'Stop what holds it, choose other ports, or set LOCAL_CHAIN_PORT=0 for free ones.',
    );
  });
});
