import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';
import { ApiError } from '../errors';

/** Refusals of a quote that was the customer's own: a fresh one for the same ask comes with them. */
const REPLACEABLE = new Set(['quote_expired', 'quote_used']);

/** Quotes and transfers (contract/endpoints/transfers.ts); `mount` enforces the Idempotency-Key of the transfer. */
export function transferRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { transfers } = services;

  mount(app, deps, endpoints.createQuote, ({ principal, body }) => transfers.quote(principal.userId, body));

  mount(
    app,
    deps,
    endpoints.createTransfer,
    ({ c, principal, body, db }) => transfers.transfer(db, principal.userId, body.quoteId, c.req.header('idempotency-key')!),
    {
      // A quote that ran out or was used is refused with a fresh one, so the customer sees the new
      // figures and confirms again. It is made here, after the refusal's transaction rolled back.
      around: async ({ principal, body }, answer) => {
        try {
          return await answer();
        } catch (error) {
          if (!(error instanceof ApiError) || !REPLACEABLE.has(error.code)) throw error;
          const quote = await transfers.requote(principal.userId, body.quoteId);
          throw quote ? new ApiError(error.code, error.message, { quote }) : error;
        }
      },
    },
  );

  mount(app, deps, endpoints.simulateQuoteExpiry, ({ c, principal }) => transfers.expire(principal.userId, c.req.param('quoteId') ?? ''));
}
