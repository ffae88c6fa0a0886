import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';
import type { Services } from '../services';

export function notificationRoutes(app: Hono<AppEnv>, deps: RouteDeps, services: Services): void {
  const { push } = services;

  mount(app, deps, endpoints.getPushConfig, async () => push.config());

  mount(app, deps, endpoints.subscribePush, ({ principal, body }) => push.subscribe(principal, body));

  mount(app, deps, endpoints.getNotifications, ({ principal }) => push.list(principal.userId));

  mount(app, deps, endpoints.markNotificationsRead, ({ principal, body }) => push.markRead(principal.userId, body.upToId));
}
