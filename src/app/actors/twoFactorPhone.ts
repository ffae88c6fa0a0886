import { fromPromise } from 'xstate';
import { authApi } from '../../api/auth';
import { localizePath } from '../../../contract';
import type { twoFactorPhoneMachine } from '../../../machines/twoFactorPhone.machine';
import { rememberResend, takeChallengeDestination } from '../twoFactorChallenge';
import { failure } from './failure';
import type { FlowHost } from './host';

/** The SMS code after the password; back to /login when the challenge is over. */
export function twoFactorPhoneActors({ client, navigate, currentLocale, enterAfterPassword }: FlowHost) {
  const api = authApi(client);
  return {
    actors: {
      verifyCode: fromPromise<void, { challengeToken: string; code: string }>(async ({ input }) => {
        const result = await api.verifyTwoFactor(input);
        if (!result.ok) throw failure(result.error);
      }),
      resendCode: fromPromise<{ resendAfterSeconds: number }, { challengeToken: string }>(async ({ input }) => {
        const result = await api.resendTwoFactor(input);
        if (!result.ok) throw failure(result.error);
        rememberResend(result.data.resendAfterSeconds);
        return { resendAfterSeconds: result.data.resendAfterSeconds };
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
