import { matchRoutes } from 'react-router';
import { safeRedirectPath, type NavigationTarget } from '../../machines/routeGuard/routeGuard.machine';
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

/**
 * A `next` page from the URL, followed only when it is a path of this origin (`safeRedirectPath`) that
 * opens a page of the route table with valid parameters: the link can never leave the app or 404.
 * The route id names the page (`screens.<id>.title`).
 */
export function knownAppPath(raw: string | null | undefined): { path: string; routeId: string } | null {
  const safe = safeRedirectPath(raw);
  if (!safe) return null;
  const match = matchRoute(splitLocalePath(safe.split(/[?#]/)[0]!).basePath);
  if (!match || (match.def.validate && !match.def.validate(match.params))) return null;
  return { path: safe, routeId: match.def.id };
}
