import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/** Quotes and transfers (contract/endpoints/transfers.ts); `mount` enforces the Idempotency-Key of the transfer. */
export function transferRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { transfers } = services;

  mount(app, deps, endpoints.createQuote, ({ principal, body }) => transfers.quote(principal.userId, body));

  mount(app, deps, endpoints.createTransfer, ({ c, principal, body, db }) =>
    transfers.transfer(db, principal.userId, body.quoteId, c.req.header('idempotency-key')!),
  );
}
