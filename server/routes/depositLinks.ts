import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { DepositLinkService } from '../services/depositLinks';
import { RATE_LIMITS, type RateLimiter } from '../services/rate-limit';

/** Deposit requests paid from a browser wallet (contract/endpoints/depositLinks.ts). */
export function depositLinkRoutes(app: Hono<AppEnv>, deps: RouteDeps, links: DepositLinkService, rateLimiter: RateLimiter): void {
  mount(app, deps, endpoints.createDepositLink, ({ principal, body }) => links.create(principal.userId, body));
  mount(app, deps, endpoints.getDepositLink, ({ c }) => links.get(c.req.param('hash')!));
  // Anyone with a link reports to it (no session): a per-address limit bounds the work and the guessing.
  mount(app, deps, endpoints.reportDepositLinkPayment, async ({ c, body, ip }) => {
    await rateLimiter.enforce([[RATE_LIMITS.depositLinkPaymentPerIp, ip]]);
    return links.reportPayment(c.req.param('hash')!, body);
  });
}
