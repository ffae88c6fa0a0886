import { fromPromise } from 'xstate';
import { authApi } from '../../api/auth';
import { localizePath } from '../../../contract';
import type { phoneRecoveryMachine } from '../../../machines/phoneRecovery/phoneRecovery.machine';
import type { recoveryCancelMachine } from '../../../machines/recoveryCancel/recoveryCancel.machine';
import { takeChallengeDestination } from '../twoFactorChallenge';
import { unwrap } from './unwrap';
import type { FlowHost } from './host';

/** Lost phone: the e-mailed code and the password schedule the phone's removal. */
export function phoneRecoveryActors({ client, navigate, currentLocale }: FlowHost) {
  const api = authApi(client);
  const send = ({ input }: { input: { challengeToken: string } }) => unwrap(api.startPhoneRecovery(input));
  return {
    actors: {
      sendRecoveryCode: fromPromise<{ emailHint: string; resendAfterSeconds: number }, { challengeToken: string }>(send),
      resendCode: fromPromise<{ resendAfterSeconds: number }, { challengeToken: string }>(send),
      confirmRecovery: fromPromise<{ effectiveAt: string }, { challengeToken: string; code: string; password: string }>(
        async ({ input }) => {
          const answer = await unwrap(api.confirmPhoneRecovery(input));
          return { effectiveAt: answer.effectiveAt };
        },
      ),
    },
    actions: {
      goToLogin: (_, { notice }) => {
        takeChallengeDestination();
        navigate(localizePath('/login', currentLocale()) + (notice ? `?notice=${notice}` : ''), { replace: true });
      },
    },
  } satisfies Parameters<typeof phoneRecoveryMachine.provide>[0];
}

/** The cancel link's page. */
export function recoveryCancelActors({ client }: FlowHost) {
  const api = authApi(client);
  return {
    actors: {
      cancelRecovery: fromPromise<void, { token: string }>(async ({ input }) => {
        await unwrap(api.cancelPhoneRecovery(input));
      }),
    },
  } satisfies Parameters<typeof recoveryCancelMachine.provide>[0];
}
