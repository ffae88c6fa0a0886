import { fromPromise } from 'xstate';
import type { endSessionsMachine, signOutEverywhereMachine } from '../../../machines/endSessions/endSessions.machine';
import { securityApi } from '../../api/security';
import { SECURITY_ACTIVITY } from '../../screens/profile/security/SecurityActivitySection';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

export const SESSIONS = ['sessions'] as const;

/** Signs out one other session or all the others; the sessions and the security activity are read again either way. */
export function endSessionsActors({ client, queryClient }: FlowHost) {
  return {
    actors: {
      submit: fromPromise(async ({ input: { input } }) => {
        const api = securityApi(client);
        try {
          return 'sessionId' in input ? await unwrap(api.revokeSession(input)) : await unwrap(api.revokeOtherSessions());
        } finally {
          // A refusal may mean the list was stale (the session had ended already).
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: SESSIONS }),
            queryClient.invalidateQueries({ queryKey: SECURITY_ACTIVITY }),
          ]);
        }
      }),
    },
  } satisfies Parameters<typeof endSessionsMachine.provide>[0];
}

/** Signs out every session, this one included (the screen then ends it here). */
export function signOutEverywhereActors({ client }: FlowHost) {
  return {
    actors: { submit: fromPromise(async () => unwrap(securityApi(client).revokeAllSessions())) },
  } satisfies Parameters<typeof signOutEverywhereMachine.provide>[0];
}
