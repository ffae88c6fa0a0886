import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { ApiError } from '../errors';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import { describeError, type Logger } from '../logger';

/** How long readiness waits for the database before calling this instance not ready. */
export const READY_TIMEOUT_MS = 2_000;

export function healthRoutes(app: Hono<AppEnv>, deps: RouteDeps, logger: Logger): void {
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
    return { status: 'ready' as const };
  });
}
