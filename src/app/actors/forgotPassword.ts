import { fromPromise } from 'xstate';
import { authApi } from '../../api/auth';
import type { forgotPasswordMachine } from '../../../machines/forgotPassword/forgotPassword.machine';
import { unwrap } from './unwrap';
import type { FlowHost } from './host';

/**
 * What /login receives (as router navigation state, never in the URL) after a password reset: the
 * address to fill in, and the reason to say "Password changed".
 */
export interface PasswordChangedHandoff {
  passwordChangedFor: string;
}

export function passwordChangedHandoff(state: unknown): PasswordChangedHandoff | null {
  return typeof state === 'object' && state !== null && typeof (state as PasswordChangedHandoff).passwordChangedFor === 'string'
    ? (state as PasswordChangedHandoff)
    : null;
}

/** Password reset by an e-mailed code; a new code is the same request again. */
export function forgotPasswordActors({ client, navigate }: FlowHost) {
  const api = authApi(client);
  const requestResetCode = fromPromise<{ resendAfterSeconds: number }, { email: string }>(async ({ input }) => {
    const answer = await unwrap(api.forgotPassword({ email: input.email }));
    return { resendAfterSeconds: answer.resendAfterSeconds };
  });
  return {
    actors: {
      requestCode: requestResetCode,
      resendCode: requestResetCode,
      resetPassword: fromPromise(async ({ input }) => {
        await unwrap(api.resetPassword(input));
      }),
    },
    actions: {
      openSignIn: (_, { destination, email }) =>
        navigate(destination, { replace: true, state: { passwordChangedFor: email } satisfies PasswordChangedHandoff }),
    },
  } satisfies Parameters<typeof forgotPasswordMachine.provide>[0];
}
