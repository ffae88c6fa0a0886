import type { SnapshotFrom } from 'xstate';
import type { LoginField } from '../../machines/login/login.machine';
import { loginMachine } from '../../machines/login/login.machine';
import type { FlowModel, PageExpectation } from './graph/model';
import {
  failedCall,
  failureText,
  FAR_FUTURE,
  inLanguage,
  PAGE_LANGUAGES,
  pageTexts,
  SIGNED_IN,
  signsIn,
  type PageLanguage,
} from './graph/page';
import { safeRedirectPath } from '../../machines/routeGuard/routeGuard.machine';

const LOGIN = '**/api/auth/login';

/** The form as the page shows it: the server's failure in the alert, a message under each missing field. */
function form(s: SnapshotFrom<typeof loginMachine>, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language);
  const failure = s.context.failure;
  const sentence = !failure
    ? null
    : failure.code === 'two_factor_expired'
      ? texts.twoFactor.expired
      : failureText(language, texts.login.errors, failure);
  return {
    shows: [
      { label: texts.login.email },
      ...(sentence ? [{ role: 'alert' as const, text: sentence }] : []),
      ...s.context.missing.map((field) => ({ shownText: texts.login.missing[field] })),
    ],
  };
}

const correct = { email: 'demo@meridian.test', password: 'MeridianDemo2026' };

export const loginModel = {
  inputs: {
    'sent from a payment link': { redirect: '/fr/pay/abc', home: '/fr' },
    'with an open-redirect attempt': { redirect: '//evil.example', home: '/' },
    'back from an expired two-factor challenge': { redirect: null, home: '/', notice: 'two_factor_expired' },
  },
  events: {
    CREDENTIALS_SUBMITTED: {
      'e-mail and password': correct,
      'nothing typed': { email: '  ', password: '' },
      'the e-mail with spaces around it': { ...correct, email: ` ${correct.email}  ` },
    },
  },
  actors: {
    signIn: {
      done: {
        'signed in': { kind: 'signedIn' },
        'SMS code required': {
          kind: 'twoFactorRequired',
          challenge: {
            twoFactorRequired: true,
            challengeToken: 'challenge-token',
            phoneHint: '+49 •••••••••78',
            expiresAt: '2026-03-02T09:10:00.000Z',
            resendAfterSeconds: 60,
          },
        },
      },
      error: {
        'wrong password': { code: 'invalid_credentials' },
        'rate-limited': { code: 'rate_limited', retryAfterSeconds: 42 },
      },
    },
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.failure?.code ?? null, s.context.missing]),
  invariants: {
    '*': (s) => !s.context.destination.startsWith('//') || 'the destination after login must stay on this site',
    editing: (s) => s.context.failure === null || s.context.missing.length === 0 || 'a missing field and a server error at once',
    signingIn: (s) => (s.context.missing as LoginField[]).length === 0 || 'sends credentials with a field missing',
    secondFactorRequired: (s) => (s.status === 'done' && s.context.failure === null) || 'waits for an SMS code but still runs',
  },
  calls: {
    // What the server gets: the e-mail as the customer meant it (no spaces around it), never an empty field.
    signIn: ({ email, password }) =>
      (email !== '' && email === email.trim() && password !== '') || 'signs in with an e-mail not trimmed, or a field empty',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The input's language is the page's: the login page and its redirect move to the language of the run.
    start: ({ redirect, notice }, language) => {
      const query = new URLSearchParams();
      if (redirect !== null) query.set('redirect', safeRedirectPath(redirect) ? inLanguage(redirect, language) : redirect);
      if (notice) query.set('notice', notice);
      return [{ open: `${inLanguage('/login', language)}?${query}` }];
    },
    events: {
      CREDENTIALS_SUBMITTED: ({ email, password }, _, language) => [
        { fill: { label: pageTexts(language).login.email }, text: email },
        { fill: { label: pageTexts(language).login.password }, text: password },
        { click: { role: 'button', name: pageTexts(language).login.submit } },
      ],
    },
    actors: {
      signIn: {
        done: (outcome) =>
          outcome.kind === 'signedIn'
            ? signsIn(LOGIN, { ...SIGNED_IN, twoFactorRequired: false })
            : // A challenge that is still open when the test runs, whenever it runs: /2fa/phone sends an expired one back here.
              [
                {
                  answer: LOGIN,
                  method: 'POST',
                  times: 1,
                  json: { ...outcome.challenge, expiresAt: FAR_FUTURE },
                },
              ],
        error: (error) => [failedCall(LOGIN, error)],
      },
    },
    states: {
      editing: form,
      signedIn: (s, language) => ({ url: inLanguage(s.context.destination, language), cookies: { auth_token: true, refresh_token: true } }),
      secondFactorRequired: (_, language) => ({ url: inLanguage('/2fa/phone', language) }),
    },
  },
} satisfies FlowModel<typeof loginMachine>;
