import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../api/endpoints';
import { unwrap } from './actors/unwrap';

/**
 * GET /notifications: the latest notifications and the unread count (the bell and the list share it). The
 * bell's machine (machines/notificationsBell/notificationsBell.machine.ts) reads it again while the page is open.
 */
export function notificationsQuery(api: Api) {
  return queryOptions({
    queryKey: ['notifications'],
    queryFn: async ({ signal }) => {
      return unwrap(api.getNotifications({ signal }));
    },
  });
}
