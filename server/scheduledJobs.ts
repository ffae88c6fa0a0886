import PgBoss from 'pg-boss';
import { runWhileLeader } from './chains/leader';
import type { JobMonitor } from './jobs';
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

export interface ScheduledJobsOptions {
  /** PostgreSQL and pg-boss's schema there (server/db/jobQueue.ts): pg-boss drives the jobs; none (PGlite, one process): this process's timers do. */
  postgres: { databaseUrl: string; queueSchema: string } | undefined;
  logger: Logger;
  monitor?: JobMonitor;
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
 *   to pg-boss's expiry and retry, and the rows of the round make a retry do nothing twice.
 */
export async function startScheduledJobs({ postgres, logger, monitor, rounds }: ScheduledJobsOptions): Promise<() => Promise<void>> {
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
  for (const [name, { queue }] of jobs) {
    await boss.work(queue, async () => {
      try {
        await rounds[name]();
      } catch (error) {
        logger.error(`${name}.round_failed`, describeError(error));
        throw error;
      }
    });
    await boss.schedule(queue, EVERY_MINUTE);
  }
  return () => boss.stop({ graceful: true, timeout: 10_000 });
}
