import { fromPromise } from 'xstate';
import type { markNotificationsReadMachine } from '../../../machines/markNotificationsRead/markNotificationsRead.machine';
import { profileApi } from '../../api/profile';
import { notificationsQuery } from '../notificationsQuery';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** Marks the notifications read up to the newest shown; only the bell's count changes. */
export function markNotificationsReadActors({ api, client, queryClient }: FlowHost) {
  const { queryKey } = notificationsQuery(api);
  return {
    actors: {
      submit: fromPromise(async ({ input }) => {
        // A read of the list still under way (the page's own, on opening) reflects the list before this mark:
        // landing after it, it would put the old unread count back, and nothing would mark it read again.
        await queryClient.cancelQueries({ queryKey });
        const answer = await unwrap(profileApi(client).markNotificationsRead(input.input));
        // Only the count: the rows keep their New mark while the page shows them.
        queryClient.setQueryData(queryKey, (before) => before && { ...before, unreadCount: answer.unreadCount });
        return answer;
      }),
    },
  } satisfies Parameters<typeof markNotificationsReadMachine.provide>[0];
}
