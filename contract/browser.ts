// The two files the app reads besides API answers, checked in the browser with zod/mini (the full zod
// stays out of its bundle; the app loads this file when it first reads one of them).
import { z } from 'zod/mini';

/** `builds/latest.json`, written by the build next to the app. */
export const latestBuildSchema = z.object({ id: z.string().check(z.minLength(1)) });
export type LatestBuild = z.infer<typeof latestBuildSchema>;

/**
 * `route-rules.json`, served with the app so operators can add redirects without a build.
 * `path` is matched against the English form of a path (locale prefix removed).
 */
export const routeRuleSchema = z.object({
  path: z.string().check(z.startsWith('/')),
  /** Where the path goes instead; absent when the rule only adds middleware. */
  redirect: z.optional(z.string().check(z.minLength(1))),
  /** A full page load to another site; otherwise `redirect` is an app path, localized. */
  external: z._default(z.boolean(), false),
  /**
   * App middleware the page needs besides the route table's (machines/routeGuard/routeGuard.machine.ts): each name a
   * condition the customer must meet, or is sent where it can be met. Any name is read here; the route
   * guard shows the error page for a name it does not know.
   */
  middleware: z._default(z.array(z.string().check(z.minLength(1))), []),
});
export const routeRulesSchema = z.object({ rules: z.array(routeRuleSchema) });
export type RouteRule = z.infer<typeof routeRuleSchema>;
