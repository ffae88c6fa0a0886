import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from './forgotPassword.machine';
import { resendView } from './resendCooldown';

/** The form /forgot-password shows: the e-mail, then the code, then the new password. */
export type ForgotPasswordStep = 'email' | 'code' | 'password';

/** What /forgot-password shows. */
export function forgotPasswordView(snapshot: SnapshotFrom<typeof forgotPasswordMachine>) {
  const step: ForgotPasswordStep =
    snapshot.matches('enteringEmail') || snapshot.matches('requestingCode')
      ? 'email'
      : snapshot.matches({ resetting: { form: 'enteringCode' } })
        ? 'code'
        : 'password';
  return {
    step,
    busy: snapshot.matches('requestingCode') || snapshot.matches({ resetting: { form: 'submitting' } }) || snapshot.status === 'done',
    email: snapshot.context.email,
    fieldErrors: snapshot.context.fieldErrors,
    failure: snapshot.context.failure,
    ...resendView(snapshot),
  };
}
