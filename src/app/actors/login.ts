import { fromPromise } from 'xstate';
import { authApi } from '../../api/auth';
import { localizePath } from '../../../contract';
import type { loginMachine, SignInOutcome } from '../../../machines/login/login.machine';
import { keepChallenge } from '../twoFactorChallenge';
import { unwrap } from './unwrap';
import type { FlowHost } from './host';

/** E-mail and password sign-in; a confirmed phone continues at /2fa/phone. */
export function loginActors({ client, navigate, currentLocale, enterAfterPassword }: FlowHost) {
  const api = authApi(client);
  return {
    actors: {
      signIn: fromPromise<SignInOutcome, { email: string; password: string }>(async ({ input }) => {
        const answer = await unwrap(api.login(input));
        return answer.twoFactorRequired ? { kind: 'twoFactorRequired', challenge: answer } : { kind: 'signedIn' };
      }),
    },
    actions: {
      enterApp: (_, { destination }) => enterAfterPassword(destination),
      continueWithSecondFactor: (_, { challenge, destination }) => {
        keepChallenge(challenge, destination);
        navigate(localizePath('/2fa/phone', currentLocale()));
      },
    },
  } satisfies Parameters<typeof loginMachine.provide>[0];
}
