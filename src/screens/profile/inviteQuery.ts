import { queryOptions } from '@tanstack/react-query';
import type { profileApi } from '../../api/profile';

type ProfileApi = ReturnType<typeof profileApi>;

/** GET /invite: the customer's own code (the server makes it on the first call). */
export function inviteQuery(api: ProfileApi) {
  return queryOptions({
    queryKey: ['invite'],
    queryFn: async ({ signal }) => {
      const result = await api.getInvite({ signal });
      if (!result.ok) throw result.error;
      return result.data;
    },
  });
}

/** GET /invite/dashboard: who joined with the code, and the totals. */
export function inviteDashboardQuery(api: ProfileApi) {
  return queryOptions({
    queryKey: ['invite', 'dashboard'],
    queryFn: async ({ signal }) => {
      const result = await api.getInviteDashboard({ signal });
      if (!result.ok) throw result.error;
      return result.data;
    },
  });
}
