import { z } from 'zod';
import { SECURITY_EVENT_KINDS } from './security';
import { timestampSchema } from './common';

/**
 * How this server delivers push (runtime configuration, not the build): standard Web Push with its VAPID
 * public key, a third-party push SDK (its script and app id), or none.
 */
export const pushConfigSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('webpush'), vapidPublicKey: z.string() }),
  z.object({ mode: z.literal('sdk'), appId: z.string(), scriptUrl: z.url() }),
  z.object({ mode: z.literal('off') }),
]);
export type PushConfig = z.infer<typeof pushConfigSchema>;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Expected base64url');

/** What `PushSubscription.toJSON()` gives: the push service's endpoint and the keys to encrypt for it. */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(1024),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(128), auth: base64url(64) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const NOTIFICATION_KINDS = [
  'deposit_credited',
  'transfer_completed',
  'pay_link_paid',
  'withdrawal_confirmed',
  'withdrawal_failed',
  'kyc_approved',
  'kyc_rejected',
  'kyc_resubmission_requested',
  'security_event',
  'withdrawal_address_added',
  'withdrawal_requested',
  'money_received',
  'money_requested',
  'price_alert',
  'recurring_buy_skipped',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One entry of the in-app list; the app writes its words from `kind` and `params` in the page's language. */
export const notificationSchema = z.object({
  id: z.string().regex(/^\d+$/),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.object({
    /** Money: the amount moved (a positive decimal string) and its asset. */
    amount: z.string().optional(),
    currency: z.string().optional(),
    /** price_alert: the crypto asset whose price (`amount` in `currency`, US dollars) crossed the alert's threshold. */
    asset: z.string().optional(),
    /** security_event: what happened. */
    event: z.enum(SECURITY_EVENT_KINDS).optional(),
  }),
  createdAt: timestampSchema,
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** The most recent notifications shown, newest first. */
export const NOTIFICATIONS_SHOWN = 50;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Seen: every notification up to this id (the newest shown) is marked read. */
export const markNotificationsReadBodySchema = z.strictObject({ upToId: z.string().max(18).regex(/^\d+$/) });
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;

/** What the service worker receives, encrypted, for a push: already in the customer's saved language. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The app path to open on click (localized). */
  url: z.string(),
  /** The notification's id, so the device shows one notification per event. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
