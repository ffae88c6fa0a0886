import type { Hono } from 'hono';
import { endpoints } from '../../contract/endpoints';
import type { ChatWidget } from '../config';
import { mount, type AppEnv, type RouteDeps } from '../http/route';

/** The chat widget the server is configured with: public (the help page's script fetches it anyway). */
export function supportRoutes(app: Hono<AppEnv>, deps: RouteDeps, chatWidget: ChatWidget | undefined): void {
  mount(app, deps, endpoints.getChatWidget, async () => ({ chat: chatWidget ?? null }));
}
