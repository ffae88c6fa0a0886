import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../api/endpoints';
import { unwrap } from './actors/unwrap';

/**
 * The signed-in customer (`GET /users/me`), one cache entry for every screen. The app loads it as soon as
 * both tokens exist (src/app/system.ts) and drops it at sign-out, so screens find it ready.
 */
export function meQuery(api: Api) {
  return queryOptions({
    queryKey: ['me'],
    queryFn: async ({ signal }) => {
      return unwrap(api.getMe({ retry: false, signal }));
    },
  });
}
