import { fromPromise } from 'xstate';
import { securityApi } from '../../api/security';
import type { changePasswordMachine } from '../../../machines/changePassword/changePassword.machine';
import { stepUpMachine } from '../../../machines/stepUp/stepUp.machine';
import { SECURITY_ACTIVITY } from '../../screens/profile/security/SecurityActivitySection';
import { SESSIONS } from './endSessions';
import type { FlowHost } from './host';
import { stepUpActors } from './stepUp';
import { unwrap } from './unwrap';

/** Changing the password on the security page, after the step-up. */
export function changePasswordActors({ client, queryClient }: FlowHost) {
  const api = securityApi(client);
  return {
    actors: {
      stepUp: stepUpMachine.provide(stepUpActors({ client })),
      changePassword: fromPromise(async ({ input }) => {
        const answer = await unwrap(api.changePassword({ currentPassword: input.current, newPassword: input.next }));
        // The other sessions are gone and the change is logged: both lists must say so.
        void queryClient.invalidateQueries({ queryKey: SESSIONS });
        void queryClient.invalidateQueries({ queryKey: SECURITY_ACTIVITY });
        return answer;
      }),
    },
  } satisfies Parameters<typeof changePasswordMachine.provide>[0];
}
