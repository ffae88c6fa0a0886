import type { SnapshotFrom } from 'xstate';
import ar from '../../locales/ar.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { forgotPasswordMachine } from '../../machines/forgotPassword/forgotPassword.machine';
import type { FlowModel, PageExpectation } from './graph/model';
import { failedCall } from './graph/page';

type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** The messages of the flow's language (the inputs are English at `/login` and Arabic at `/ar/login`). */
function messagesOf(s: Snapshot) {
  return s.context.signIn === '/login' ? en : ar;
}

/** The page's own words in the flow's language. */
function textsOf(s: Snapshot) {
  return messagesOf(s).forgotPassword;
}

/** The path of /forgot-password in the flow's language. */
function forgotPasswordPath(signIn: string): string {
  return signIn.replace(/\/login$/, '/forgot-password');
}

/** What the page says next to the step's field (src/screens/auth/ForgotPasswordScreen.tsx): the field's error, else the failure. */
function errorSentence(s: Snapshot, field: 'email' | 'password' | null): string | null {
  const messages = messagesOf(s);
  const fieldErrors: Record<string, Record<string, string>> = messages.fieldErrors;
  const code = field ? s.context.fieldErrors[field] : undefined;
  if (field && code) return fieldErrors[field]![code]!;
  const failure = s.context.failure;
  if (!failure) return null;
  const own: Record<string, string> = messages.register.codeErrors;
  return own[failure.code] ?? (failure.code === 'network_error' ? messages.errors.network_error : messages.errors.unknown);
}

/** A step of the form: its field shown, and the error announced when there is one. */
function formStep(s: Snapshot, field: 'email' | 'code' | 'newPassword'): PageExpectation {
  const sentence = errorSentence(s, field === 'code' ? null : field === 'email' ? 'email' : 'password');
  return { shows: [{ label: textsOf(s)[field] }, ...(sentence ? [{ role: 'alert' as const, text: sentence }] : [])] };
}

const FORGOT = '**/api/auth/forgot-password';
const RESET = '**/api/auth/reset-password';

