import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../../api/endpoints';

/** GET /invite: the customer's own code (the server makes it on the first call). */
export function inviteQuery(api: Api) {
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
export function inviteDashboardQuery(api: Api) {
  return queryOptions({
    queryKey: ['invite', 'dashboard'],
    queryFn: async ({ signal }) => {
      const result = await api.getInviteDashboard({ signal });
      if (!result.ok) throw result.error;
      return result.data;
    },
  });
}
