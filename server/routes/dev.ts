import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/** Development and test helpers: `devOnly` in the contract, so never mounted when NODE_ENV=production. */
export function devRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  mount(app, deps, endpoints.devOutbox, async ({ query }) => {
    const rows = await services.outbox.listFor(query.to);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.recipient,
        channel: row.channel,
        template: row.template,
        subject: row.subject,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
}
