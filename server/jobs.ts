import type { Clock } from './clock';

/**
 * The background jobs of this instance, as readiness sees them: a job that has not finished a healthy
 * round (it ran, or found another instance leading) for longer than its stall time is stalled, and
 * `/api/ready` answers 503 naming it, so an operator or orchestrator notices a loop that hangs or
 * keeps failing even while the database answers.
 */
export interface JobMonitor {
  /** Registers a job; its loop calls `healthy()` after each round that did not fail. */
  register(name: string, stallAfterMs: number): { healthy(): void };
  /** The names of the stalled jobs, in registration order. */
  stalled(): string[];
}

export function createJobMonitor(clock: Clock): JobMonitor {
  const jobs = new Map<string, { stallAfterMs: number; lastHealthy: number }>();
  return {
    register(name, stallAfterMs) {
      const job = { stallAfterMs, lastHealthy: clock().getTime() };
      jobs.set(name, job);
      return {
        healthy: () => {
          job.lastHealthy = clock().getTime();
        },
      };
    },
    stalled() {
      const now = clock().getTime();
      return [...jobs].filter(([, job]) => now - job.lastHealthy > job.stallAfterMs).map(([name]) => name);
    },
  };
}

/** A job is stalled after this many of its polls without a healthy round, and never sooner than a minute. */
export function stallAfter(pollMs: number): number {
  return Math.max(60_000, 10 * pollMs);
}

/** The longest pause after failed tries: a fault that lasts is retried once a minute. */
export const MAX_BACKOFF_MS = 60_000;

/** The pause before the next try after `failures` failed ones in a row: twice `baseMs` each time, at most `MAX_BACKOFF_MS`. */
export function backoffMs(baseMs: number, failures: number): number {
  return Math.min(baseMs * 2 ** failures, MAX_BACKOFF_MS);
}
