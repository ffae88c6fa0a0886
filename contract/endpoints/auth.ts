import { endpoint } from './define';
import {
  codeSentSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  meSchema,
  registerBodySchema,
  registeredSchema,
  resetPasswordBodySchema,
  sessionTokensSchema,
  signedInSchema,
  verifyEmailBodySchema,
} from '../auth';
import { emptyBodySchema, okSchema } from '../common';
import { loginAnswerSchema, resendTwoFactorBodySchema, twoFactorChallengeSchema, verifyTwoFactorBodySchema } from '../phone';

/** Sign-up, sign-in, two-factor, token renewal and password reset. */
export const authEndpoints = {
  register: endpoint('POST', '/auth/register', registerBodySchema, registeredSchema, {
    summary:
      'Create an account, send the e-mail verification code and sign in. `resendAfterSeconds`: when a new code may be asked for. An address that has an account answers `email_taken` and its owner is e-mailed a notice.',
    auth: 'none',
    status: 201,
    errors: ['email_taken', 'password_too_weak', 'country_sanctioned', 'rate_limited'],
  }),
  verifyEmail: endpoint('POST', '/auth/verify-email', verifyEmailBodySchema, meSchema, {
    summary: 'Confirm the e-mail address with the 6-digit code that was e-mailed.',
    auth: 'bearer',
    errors: ['code_invalid', 'code_expired', 'code_attempts_exceeded', 'email_already_verified'],
  }),
  resendVerificationEmail: endpoint('POST', '/auth/verify-email/resend', emptyBodySchema, codeSentSchema, {
    summary: 'E-mail a new verification code; the previous one stops working. One a minute: sooner is 429 with `Retry-After`.',
    auth: 'bearer',
    errors: ['email_already_verified', 'rate_limited'],
  }),
  login: endpoint('POST', '/auth/login', loginBodySchema, loginAnswerSchema, {
    summary:
      'Sign in with e-mail and password. An unverified account may sign in; /users/me tells. With a confirmed phone the answer is a two-factor challenge (`twoFactorRequired: true`, an SMS code is sent, no cookies yet).',
    auth: 'none',
    errors: ['invalid_credentials', 'rate_limited'],
  }),
  verifyTwoFactor: endpoint('POST', '/auth/2fa/phone/verify', verifyTwoFactorBodySchema, signedInSchema, {
    summary: 'Finish a two-factor sign-in with the SMS code: opens the session and sets the cookies. The challenge works once.',
    auth: 'none',
    errors: ['challenge_invalid', 'challenge_expired', 'code_invalid', 'code_expired', 'code_attempts_exceeded'],
  }),
  resendTwoFactor: endpoint('POST', '/auth/2fa/phone/resend', resendTwoFactorBodySchema, twoFactorChallengeSchema, {
    summary: 'Send a new SMS code for a two-factor challenge (after a 60 s cooldown); the previous code stops working.',
    auth: 'none',
    errors: ['challenge_invalid', 'challenge_expired', 'rate_limited'],
  }),
  // Refresh and logout take no body (`{}`): the refresh token travels only in its HttpOnly cookie, so a
  // token in the body is refused as an unknown field.
  logout: endpoint('POST', '/auth/logout', emptyBodySchema, okSchema, {
    sameOrigin: true,
    summary:
      'Revoke the session (bearer token, else the refresh cookie) and clear the session cookies (`auth_token`, `refresh_token`, `session_info`). Always succeeds.',
    auth: 'optional',
  }),
  refresh: endpoint('POST', '/auth/refresh', emptyBodySchema, sessionTokensSchema, {
    sameOrigin: true,
    summary:
      'Exchange the refresh cookie for new tokens (new cookies; the old refresh token stops working). Refused once the session is idle or past its absolute lifetime. With `X-Meridian-Activity: customer` it also counts as activity ("Stay signed in").',
    auth: 'none',
    errors: ['refresh_token_invalid', 'refresh_token_reused', 'refresh_conflict', 'session_idle', 'session_expired', 'session_wrong_codes'],
  }),
  forgotPassword: endpoint('POST', '/auth/forgot-password', forgotPasswordBodySchema, codeSentSchema, {
    summary:
      'E-mail a password reset code (an address without an account gets a notice instead). Answers the same, in the same time, whether or not the account exists. One a minute per address: sooner is 429 with `Retry-After`.',
    auth: 'none',
    errors: ['rate_limited'],
  }),
  resetPassword: endpoint('POST', '/auth/reset-password', resetPasswordBodySchema, okSchema, {
    summary:
      'Set a new password with the e-mailed code (checked before anything else; tries limited per address and per IP). Every session and refresh token of the account ends and nobody is signed in: the customer then signs in with the new password as usual (the SMS code when a phone is confirmed). No factor is removed.',
    auth: 'none',
    errors: ['password_too_weak', 'code_invalid', 'code_expired', 'code_attempts_exceeded', 'rate_limited'],
  }),
};