export const forgotPasswordModel = {
  inputs: { english: { signIn: '/login' }, arabic: { signIn: '/ar/login' } },
  events: {
    EMAIL_SUBMITTED: { 'an address': { email: ' ann@meridian.test ' }, 'not an address': { email: 'ann@' } },
    CODE_SUBMITTED: { 'six digits': { code: '123456' }, 'not six digits': { code: '12 34' } },
    PASSWORD_SUBMITTED: { 'a strong password': { password: 'a new secret 2026' }, 'a weak one': { password: 'password' } },
    CHANGE_EMAIL: { 'another address': {} },
    CHANGE_CODE: { 'fix the code': {} },
    RESEND_REQUESTED: { 'new code': {} },
  },
  actors: {
    requestCode: {
      done: { sent: { resendAfterSeconds: 2 } },
      error: { 'sent moments ago': { code: 'rate_limited', retryAfterSeconds: 1 }, offline: { code: 'network_error' } },
    },
    resendCode: {
      done: { sent: { resendAfterSeconds: 2 } },
      error: { 'too soon': { code: 'rate_limited', retryAfterSeconds: 1 }, offline: { code: 'network_error' } },
    },
    resetPassword: {
      done: { 'password changed': undefined },
      error: {
        'wrong code': { code: 'code_invalid' },
        'expired code': { code: 'code_expired' },
        'password refused': { code: 'validation_failed', fields: { password: 'Must contain a digit' } },
        'too easy to guess': { code: 'password_too_weak', fields: { password: 'Too easy to guess' } },
      },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.email !== '',
      s.context.code !== '',
      s.context.fieldErrors,
      s.context.failure?.code ?? null,
      s.context.resendInSeconds,
      s.context.resendFailure?.code ?? null,
    ]),
  invariants: {
    '*': (s) => {
      if (Object.keys(s.context).some((key) => key.toLowerCase().includes('password')))
        return 'the new password must never be kept in the machine';
      return s.context.failure === null || Object.keys(s.context.fieldErrors).length === 0 || 'a field error and a general error at once';
    },
    requestingCode: (s) => s.context.email.includes('@') || 'asks for a code without an address',
    'resetting.form.choosingPassword': (s) => /^\d{6}$/.test(s.context.code) || 'choosing a password without a code',
    'resetting.form.submitting': (s) =>
      (s.context.failure === null && Object.keys(s.context.fieldErrors).length === 0) || 'submits while showing an error',
    'resetting.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
    passwordChanged: (s) =>
      (s.status === 'done' && s.context.signIn.endsWith('/login') && s.context.email.includes('@')) ||
      'the password changed but sign-in is not opened with the address',
  },
  browser: {
    chainPaths: true,
    start: ({ signIn }) => [{ open: forgotPasswordPath(signIn) }],
    events: {
      EMAIL_SUBMITTED: ({ email }, before) => [
        { fill: { label: textsOf(before).email }, text: email },
        { click: { role: 'button', name: textsOf(before).sendCode } },
      ],
      CODE_SUBMITTED: ({ code }, before) => [
        { fill: { label: textsOf(before).code }, text: code },
        { click: { role: 'button', name: textsOf(before).next } },
      ],
      PASSWORD_SUBMITTED: ({ password }, before) => [
        { fill: { label: textsOf(before).newPassword }, text: password },
        { click: { role: 'button', name: textsOf(before).save } },
      ],
      // The page's answers come at once: there is no time to change anything while one is awaited.
      CHANGE_EMAIL: (_, before) =>
        before.matches({ resetting: { form: 'submitting' } }) ? null : [{ click: { role: 'button', name: textsOf(before).changeEmail } }],
      CHANGE_CODE: (_, before) => [{ click: { role: 'button', name: textsOf(before).changeCode } }],
      // The button is offered only after the countdown, which this run leaves out (delays are not page steps).
    },
    actors: {
      requestCode: {
        done: ({ resendAfterSeconds }) => [{ answer: FORGOT, method: 'POST', times: 1, json: { ok: true, resendAfterSeconds } }],
        error: (error) => [failedCall(FORGOT, error)],
      },
      resetPassword: {
        done: () => [{ answer: RESET, method: 'POST', times: 1, json: { ok: true } }],
        error: (error) => [failedCall(RESET, error)],
      },
    },
    states: {
      enteringEmail: (s) => ({ url: forgotPasswordPath(s.context.signIn), ...formStep(s, 'email') }),
      'resetting.form.enteringCode': (s) => formStep(s, 'code'),
      'resetting.form.choosingPassword': (s) => formStep(s, 'newPassword'),
      // Nobody is signed in: /login shows the notice with the address filled in, and no session cookie is set.
      passwordChanged: (s) => ({
        url: s.context.signIn,
        cookies: { auth_token: false, refresh_token: false },
        shows: [
          { role: 'status', text: messagesOf(s).login.passwordChanged },
          { label: messagesOf(s).login.email, value: s.context.email },
        ],
      }),
    },
  },
  notInBrowser: {
    states: {
      'resetting.resend.ready':
        'Reached when the resend countdown ends; the model has no delay binding for its ticks on the page clock yet (below).',
      'resetting.resend.resending': 'Follows a resend offered at the end of the countdown, which the browser paths do not reach (below).',
    },
    transitions: {
      'resetting.resend.coolingDown → resetting.resend.coolingDown (after RESEND_TICK)':
        'No delay binding yet: the paths run on the real clock; twoFactorPhone and phoneChange drive the same resend part in the browser.',
      'resetting.resend.coolingDown → resetting.resend.ready (always if cooldownOver)':
        "Follows the countdown's ticks, not driven here for the reason above.",
      'resetting.resend.ready → resetting.resend.resending (RESEND_REQUESTED)':
        'The resend button shows only after the countdown, not driven here for the reason above.',
      'resetting.resend.resending → resetting.resend.coolingDown (done: resendCode)':
        'Follows a resend, not reached here for the reason above.',
      'resetting.resend.resending → resetting.resend.coolingDown (error: resendCode if isRateLimited)':
        'Follows a resend, not reached here for the reason above.',
      'resetting.resend.resending → resetting.resend.ready (error: resendCode)': 'Follows a resend, not reached here for the reason above.',
    },
  },
} satisfies FlowModel<typeof forgotPasswordMachine>;
