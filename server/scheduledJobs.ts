import PgBoss from 'pg-boss';
import { runWhileLeader } from './chains/leader';
import { stallAfter, type JobMonitor } from './jobs';
import { describeError, type Logger } from './logger';

/**
 * The jobs that run on a schedule rather than on a request: each one round of a function that is safe
 * to run on several instances at once and more often than due (its rows make each effect happen once).
 * `queue` is its pg-boss queue (made by the migration owner, server/db/jobQueue.ts); `everyMs` how often
 * the embedded database runs it; `lockKey` is unused there (one instance always leads) and kept unique.
 */
export const SCHEDULED_JOBS = {
  /** Follows the prices, which the simulation moves every 15 s. */
  priceAlerts: { queue: 'price-alerts', everyMs: 15_000, lockKey: 727_274_101n },
  /** A run is due once a day; a minute is how late after midnight (in the plan's time zone) it may start. */
  recurringBuys: { queue: 'recurring-buys', everyMs: 60_000, lockKey: 727_274_102n },
} as const;
export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;

/** pg-boss's cron has minutes: on PostgreSQL every job runs once a minute. */
const EVERY_MINUTE = '* * * * *';
const MINUTE_MS = 60_000;

export interface ScheduledJobsOptions {
  /** PostgreSQL and pg-boss's schema there (server/db/jobQueue.ts): pg-boss drives the jobs; none (PGlite, one process): this process's timers do. */
  postgres: { databaseUrl: string; queueSchema: string } | undefined;
  logger: Logger;
  monitor?: JobMonitor;
  /** PostgreSQL: how often an instance without a round in hand checks that it still reaches its queues (readiness). */
  checkEveryMs?: number;
  rounds: Record<ScheduledJobName, () => Promise<unknown>>;
}

/**
 * Starts the scheduled jobs; answers what stops them. One set of job functions, two drivers:
 *
 * - On the embedded database (`npm start`, e2e) the in-process loop of the leader jobs
 *   (`runWhileLeader`, which on PGlite always leads) runs each every `everyMs`, logs and backs off on a
 *   failure, and reports to readiness. PGlite serves no other connection, so pg-boss cannot run there.
 * - On PostgreSQL pg-boss schedules each job every minute (one cron row, whichever instance wrote it)
 *   and hands each scheduled round to one instance's worker; an instance that dies mid-round leaves it
 *   to pg-boss's expiry and retry, and the rows of the round make a retry do nothing twice. Readiness,
 *   as for the leader jobs: a job is healthy on an instance after a round of its that went well or,
 *   with no round in hand and the last one not failed, after a check that its queue answers (the other
 *   instances may take every round). A round that hangs or keeps failing stalls it on that instance.
 */
export async function startScheduledJobs({
  postgres,
  logger,
  monitor,
  checkEveryMs = 30_000,
  rounds,
}: ScheduledJobsOptions): Promise<() => Promise<void>> {
  const jobs = Object.entries(SCHEDULED_JOBS) as [ScheduledJobName, (typeof SCHEDULED_JOBS)[ScheduledJobName]][];
  if (!postgres) {
    const stops = jobs.map(([name, { everyMs, lockKey }]) =>
      runWhileLeader({
        databaseUrl: undefined,
        pollMs: everyMs,
        lockKey,
        name,
        logger,
        runOnce: async () => void (await rounds[name]()),
        monitor,
      }),
    );
    return async () => void (await Promise.all(stops.map((stop) => stop())));
  }
  const boss = new PgBoss({
    connectionString: postgres.databaseUrl,
    schema: postgres.queueSchema,
    migrate: false,
    max: 2,
    application_name: 'meridian-jobs',
  });
  boss.on('error', (error) => logger.error('jobs.queue_error', describeError(error)));
  await boss.start();
  const states = jobs.map(([name, { queue }]) => ({
    name,
    queue,
    health: monitor?.register(name, stallAfter(MINUTE_MS)),
    inHand: false,
    failed: false,
  }));
  for (const state of states) {
    await boss.work(state.queue, async () => {
      state.inHand = true;
      try {
        await rounds[state.name]();
        state.failed = false;
        state.health?.healthy();
      } catch (error) {
        state.failed = true;
        logger.error(`${state.name}.round_failed`, describeError(error));
        throw error;
      } finally {
        state.inHand = false;
      }
    });
    await boss.schedule(state.queue, EVERY_MINUTE);
  }
  const check = setInterval(() => {
    for (const state of states) {
      if (state.inHand || state.failed) continue;
      boss.getQueueSize(state.queue).then(
        () => state.health?.healthy(),
        () => {}, // pg-boss reports its own errors ('error' above); the job stalls if this lasts
      );
    }
  }, checkEveryMs);
  return async () => {
    clearInterval(check);
    await boss.stop({ graceful: true, timeout: 10_000 });
  };
}
