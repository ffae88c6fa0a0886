import { z } from 'zod';
import { balancesSummarySchema, bankAccountsSchema, cardAccountSchema } from './accounts';
import { saveUserSettingsBodySchema, userSettingsSchema, utmTrackingBodySchema } from './app';
import {
  codeSentSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  meSchema,
  refreshBodySchema,
  registerBodySchema,
  registeredSchema,
  resetPasswordBodySchema,
  sessionTokensSchema,
  signedInSchema,
  verifyEmailBodySchema,
} from './auth';
import { emptyBodySchema, okSchema } from './common';
import { outboxMessagesSchema, outboxQuerySchema } from './dev';
import {
  redirectAnswerSchema,
  revokedSessionsSchema,
  revokeSessionBodySchema,
  signedInSessionsSchema,
  socialAuthorizationSchema,
  socialCallbackSchema,
  startSocialSignInBodySchema,
} from './social';
import {
  loginAnswerSchema,
  phoneCodeBodySchema,
  phoneCodeSentSchema,
  resendTwoFactorBodySchema,
  setPhoneBodySchema,
  twoFactorChallengeSchema,
  updatePhoneBodySchema,
  verifyTwoFactorBodySchema,
} from './phone';
import type { ApiErrorCode } from './errors';
import {
  biometricDisableConfirmBodySchema,
  biometricDisableRequestSchema,
  biometricEnableConfirmBodySchema,
  biometricEnableConfirmSchema,
  biometricEnableRequestSchema,
  passkeyListSchema,
  passkeySchema,
  passkeySignInBodySchema,
  passkeySignInOptionsSchema,
  renamePasskeyBodySchema,
  validationStatusSchema,
} from './passkeys';
import { promoCodeBodySchema, promoRedemptionSchema, updateNameBodySchema, userDepositLevelsSchema } from './users';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `none` — anyone; `optional` — anyone, and a valid bearer token ties the call to its
 * customer; `bearer` — only with a valid `Authorization: Bearer <auth_token>` (else 401).
 */
export type AuthMode = 'none' | 'optional' | 'bearer';

export interface EndpointMeta<Auth extends AuthMode = AuthMode, Query extends z.ZodType | undefined = z.ZodType | undefined> {
  /** One line for the API reference. */
  summary: string;
  auth: Auth;
  /**
   * Status of a successful answer; 200 unless stated. 303: the answer is a redirect for the browser
   * (`Location`), not JSON — the OpenID Connect callbacks, which the provider sends the browser to.
   */
  status?: 200 | 201 | 303;
  /** The body is an HTML form (`application/x-www-form-urlencoded`) instead of JSON: Apple's form_post. */
  form?: true;
  /** Schema of the query string, for the few reads that take one. */
  query?: Query;
  /**
   * Money endpoints: the `Idempotency-Key` header is required and a repeated request answers the
   * stored first answer instead of running again.
   */
  idempotent?: boolean;
  /** Mounted only when NODE_ENV is not `production`. */
  devOnly?: boolean;
  /**
   * Codes this endpoint answers besides those every endpoint of its kind may answer: `invalid_json`,
   * `unsupported_media_type`, `payload_too_large`, `validation_failed` (with a body or query),
   * `unauthorized` (bearer), `idempotency_key_*` (idempotent), `internal_error`.
   */
  errors?: readonly ApiErrorCode[];
}

/** What the client needs to make a call. */
export interface Endpoint<Body extends z.ZodType | undefined, Answer extends z.ZodType> {
  method: HttpMethod;
  /** Relative to the API base (`/api`); `:name` segments are path parameters. */
  path: string;
  body: Body;
  answer: Answer;
}

/** An entry of the table: the call plus what the server and the API reference need. */
export interface EndpointSpec<
  Body extends z.ZodType | undefined,
  Answer extends z.ZodType,
  Auth extends AuthMode = AuthMode,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
> extends Endpoint<Body, Answer>,
    EndpointMeta<Auth, Query> {}

function endpoint<
  Body extends z.ZodType | undefined,
  Answer extends z.ZodType,
  const Auth extends AuthMode,
  Query extends z.ZodType | undefined = undefined,
>(
  method: HttpMethod,
  path: string,
  body: Body,
  answer: Answer,
  meta: EndpointMeta<Auth, Query>,
): EndpointSpec<Body, Answer, Auth, Query> {
  return { method, path, body, answer, ...meta };
}

