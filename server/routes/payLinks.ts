import type { Context, Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, mountEventStream, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';
import { RATE_LIMITS } from '../services/rate-limit';

/** A comment line this often keeps proxies from closing a quiet stream, and re-checks the session. */
export const PAY_LINK_KEEPALIVE_MS = 25_000;

/** Payment requests by link (server/services/payLinks.ts) and the stream its requester's page watches. */
export function payLinkRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services, keepaliveMs = PAY_LINK_KEEPALIVE_MS): void {
  const { payLinks, payLinkEvents } = services;
  const hash = (c: Context<AppEnv>) => c.req.param('hash') ?? '';

  mount(app, deps, endpoints.createPayLink, ({ principal, body }) => payLinks.create(principal, body));
  mount(app, deps, endpoints.listPayLinks, ({ principal }) => payLinks.list(principal.userId));
  mount(app, deps, endpoints.getPayLink, ({ principal, c }) => payLinks.view(principal.userId, hash(c)));
  // Before signing in (no session): a per-address limit keeps hashes from being guessed here.
  mount(app, deps, endpoints.getPayLinkPreview, async ({ c, ip }) => {
    await services.rateLimiter.enforce([[RATE_LIMITS.payLinkPreviewPerIp, ip]]);
    return payLinks.preview(hash(c));
  });
  mount(app, deps, endpoints.cancelPayLink, ({ principal, c }) => payLinks.cancel(principal.userId, hash(c)));
  mount(app, deps, endpoints.quotePayLink, ({ principal, c, body }) => payLinks.quote(principal, hash(c), body.fromAccountId));
  mount(app, deps, endpoints.payPayLink, ({ principal, c, db, body }) =>
    payLinks.pay(db, principal, hash(c), body, c.req.header('idempotency-key')),
  );

  // The status now, then again on every NOTIFY of this link. Each keepalive tick checks the session as a
  // background request would: a stream never keeps a session awake, and it ends when the session does.
  mountEventStream(app, deps, endpoints.payLinkEvents, async ({ c }) => {
    const link = hash(c);
    // An unknown link is answered 404 before the stream starts.
    await payLinks.status(link);
    return async (stream) => {
      // Events go out one at a time, each with the status read when it is sent.
      let queue = Promise.resolve();
      const push = () => {
        queue = queue.then(async () => void (await stream.event('status', { status: await payLinks.status(link) }))).catch(() => {});
      };
      const unsubscribe = await payLinkEvents.subscribe(link, push);
      let timer: NodeJS.Timeout | undefined;
      // The first event is read after subscribing, so no change falls between the two.
      push();
      try {
        await Promise.race([
          stream.closed,
          new Promise<void>((sessionEnded) => {
            timer = setInterval(() => {
              void stream.comment('keepalive');
              void deps.tokens.authenticate(c.req.header('authorization'), 'background').then((caller) => caller.ok || sessionEnded());
            }, keepaliveMs);
          }),
        ]);
      } finally {
        clearInterval(timer);
        unsubscribe();
      }
    };
  });
}
