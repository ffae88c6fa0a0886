import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

/** Demo-mode tools: `demoOnly` in the contract, so mounted only in demo mode and answered only on this machine. */
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
