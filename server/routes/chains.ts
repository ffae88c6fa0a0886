import type { Hono } from 'hono';
import type { Chain } from '../../contract/chains';
import { endpoints } from '../../contract/endpoints';
import { mount, type AppEnv, type RouteDeps } from '../http/route';

export function chainRoutes(app: Hono<AppEnv>, deps: RouteDeps, chains: readonly Chain[], walletSdk: boolean): void {
  mount(app, deps, endpoints.listChains, async () => ({ chains: [...chains], walletSdk }));
}
