import type { NotificationList } from '../../contract/notifications';
import { createFollowMachine } from '../follow/follow.machine';

/** The bell asks again this often while a signed-in page is open; a push or a visit to the list updates it at once. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsBellMachine = createFollowMachine<void, NotificationList>({
  id: 'notificationsBell',
  description:
    'The unread count on the bell of the signed-in layout, read again every minute (GET /notifications) while the page is open and a session cookie is there, so a notification that arrived without a push shows without a reload.',
  pollMs: NOTIFICATIONS_POLL_MS,
});
