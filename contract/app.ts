import { z } from 'zod';
import { localeSchema } from './locales';

/** `builds/latest.json`, written by the build next to the app. */
export const latestBuildSchema = z.object({ id: z.string().min(1) });
export type LatestBuild = z.infer<typeof latestBuildSchema>;

/**
 * `route-rules.json`, served with the app so operators can add redirects without a build.
 * `path` is matched against the English form of a path (locale prefix removed).
 */
export const routeRuleSchema = z.object({
  path: z.string().startsWith('/'),
  redirect: z.string().min(1),
  /** A full page load to another site; otherwise `redirect` is an app path, localized. */
  external: z.boolean().default(false),
});
export const routeRulesSchema = z.object({ rules: z.array(routeRuleSchema) });
export type RouteRule = z.infer<typeof routeRuleSchema>;

export const UTM_TAGS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const utmTrackingBodySchema = z.strictObject(
  Object.fromEntries(UTM_TAGS.map((tag) => [tag, z.string().max(500).nullable()])) as Record<
    (typeof UTM_TAGS)[number],
    z.ZodNullable<z.ZodString>
  >,
);
export type UtmTrackingBody = z.infer<typeof utmTrackingBodySchema>;

export const userSettingsSchema = z.object({ language: localeSchema });
export type UserSettings = z.infer<typeof userSettingsSchema>;
/** Saving sends only what changed; fields not listed here are refused. */
export const saveUserSettingsBodySchema = userSettingsSchema.partial().strict();
export type SaveUserSettingsBody = z.infer<typeof saveUserSettingsBodySchema>;
