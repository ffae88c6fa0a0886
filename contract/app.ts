import { z } from 'zod';
import { localeSchema } from './common';
import { UTM_TAGS } from './campaign';

export * from './browser';
export * from './campaign';

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