/**
 * Every call the client makes, once. The server mounts each entry (server/http/route.ts) and the API
 * reference (docs/api.md) is generated from this table; keys are the OpenAPI operation ids.
 */
export const endpoints = {
  register: endpoint('POST', '/auth/register', registerBodySchema, registeredSchema, {
    summary: 'Create an account, send the e-mail verification code and sign in. `resendAfterSeconds`: when a new code may be asked for.',
    auth: 'none',
    status: 201,
    errors: ['email_taken', 'rate_limited'],
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
  logout: endpoint('POST', '/auth/logout', refreshBodySchema, okSchema, {
    summary: 'Revoke the session (bearer token, else refresh token) and clear both cookies. Always succeeds.',
    auth: 'optional',
  }),
  refresh: endpoint('POST', '/auth/refresh', refreshBodySchema, sessionTokensSchema, {
    summary: 'Exchange the refresh token for new tokens; the old refresh token stops working.',
    auth: 'none',
    errors: ['refresh_token_invalid', 'refresh_token_reused', 'refresh_conflict'],
  }),
  forgotPassword: endpoint('POST', '/auth/forgot-password', forgotPasswordBodySchema, codeSentSchema, {
    summary: 'E-mail a password reset code. Answers the same whether or not the account exists. One a minute per address: sooner is 429 with `Retry-After`.',
    auth: 'none',
    errors: ['rate_limited'],
  }),
  resetPassword: endpoint('POST', '/auth/reset-password', resetPasswordBodySchema, signedInSchema, {
    summary: 'Set a new password with the e-mailed code; every session of the account is revoked and a new one signs the customer in (cookies as at login).',
    auth: 'none',
    errors: ['code_invalid', 'code_expired', 'code_attempts_exceeded'],
  }),
  startSocialSignIn: endpoint('POST', '/auth/social/start', startSocialSignInBodySchema, socialAuthorizationSchema, {
    summary:
      'Begin sign-in with Google or Apple: answers the provider\'s authorization URL (code flow, PKCE S256, state, nonce; Apple with response_mode=form_post). State, nonce and PKCE verifier stay on the server for 10 minutes, single use.',
    auth: 'none',
    errors: ['social_provider_unavailable', 'rate_limited'],
  }),
  googleCallback: endpoint('GET', '/auth/social/google/callback', undefined, redirectAnswerSchema, {
    summary:
      'Google sends the browser here. Exchanges the code, verifies the ID token, signs in (sets the session cookies) and redirects 303 to the home page of the language sign-in started from — or, for a customer with a confirmed phone, sets no cookies and redirects to /2fa/phone with the two-factor challenge in the URL fragment (`#challengeToken=…&phoneHint=…&expiresAt=…&resendAvailableAt=…`); on failure redirects to /auth/google?error=<code> (one of the social_* codes).',
    auth: 'none',
    status: 303,
    query: socialCallbackSchema,
  }),
  appleCallback: endpoint('POST', '/auth/social/apple/callback', socialCallbackSchema, redirectAnswerSchema, {
    summary:
      'Apple posts the answer here (response_mode=form_post, a cross-site form POST that carries no cookies). Same handling and redirects as the Google callback, with /auth/apple?error=<code> on failure.',
    auth: 'none',
    status: 303,
    form: true,
  }),
  listSessions: endpoint('GET', '/auth/sessions', undefined, signedInSessionsSchema, {
    summary: 'The customer\'s signed-in sessions (device, method, address, created, last seen), the current one marked.',
    auth: 'bearer',
  }),
  revokeSession: endpoint('POST', '/auth/sessions/revoke', revokeSessionBodySchema, okSchema, {
    summary: 'Sign out one other session; it gets 401 at its next call. The current session signs out with /auth/logout.',
    auth: 'bearer',
    errors: ['session_not_found', 'session_is_current'],
  }),
  revokeOtherSessions: endpoint('POST', '/auth/sessions/revoke-others', emptyBodySchema, revokedSessionsSchema, {
    summary: 'Sign out every session of the customer except the current one; answers how many were signed out.',
    auth: 'bearer',
  }),
  revokeAllSessions: endpoint('POST', '/auth/sessions/revoke-all', emptyBodySchema, revokedSessionsSchema, {
    summary: 'Sign out everywhere, this session included, and clear both cookies.',
    auth: 'bearer',
  }),
  getMe: endpoint('GET', '/users/me', undefined, meSchema, {
    summary: 'The signed-in customer.',
    auth: 'bearer',
  }),
  setPhone: endpoint('POST', '/users/set-phone', setPhoneBodySchema, phoneCodeSentSchema, {
    summary: 'Set a first phone number: an SMS code goes to it. Sending the same number again after 60 s sends a new code.',
    auth: 'bearer',
    errors: ['phone_invalid', 'phone_taken', 'phone_already_set', 'rate_limited'],
  }),
  confirmPhone: endpoint('POST', '/users/confirm-phone', phoneCodeBodySchema, meSchema, {
    summary: 'Confirm the number from set-phone with its SMS code; two-factor sign-in starts with the next login.',
    auth: 'bearer',
    errors: ['no_pending_phone', 'phone_taken', 'code_invalid', 'code_expired', 'code_attempts_exceeded'],
  }),
  updatePhone: endpoint('POST', '/users/update-phone', updatePhoneBodySchema, phoneCodeSentSchema, {
    summary:
      'Change the confirmed phone: a code goes by e-mail to the account (`channel: email`) or by SMS to the new number (`channel: sms`). The old number stays until confirmed.',
    auth: 'bearer',
    errors: ['phone_invalid', 'phone_taken', 'phone_not_set', 'phone_unchanged', 'rate_limited'],
  }),
  confirmUpdatePhone: endpoint('POST', '/users/confirm-update-phone', phoneCodeBodySchema, meSchema, {
    summary: 'Confirm a phone change with the code e-mailed to the account.',
    auth: 'bearer',
    errors: ['no_pending_phone', 'phone_taken', 'code_invalid', 'code_expired', 'code_attempts_exceeded'],
  }),
  confirmUpdatePhoneSms: endpoint('POST', '/users/confirm-update-phone-sms', phoneCodeBodySchema, meSchema, {
    summary: 'Confirm a phone change with the code sent by SMS to the new number.',
    auth: 'bearer',
    errors: ['no_pending_phone', 'phone_taken', 'code_invalid', 'code_expired', 'code_attempts_exceeded'],
  }),
  getUserSettings: endpoint('GET', '/user-settings', undefined, userSettingsSchema, {
    summary: 'The saved settings (language).',
    auth: 'bearer',
  }),
  saveUserSettings: endpoint('POST', '/user-settings', saveUserSettingsBodySchema, userSettingsSchema, {
    summary: 'Save the given settings; the language must be one of the 8 locales. Answers all settings.',
    auth: 'bearer',
  }),
  updateName: endpoint('POST', '/users/update-name', updateNameBodySchema, meSchema, {
    summary: 'Set first and last name.',
    auth: 'bearer',
  }),
  redeemPromoCode: endpoint('POST', '/users/promocode', promoCodeBodySchema, promoRedemptionSchema, {
    summary: 'Redeem a promo code; each code once per customer.',
    auth: 'bearer',
    errors: ['promo_unknown', 'promo_expired', 'promo_already_redeemed'],
  }),
  getDepositLevels: endpoint('GET', '/users-deposit-levels/by-user', undefined, userDepositLevelsSchema, {
    summary: 'The deposit levels and the one the customer is on.',
    auth: 'bearer',
  }),
  listBankAccounts: endpoint('GET', '/bank-accounts/accounts', undefined, bankAccountsSchema, {
    summary: 'The customer\'s fiat accounts with their balances.',
    auth: 'bearer',
  }),
  getSummaryBalance: endpoint('GET', '/accounts-management/summary-balance', undefined, balancesSummarySchema, {
    summary: 'Balances of every account and their totals in USD and USDT, converted at fixed demo rates.',
    auth: 'bearer',
  }),
  createAccountsCard: endpoint('POST', '/accounts-management/create-accounts-card', emptyBodySchema, cardAccountSchema, {
    summary: 'Open the customer\'s card account (EUR) unless it exists; answers the card account either way.',
    auth: 'bearer',
    idempotent: true,
  }),
  trackUtm: endpoint('POST', '/utm-tracking', utmTrackingBodySchema, okSchema, {
    summary: 'Record the campaign tags of a landing; tied to the customer when signed in.',
    auth: 'optional',
    errors: ['rate_limited'],
  }),
  getValidationStatus: endpoint('GET', '/validation-code/status', undefined, validationStatusSchema, {
    summary: 'Which confirmation factors the customer has: `biometric.enabled` is true while at least one passkey is registered.',
    auth: 'bearer',
  }),
  requestBiometricEnable: endpoint('POST', '/validation-code/biometric/enable/request', emptyBodySchema, biometricEnableRequestSchema, {
    summary:
      'Start adding a passkey: a single-use `code_token` (10 minutes) and the creation options (discoverable credential, user verification required, no attestation, the customer\'s passkeys excluded). When `code_required`, a 6-digit code goes to the confirmed phone by SMS, else to the e-mail address.',
    auth: 'bearer',
    errors: ['rate_limited'],
  }),
  confirmBiometricEnable: endpoint('POST', '/validation-code/biometric/enable/confirm', biometricEnableConfirmBodySchema, biometricEnableConfirmSchema, {
    summary:
      'Finish adding a passkey. Rule: the passkey `response` alone is enough only within 10 minutes of a session opened with two factors — by sign-up (the account is new), by a passkey, or by password plus phone code; otherwise the code is required too. The code may come first on its own (the answer then has `passkey: null` and the token stays valid for the `response`), or together with the `response`. The token is spent when the passkey is added.',
    auth: 'bearer',
    errors: [
      'code_token_invalid',
      'code_required',
      'code_invalid',
      'code_expired',
      'code_attempts_exceeded',
      'passkey_verification_failed',
      'passkey_already_registered',
    ],
  }),
  requestBiometricDisableAll: endpoint('POST', '/validation-code/biometric/disable-all/request', emptyBodySchema, biometricDisableRequestSchema, {
    summary: 'Start removing every passkey: a single-use `code_token` (10 minutes); a 6-digit code goes to the confirmed phone by SMS, else to the e-mail address.',
    auth: 'bearer',
    errors: ['rate_limited'],
  }),
  confirmBiometricDisableAll: endpoint('POST', '/validation-code/biometric/disable-all/confirm', biometricDisableConfirmBodySchema, validationStatusSchema, {
    summary: 'Remove every passkey with the code; answers the status (`biometric.enabled` false). The token is single use.',
    auth: 'bearer',
    errors: ['code_token_invalid', 'code_invalid', 'code_expired', 'code_attempts_exceeded'],
  }),
  listPasskeys: endpoint('GET', '/passkeys', undefined, passkeyListSchema, {
    summary: 'The customer\'s passkeys, newest first: name, provider (from the AAGUID), created, last used.',
    auth: 'bearer',
  }),
  renamePasskey: endpoint('PATCH', '/passkeys/:id', renamePasskeyBodySchema, passkeySchema, {
    summary: 'Rename one of the customer\'s passkeys.',
    auth: 'bearer',
    errors: ['passkey_not_found'],
  }),
  removePasskey: endpoint('DELETE', '/passkeys/:id', undefined, validationStatusSchema, {
    summary: 'Remove one of the customer\'s passkeys; answers the status (`biometric.enabled` false after the last one).',
    auth: 'bearer',
    errors: ['passkey_not_found'],
  }),
  passkeySignInOptions: endpoint('POST', '/auth/passkey/options', emptyBodySchema, passkeySignInOptionsSchema, {
    summary:
      'Options for signing in with a passkey: a discoverable-credential request (no allowCredentials, user verification required) with a single-use challenge valid 5 minutes.',
    auth: 'none',
    errors: ['rate_limited'],
  }),
  passkeySignIn: endpoint('POST', '/auth/passkey/verify', passkeySignInBodySchema, signedInSchema, {
    summary:
      'Sign in with the passkey answer; sets the same session cookies as /auth/login. A passkey with user verification is two factors, so no phone code follows.',
    auth: 'none',
    errors: ['passkey_challenge_invalid', 'passkey_unknown', 'passkey_verification_failed', 'rate_limited'],
  }),
  devOutbox: endpoint('GET', '/dev/outbox', undefined, outboxMessagesSchema, {
    summary: 'Messages sent to an address, newest first (at most 50). Not in production.',
    auth: 'none',
    query: outboxQuerySchema,
    devOnly: true,
  }),
};

export type EndpointName = keyof typeof endpoints;
