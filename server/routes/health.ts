import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { ApiError } from '../errors';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { JobMonitor } from '../jobs';
import { describeError, type Logger } from '../logger';

/** How long readiness waits for the database before calling this instance not ready. */
export const READY_TIMEOUT_MS = 2_000;

/** Readiness: the database answers and no background job of this instance (`jobs`) has stalled. */
export function healthRoutes(app: Hono<AppEnv>, deps: RouteDeps, logger: Logger, jobs?: JobMonitor): void {
  mount(app, deps, endpoints.health, async () => ({ status: 'ok' as const }));

  mount(app, deps, endpoints.ready, async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([deps.db.execute(sql`SELECT 1`), timeout]);
    } catch (error) {
      logger.warn('ready.database_unavailable', { error: describeError(error).error });
      throw new ApiError('not_ready');
    } finally {
      clearTimeout(timer);
    }
    const stalled = jobs?.stalled() ?? [];
    if (stalled.length > 0) {
      logger.warn('ready.jobs_stalled', { jobs: stalled });
      throw new ApiError('not_ready', `Background jobs stalled: ${stalled.join(', ')}.`);
    }
    return { status: 'ready' as const };
  });
}
