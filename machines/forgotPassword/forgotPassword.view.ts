import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { FieldErrorCode } from '../parts/failure';
import type { forgotPasswordMachine } from './forgotPassword.machine';
import { resendView } from '../parts/resendCooldown';

type ForgotPassword = typeof forgotPasswordMachine;

/** What /forgot-password shows, one form at a time (the e-mail, the code, the new password), and its intents. */
export function connectForgotPassword(snapshot: SnapshotFrom<ForgotPassword>, send: Send<ForgotPassword>) {
  const { email, fieldErrors, failure } = snapshot.context;
  const askingEmail = snapshot.matches('enteringEmail') || snapshot.matches('requestingCode');
  const askingCode = snapshot.matches({ resetting: { form: 'enteringCode' } });
  const askingPassword = !askingEmail && !askingCode;
  /** The field error of the form on screen (the code has none of its own: its refusals are failures). */
  const fieldError: { field: 'email' | 'password'; code: FieldErrorCode | undefined } | null = askingEmail
    ? { field: 'email', code: fieldErrors.email }
    : askingPassword
      ? { field: 'password', code: fieldErrors.password }
      : null;
  return {
    askingEmail,
    askingCode,
    askingPassword,
    busy: snapshot.matches('requestingCode') || snapshot.matches({ resetting: { form: 'submitting' } }) || snapshot.status === 'done',
    email,
    fieldError,
    failure,
    ...resendView(snapshot),
    /** Sends what the form on screen asks for. */
    submit: (typed: { email: string; code: string; password: string }) =>
      send(
        askingEmail
          ? { type: 'EMAIL_SUBMITTED', email: typed.email }
          : askingCode
            ? { type: 'CODE_SUBMITTED', code: typed.code }
            : { type: 'PASSWORD_SUBMITTED', password: typed.password },
      ),
    resend: () => send({ type: 'RESEND_REQUESTED' }),
    changeEmail: () => send({ type: 'CHANGE_EMAIL' }),
    /** Back from the new password to the code: offered with the password form (also while it is sent). */
    changeCode: askingPassword ? () => send({ type: 'CHANGE_CODE' }) : null,
  };
}
