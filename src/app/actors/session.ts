import { fromPromise } from 'xstate';
import type { Api } from '../../api/endpoints';
import type { SessionCookies } from '../../../machines/session/session.machine';
import { readSessionCookies } from '../../platform/cookies';
import { asError } from '../../../machines/parts/failure';
import { unwrap } from './unwrap';

/** The session machine's calls: renewing the tokens and logging out. */
export function sessionActors(api: Pick<Api, 'refresh' | 'logout'>) {
  return {
    refreshSession: fromPromise<SessionCookies, void>(async () => {
      const result = await api.refresh();
      if (!result.ok) {
        // 409: another tab renewed the same session a moment ago; its new cookies are ours too.
        // No answer (status 0: offline, or the browser aborted the call because the page is being left)
        // is no verdict on the session: the cookies stay and decide. Taking it for "session over" cleared
        // both cookies, so the next page opened signed out (the lost session after a renewal).
        if (result.error.code !== 'refresh_conflict' && result.error.status !== 0) throw asError(result.error);
      }
      return readSessionCookies();
    }),
    logOut: fromPromise<void, void>(async () => {
      // Not awaited: a slow or unreachable push service must not hold up signing out, nor its failure stop it.
      // Loaded here, not with the shell: it would weigh on every first load for a moment of signing out.
      import('../../platform/push')
        .then(({ unsubscribeWebPush }) => unsubscribeWebPush())
        .catch((error: unknown) => console.error('[meridian] Ending the push subscription failed', error));
      await unwrap(api.logout());
    }),
  };
}
