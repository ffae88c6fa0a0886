import { randomBytes, randomInt } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import PgBoss from 'pg-boss';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, DATABASE_RETRY_AFTER_SECONDS } from '../../server/app';
import { runWhileLeader } from '../../server/chains/leader';
import { openPostgres, type Database } from '../../server/db/database';
import { databaseFault } from '../../server/db/faults';
import { installJobQueue } from '../../server/db/jobQueue';
import { createJobMonitor, stallAfter } from '../../server/jobs';
import { silentLogger } from '../../server/logger';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { SCHEDULED_JOBS, startScheduledJobs } from '../../server/scheduledJobs';
import {
  createTestServer,
  expectError,
  POSTGRES_URL,
  recordingLogger,
  TestClient,
  TestClock,
  testConfig,
  useTestDatabase,
} from './helpers';

/** Issue 23, item 1: a fault of the database or a chain never ends a job or answers a bare 500. */

const db = useTestDatabase();
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/**
 * How long a condition may take to come true. Milliseconds on an idle machine; `npm test` runs this suite
 * beside the browser tests on two cores, where a round, a reconnect or a request can take seconds.
 */
const SETTLES = { timeout: 15_000 };

/** What `pg` throws when the server ends a session (restart, `pg_terminate_backend`). */
const databaseGone = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('the leader loop', () => {
  it('runs a job again after its round rejected three times, waiting longer after each failure', async () => {
    const logger = recordingLogger();
    const started: number[] = [];
    stops.push(
      runWhileLeader({
        databaseUrl: undefined,
        pollMs: 5,
        lockKey: 1n,
        name: 'job',
        logger,
        runOnce: async () => {
          started.push(performance.now());
          if (started.length <= 3) throw new Error('node unreachable');
        },
      }),
    );
    await vi.waitFor(() => expect(started.length).toBeGreaterThanOrEqual(4), SETTLES);
    const failures = logger.events.filter(({ event }) => event === 'job.round_failed');
    expect(failures.map(({ fields }) => [fields?.failures, fields?.error])).toEqual([
      [1, 'node unreachable'],
      [2, 'node unreachable'],
      [3, 'node unreachable'],
    ]);
    // 10, 20 and 40 ms after the failures (pollMs doubled each time), never the plain 5 ms poll.
    const pauses = started.slice(1, 4).map((at, index) => at - started[index]!);
    pauses.forEach((pause, index) => expect(pause).toBeGreaterThanOrEqual(5 * 2 ** (index + 1) - 1));
  });

  it.runIf(POSTGRES_URL)('keeps its lock through a chain failure and gives it up on a database failure', async () => {
    const lockKey = BigInt(randomInt(1, 2 ** 47));
    let fault: () => Error = () => new Error('node unreachable');
    const calls = { first: 0, second: 0 };
    stops.push(
      runWhileLeader({
        databaseUrl: POSTGRES_URL,
        pollMs: 5,
        lockKey,
        name: 'first',
        logger: silentLogger,
        runOnce: async () => {
          calls.first++;
          throw fault();
        },
      }),
    );
    await vi.waitFor(() => expect(calls.first).toBeGreaterThan(0), SETTLES);
    stops.push(
      runWhileLeader({
        databaseUrl: POSTGRES_URL,
        pollMs: 5,
        lockKey,
        name: 'second',
        logger: silentLogger,
        runOnce: async () => void calls.second++,
      }),
    );
    await vi.waitFor(() => expect(calls.first).toBeGreaterThanOrEqual(4), SETTLES);
    expect(calls.second, 'another instance would meet the same node: the lock stays').toBe(0);
    fault = databaseGone;
    await vi.waitFor(() => expect(calls.second).toBeGreaterThan(0), SETTLES);
  });
});

describe('readiness', () => {
  it('answers 503 naming the job that has had no healthy round for its stall time', async () => {
    const clock = new TestClock();
    const jobs = createJobMonitor(clock.now);
    const app = createApp({ db: db.database.db, config: testConfig(), clock: clock.now, logger: silentLogger, jobs });
    const client = new TestClient({ app, clock, sent: [] });
    const deposits = jobs.register('deposits', stallAfter(4_000));
    jobs.register('withdrawals', stallAfter(4_000));

    clock.advance(59);
    expect((await client.get('/ready')).status).toBe(200);
    clock.advance(2);
    deposits.healthy();
    const stalled = await client.get('/ready');
    expectError(stalled, 503, 'not_ready');
    expect(stalled.body.error.message).toContain('withdrawals');
    expect(stalled.body.error.message).not.toContain('deposits');
  });
  it.runIf(POSTGRES_URL)(
    'names a pg-boss job whose round hangs on this instance, and not one the queue serves',
    async () => {
      // The schema's queue, installed by its owner as the start does (server/bootstrap.ts).
      const appRole = process.env.DATABASE_MIGRATION_URL ? decodeURIComponent(new URL(POSTGRES_URL!).username) : undefined;
      const queueSchema = await installJobQueue(db.owner, appRole);
      const clock = new TestClock();
      const jobs = createJobMonitor(clock.now);
      const client = new TestClient({
        app: createApp({ db: db.database.db, config: testConfig(), clock: clock.now, logger: silentLogger, jobs }),
        clock,
        sent: [],
      });
      let release = () => {};
      let started = false;
      const hanging = new Promise<void>((resolve) => (release = resolve));
      stops.push(
        await startScheduledJobs({
          postgres: { databaseUrl: POSTGRES_URL!, queueSchema },
          logger: silentLogger,
          monitor: jobs,
          checkEveryMs: 100,
          rounds: { priceAlerts: () => ((started = true), hanging), recurringBuys: async () => {} },
        }),
      );
      // A round handed to this instance, as the minute's cron would.
      const sender = new PgBoss({
        connectionString: POSTGRES_URL!,
        schema: queueSchema,
        migrate: false,
        supervise: false,
        schedule: false,
      });
      await sender.start();
      stops.push(() => sender.stop({ graceful: false }));
      await sender.send(SCHEDULED_JOBS.priceAlerts.queue, {});
      await vi.waitFor(() => expect(started).toBe(true), SETTLES);

      clock.advance(stallAfter(60_000) / 1000 + 1);
      await vi.waitFor(async () => {
        const stalled = await client.get('/ready');
        expectError(stalled, 503, 'not_ready');
        expect(stalled.body.error.message).toContain('priceAlerts');
        expect(stalled.body.error.message).not.toContain('recurringBuys');
      }, SETTLES);
      release();
      await vi.waitFor(async () => expect((await client.get('/ready')).status).toBe(200), SETTLES);
    },
    60_000,
  );
});

