import { queryOptions } from '@tanstack/react-query';
import type { profileApi } from '../../api/profile';
import { unwrap } from '../../app/actors/unwrap';

type ProfileApi = ReturnType<typeof profileApi>;

/** GET /invite: the customer's own code (the server makes it on the first call). */
export function inviteQuery(api: ProfileApi) {
  return queryOptions({
    queryKey: ['invite'],
    queryFn: async ({ signal }) => {
      return unwrap(api.getInvite({ signal }));
    },
  });
}

/** GET /invite/dashboard: who joined with the code, and the totals. */
export function inviteDashboardQuery(api: ProfileApi) {
  return queryOptions({
    queryKey: ['invite', 'dashboard'],
    queryFn: async ({ signal }) => {
      return unwrap(api.getInviteDashboard({ signal }));
    },
  });
}
