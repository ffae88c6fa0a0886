import { fromPromise } from 'xstate';
import { authApi } from '../../api/auth';
import { localizePath } from '../../../contract';
import type { twoFactorPhoneMachine } from '../../../machines/twoFactorPhone/twoFactorPhone.machine';
import { rememberResend, takeChallengeDestination } from '../twoFactorChallenge';
import { unwrap } from './unwrap';
import type { FlowHost } from './host';

/** The SMS code after the password; back to /login when the challenge is over. */
export function twoFactorPhoneActors({ client, navigate, currentLocale, enterAfterPassword }: FlowHost) {
  const api = authApi(client);
  return {
    actors: {
      verifyCode: fromPromise<void, { challengeToken: string; code: string }>(async ({ input }) => {
        await unwrap(api.verifyTwoFactor(input));
      }),
      resendCode: fromPromise<{ resendAfterSeconds: number }, { challengeToken: string }>(async ({ input }) => {
        const answer = await unwrap(api.resendTwoFactor(input));
        rememberResend(answer.resendAfterSeconds);
        return { resendAfterSeconds: answer.resendAfterSeconds };
      }),
    },
    actions: {
      enterApp: (_, { destination }) => {
        takeChallengeDestination();
        enterAfterPassword(destination);
      },
      goToLogin: (_, { notice }) => {
        const locale = currentLocale();
        const destination = takeChallengeDestination();
        const query = new URLSearchParams();
        if (destination && destination !== localizePath('/', locale)) query.set('redirect', destination);
        if (notice) query.set('notice', notice);
        const search = query.toString();
        navigate(localizePath('/login', locale) + (search ? `?${search}` : ''), { replace: true });
      },
    },
  } satisfies Parameters<typeof twoFactorPhoneMachine.provide>[0];
}
