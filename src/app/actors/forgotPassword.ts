import { fromPromise } from 'xstate';
import type { forgotPasswordMachine } from '../../../machines/forgotPassword.machine';
import { failure } from './failure';
import type { FlowHost } from './host';

/** Password reset by an e-mailed code; a new code is the same request again. */
export function forgotPasswordActors({ api, enterApp }: FlowHost) {
  const requestResetCode = fromPromise<{ resendAfterSeconds: number }, { email: string }>(async ({ input }) => {
    const result = await api.forgotPassword({ email: input.email });
    if (!result.ok) throw failure(result.error);
    return { resendAfterSeconds: result.data.resendAfterSeconds };
  });
  return {
    actors: {
      requestCode: requestResetCode,
      resendCode: requestResetCode,
      resetPassword: fromPromise(async ({ input }) => {
        const result = await api.resetPassword(input);
        if (!result.ok) throw failure(result.error);
      }),
    },
    actions: { enterApp: (_, { destination }) => enterApp(destination) },
  } satisfies Parameters<typeof forgotPasswordMachine.provide>[0];
}
