import { matchRoutes } from 'react-router';
import type { NavigationTarget } from '../../machines/routeGuard.machine';
import { splitLocalePath } from '../../contract';
import { routes, type RouteDef } from './table';

const englishRoutes = routes.map((def) => ({ path: def.path, def }));

/** Which table route an English-form path opens, with its parameters. */
export function matchRoute(basePath: string): { def: RouteDef; params: Record<string, string | undefined> } | null {
  const match = matchRoutes(englishRoutes, basePath)?.at(-1);
  return match ? { def: match.route.def, params: match.params } : null;
}

/** What the route guard needs to know about a URL the visitor opens. */
export function navigationTarget(url: URL, hasAuthToken: boolean): NavigationTarget {
  const { locale, basePath } = splitLocalePath(url.pathname);
  const match = matchRoute(basePath);
  return {
    path: url.pathname,
    search: url.search,
    locale,
    basePath,
    access: match?.def.access ?? null,
    paramsValid: match?.def.validate ? match.def.validate(match.params) : true,
    hasAuthToken,
    middleware: match?.def.middleware ?? [],
  };
}
