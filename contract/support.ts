import { z } from 'zod';

/**
 * The third-party web-chat widget, as the server's configuration names it (CHAT_WIDGET_URL,
 * CHAT_SITE_ID): never baked into the build. Null when no widget is configured.
 */
export const chatWidgetSchema = z.object({
  chat: z.object({ scriptUrl: z.url({ protocol: /^https?$/ }), siteId: z.string().min(1).max(200) }).nullable(),
});
export type ChatWidgetConfig = z.infer<typeof chatWidgetSchema>;
