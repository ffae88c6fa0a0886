import type { RouteRule } from '../../contract/browser';

let rules: Promise<RouteRule[]> | null = null;

/**
 * Operators' redirects from `route-rules.json` (served no-cache next to the app, so they change without
 * a build). Read once per page load; a missing or broken file means no rules. The schema (zod/mini)
 * loads while the file does, so the first load's bundle carries no zod.
 */
export function lookupRouteRule(basePath: string): Promise<RouteRule | null> {
  // Default options: the page's `<link rel="preload" as="fetch" crossorigin>` (server/preload.ts) matches
  // this request and answers it; the server's `Cache-Control: no-cache` keeps the file fresh.
  rules ??= Promise.all([fetch(`${import.meta.env.BASE_URL}route-rules.json`), import('../../contract/browser')])
    .then(async ([response, { routeRulesSchema }]) => (response.ok ? routeRulesSchema.parse(await response.json()).rules : []))
    .catch((error: unknown) => {
      console.warn('route-rules.json could not be read; continuing without rules', error);
      return [];
    });
  return rules.then((list) => list.find((rule) => rule.path === basePath) ?? null);
}
