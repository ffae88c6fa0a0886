import pg from 'pg';
import { describeError, type Logger } from '../logger';

export interface LeaderLoopOptions {
  /** PostgreSQL; none (PGlite, one process): this instance always leads. */
  databaseUrl: string | undefined;
  pollMs: number;
  /** Any 64-bit number of our own, one per job. */
  lockKey: bigint;
  /** The job's name in the log (`<name>.leading`, `<name>.lock_failed`). */
  name: string;
  logger: Logger;
  runOnce: () => Promise<void>;
}

/**
 * Runs `runOnce` every `pollMs` while this instance holds the job's advisory lock (PostgreSQL, on a
 * connection of its own outside the pool: the lock lives as long as that session, so when the
 * instance dies another one takes over at its next try). Answers what stops it.
 */
export function runWhileLeader({ databaseUrl, pollMs, lockKey, name, logger, runOnce }: LeaderLoopOptions): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lock: pg.Client | undefined;
  let held = !databaseUrl;

  async function holdLock(): Promise<boolean> {
    if (!databaseUrl || held) return held;
    try {
      if (!lock) {
        const client = new pg.Client({ connectionString: databaseUrl });
        client.on('error', () => {
          // The session and its lock are gone; the next tick connects again.
          held = false;
          lock = undefined;
        });
        await client.connect();
        lock = client;
      }
      const { rows } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [lockKey.toString()]);
      held = rows[0]!.ok;
      if (held) logger.info(`${name}.leading`, {});
    } catch (error) {
      logger.warn(`${name}.lock_failed`, describeError(error));
      await lock?.end().catch(() => {});
      lock = undefined;
    }
    return held;
  }

  const tick = async () => {
    if (await holdLock()) await runOnce();
    if (!stopped) timer = setTimeout(() => void tick(), pollMs);
  };
  void tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await lock?.end().catch(() => {});
  };
}
