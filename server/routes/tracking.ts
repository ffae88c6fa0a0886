import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';
import { RATE_LIMITS } from '../services/rate-limit';

export function trackingRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  // Anyone may report tags, so a per-address limit keeps the table from being filled by a script.
  mount(app, deps, endpoints.trackUtm, async ({ body, principal, ip }) => {
    await services.rateLimiter.enforce([[RATE_LIMITS.utmPerIp, ip]]);
    await services.tracking.recordUtm(principal?.userId ?? null, body);
    return { ok: true as const };
  });
}