describe.runIf(POSTGRES_URL)('a busy database on PostgreSQL', () => {
  /** The test database's schema, opened again by a pool of its own with these options. */
  async function reopen(options: { statementTimeoutMs?: number; maxConnections?: number; connectTimeoutMs?: number }) {
    const [row] = await db.database.transaction((session) => session.query<{ schema: string }>('SELECT current_schema() AS schema'));
    const busy = openPostgres(POSTGRES_URL!, { schema: row!.schema, ...options });
    stops.push(() => busy.close());
    return { busy, client: new TestClient(createTestServer({ ...db, database: busy })) };
  }

  /** Holds an exclusive lock on the customers' table while `during` runs. */
  const whileUsersLocked = <T>(during: () => Promise<T>) =>
    db.owner.transaction(async (session) => {
      await session.exec('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      return during();
    });

  const signIn = (client: TestClient) => client.post('/auth/login', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });

  it('answers a statement timeout with 503 temporarily_unavailable and Retry-After, then serves again', async () => {
    const { client } = await reopen({ statementTimeoutMs: 300 });
    const refused = await whileUsersLocked(() => signIn(client));
    expectError(refused, 503, 'temporarily_unavailable');
    expect(refused.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect((await signIn(client)).status).toBe(200);
  });

  it('answers a wait for a pooled connection that times out with 503 temporarily_unavailable', async () => {
    const { busy, client } = await reopen({ maxConnections: 1, connectTimeoutMs: 300 });
    const held = await busy.pool.connect();
    try {
      const refused = await signIn(client);
      expectError(refused, 503, 'temporarily_unavailable');
      expect(refused.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    } finally {
      held.release();
    }
    expect((await signIn(client)).status).toBe(200);
  });

  it('tells a lock timeout and a lost session from other database errors', async () => {
    const failure = (database: Database, sql: string) =>
      database
        .transaction((session) => session.exec(sql))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    const lockTimeout = await whileUsersLocked(() => failure(db.database, "SET LOCAL lock_timeout = '100ms'; SELECT count(*) FROM users"));
    expect(databaseFault(lockTimeout)).toBe('timeout');
    expect(databaseFault(await failure(db.database, 'SELECT 1/0'))).toBeUndefined();
    expect(databaseFault(databaseGone())).toBe('unavailable');
  });
});

describe.runIf(POSTGRES_URL)('LISTEN on PostgreSQL', () => {
  /** A TCP relay to the database that can cut every connection and refuse new ones, as a restart does. */
  async function relay() {
    const target = new URL(POSTGRES_URL!);
    const sockets = new Set<Socket>();
    let refusing = false;
    const server = createServer((socket) => {
      if (refusing) return void socket.destroy();
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const [one, other] of [
        [socket, upstream],
        [upstream, socket],
      ] as const) {
        sockets.add(one);
        one.on('error', () => other.destroy());
        one.on('close', () => (sockets.delete(one), other.destroy()));
        one.pipe(other);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = Object.assign(new URL(POSTGRES_URL!), { hostname: '127.0.0.1', port: String((server.address() as AddressInfo).port) });
    return {
      url: url.href,
      down() {
        refusing = true;
        for (const socket of sockets) socket.destroy();
      },
      up() {
        refusing = false;
      },
    };
  }

  it('listens again after its connection is lost, however many tries reconnecting takes', async () => {
    const { url, down, up } = await relay();
    const errors: Error[] = [];
    const listener = openPostgres(url, { listenRetryMs: 20, onPoolError: (error) => void errors.push(error) });
    stops.push(() => listener.close());
    const channel = `test_${randomBytes(6).toString('hex')}`;
    const heard: string[] = [];
    stops.push(await listener.listen(channel, (payload) => void heard.push(payload)));
    const notify = (payload: string) => db.database.transaction((session) => session.query('SELECT pg_notify($1, $2)', [channel, payload]));

    await notify('before');
    await vi.waitFor(() => expect(heard).toEqual(['before']), SETTLES);
    down();
    // The lost connection, then three refused tries (20, 40, 80 ms apart): it keeps trying.
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(4), SETTLES);
    up();
    await vi.waitFor(async () => {
      await notify('after');
      expect(heard).toContain('after');
    }, SETTLES);
  });
});
