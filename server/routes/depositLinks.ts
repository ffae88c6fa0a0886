import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { DepositLinkService } from '../services/depositLinks';

/** Deposit requests paid from a browser wallet (contract/endpoints/depositLinks.ts). */
export function depositLinkRoutes(app: Hono<AppEnv>, deps: RouteDeps, links: DepositLinkService): void {
  mount(app, deps, endpoints.createDepositLink, ({ principal, body }) => links.create(principal.userId, body));
  mount(app, deps, endpoints.getDepositLink, ({ c }) => links.get(c.req.param('hash')!));
  mount(app, deps, endpoints.reportDepositLinkPayment, ({ c, body }) => links.reportPayment(c.req.param('hash')!, body));
}
