import { endpoint } from './define';
import { okSchema } from '../common';
import { markNotificationsReadBodySchema, notificationListSchema, pushConfigSchema, pushSubscriptionBodySchema } from '../notifications';

/** Push delivery and the in-app notifications list. */
export const notificationsEndpoints = {
  getPushConfig: endpoint('GET', '/push/config', undefined, pushConfigSchema, {
    summary:
      'How this server delivers push: `webpush` (standard Web Push; the VAPID public key), `sdk` (a third-party push SDK’s script and app id) or `off`. Runtime configuration, not part of the build.',
    auth: 'none',
  }),
  subscribePush: endpoint('POST', '/push/subscriptions', pushSubscriptionBodySchema, okSchema, {
    summary:
      'Store this device’s Web Push subscription for the signed-in session (repeatable). Removed when the session signs out, and when the push service answers 404 or 410. An endpoint already held by another customer is refused.',
    auth: 'bearer',
    errors: ['push_endpoint_refused', 'push_unavailable'],
  }),
  getNotifications: endpoint('GET', '/notifications', undefined, notificationListSchema, {
    summary: 'The customer’s latest 50 notifications, newest first, and how many are unread in all.',
    auth: 'bearer',
  }),
  markNotificationsRead: endpoint('POST', '/notifications/read', markNotificationsReadBodySchema, notificationListSchema, {
    summary: 'Mark every notification up to `upToId` read (the newest one the customer saw); answers the list again.',
    auth: 'bearer',
  }),
};
