import { forgotPasswordMachine } from './forgotPassword.machine';
import type { FlowModel } from './model';

export const forgotPasswordModel = {
  inputs: { english: { home: '/' }, arabic: { home: '/ar' } },
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
      done: { 'signed in': undefined },
      error: {
        'wrong code': { code: 'code_invalid' },
        'expired code': { code: 'code_expired' },
        'password refused': { code: 'validation_failed', fields: { password: 'Must contain a digit' } },
      },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.email !== '',
      s.context.code !== '',
      s.context.failure?.code ?? null,
      s.context.resendInSeconds,
      s.context.resendFailure?.code ?? null,
    ]),
  invariants: {
    '*': (s) =>
      !Object.keys(s.context).some((key) => key.toLowerCase().includes('password')) ||
      'the new password must never be kept in the machine',
    requestingCode: (s) => s.context.email.includes('@') || 'asks for a code without an address',
    'resetting.form.choosingPassword': (s) => /^\d{6}$/.test(s.context.code) || 'choosing a password without a code',
    'resetting.form.submitting': (s) => s.context.failure === null || 'submits while showing an error',
    'resetting.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
    signedIn: (s) => (s.status === 'done' && s.context.home.startsWith('/')) || 'signed in but not sent home',
  },
} satisfies FlowModel<typeof forgotPasswordMachine>;
