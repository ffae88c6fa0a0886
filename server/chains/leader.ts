import pg from 'pg';
import type { Chain } from '../../contract/chains';
import { databaseFault } from '../db/faults';
import { backoffMs, stallAfter, type JobMonitor } from '../jobs';
import { describeError, type Logger } from '../logger';

export interface LeaderLoopOptions {
  /** PostgreSQL; none (PGlite, one process): this instance always leads. */
  databaseUrl: string | undefined;
  pollMs: number;
  /** Any 64-bit number of our own, one per job. */
  lockKey: bigint;
  /** The job's name in the log (`<name>.leading`, `<name>.lock_lost`, `<name>.lock_failed`, `<name>.round_failed`) and in readiness. */
  name: string;
  logger: Logger;
  runOnce: () => Promise<void>;
  /** Readiness: the loop reports each healthy round here. */
  monitor?: JobMonitor;
}

/** What a job's `start` takes: where the lock lives, how often it runs, who watches it. */
export type LeaderStart = Pick<LeaderLoopOptions, 'databaseUrl' | 'pollMs' | 'monitor'>;

/**
 * Runs `runOnce` every `pollMs` while this instance holds the job's advisory lock (PostgreSQL, on a
 * connection of its own outside the pool: the lock lives as long as that session, so when the
 * instance dies another one takes over at its next try). Answers what stops it.
 *
 * A round that rejects never ends the loop: it is logged and the next one waits twice as long each
 * time (up to `MAX_BACKOFF_MS`). When the database failed, the lock is given up too (its session is
 * closed), so an instance that still reaches the database can lead meanwhile; any other failure (a
 * chain's node) keeps the lock, since another instance would meet the same node.
 */
export function runWhileLeader({ databaseUrl, pollMs, lockKey, name, logger, runOnce, monitor }: LeaderLoopOptions): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lock: pg.Client | undefined;
  let held = !databaseUrl;
  let failures = 0;
  const health = monitor?.register(name, stallAfter(pollMs));

  async function holdLock(): Promise<boolean> {
    if (!databaseUrl || held) return held;
    try {
      if (!lock) {
        const client = new pg.Client({ connectionString: databaseUrl });
        client.on('error', (error) => {
          // The session and its lock are gone (a restart, a terminated session); the next tick connects
          // again, and whichever instance asks first leads: leadership may split across instances.
          if (held) logger.warn(`${name}.lock_lost`, describeError(error));
          held = false;
          lock = undefined;
        });
        await client.connect();
        lock = client;
      }
      const { rows } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [lockKey.toString()]);
      held = rows[0]!.ok;
      if (held) logger.info(`${name}.leading`, {});
      return true;
    } catch (error) {
      logger.warn(`${name}.lock_failed`, describeError(error));
      await releaseLock();
      return false;
    }
  }

  /** Ends the lock's session, which frees the lock for the other instances. */
  async function releaseLock(): Promise<void> {
    const client = lock;
    lock = undefined;
    held = !databaseUrl;
    await client?.end().catch(() => {});
  }

  /** One round when leading; answers whether it went well (not leading counts as well). */
  async function round(): Promise<boolean> {
    if (!(await holdLock())) return false;
    if (!held) return true;
    try {
      await runOnce();
      return true;
    } catch (error) {
      const fault = databaseFault(error);
      logger.error(`${name}.round_failed`, { failures: failures + 1, ...(fault ? { fault } : {}), ...describeError(error) });
      if (fault && databaseUrl) {
        await releaseLock();
        logger.warn(`${name}.lock_released`, {});
      }
      return false;
    }
  }

  const tick = async () => {
    const healthy = await round();
    if (healthy) health?.healthy();
    failures = healthy ? 0 : failures + 1;
    if (!stopped) timer = setTimeout(() => void tick(), failures === 0 ? pollMs : backoffMs(pollMs, failures));
  };
  void tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await lock?.end().catch(() => {});
  };
}

/**
 * One round of a job over several chains, side by side: a chain that fails (its node) is logged as
 * `event` and tried again next round while the others go on; a database fault is thrown once every chain
 * has settled, so the loop backs off and gives up its lock.
 */
export async function roundPerChain<C extends Pick<Chain, 'network'>>(
  chains: readonly C[],
  event: string,
  logger: Logger,
  run: (chain: C) => Promise<void>,
): Promise<void> {
  const faults: unknown[] = [];
  await Promise.all(
    chains.map((chain) =>
      run(chain).catch((error: unknown) => {
        if (databaseFault(error)) faults.push(error);
        else logger.error(event, { network: chain.network, ...describeError(error) });
      }),
    ),
  );
  if (faults.length > 0) throw faults[0];
}
