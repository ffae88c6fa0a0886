import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../api/endpoints';
import { unwrap } from './actors/unwrap';

/** The bell asks again this often while a page is open; a push or a visit to the list updates it at once. */
const NOTIFICATIONS_REFRESH_MS = 60_000;

/** GET /notifications: the latest notifications and the unread count (the bell and the list share it). */
export function notificationsQuery(api: Api) {
  return queryOptions({
    queryKey: ['notifications'],
    queryFn: async ({ signal }) => {
      return unwrap(api.getNotifications({ signal }));
    },
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });
}
