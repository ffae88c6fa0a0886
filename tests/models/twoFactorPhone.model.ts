import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../../machines/parts/failure';
import type { FlowModel, PageAction, PageExpectation } from './graph/model';
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
import { twoFactorPhoneMachine } from '../../machines/twoFactorPhone/twoFactorPhone.machine';

type Snapshot = SnapshotFrom<typeof twoFactorPhoneMachine>;

const LOGIN = '**/api/auth/login';
const VERIFY = '**/api/auth/2fa/phone/verify';
const RESEND = '**/api/auth/2fa/phone/resend';
/** What the page says for a failed code check or sending (codeFailureMessage in src/screens/shared/CodeFeedback.tsx). */
function codeFailureText(failure: Failure, language: PageLanguage): string {
  return failureText(language, pageTexts(language).twoFactor.codeErrors, failure);
}

/** Back at /login in the page's language, with where the customer was going and why, as goToLogin builds it. */
function backAtLogin(s: Snapshot, language: PageLanguage, notice: string | null): PageExpectation {
  const query = new URLSearchParams();
  const destination = inLanguage(s.context.destination, language);
  if (s.context.challengeToken !== null && destination !== inLanguage('/', language)) query.set('redirect', destination);
  if (notice) query.set('notice', notice);
  return { url: `${inLanguage('/login', language)}${query.size ? `?${query}` : ''}` };
}

const challenge = {
  challengeToken: 'challenge-token',
  phoneHint: '+49 •••••••••78',
  destination: '/fr/pay/abc',
  expiresInMs: 600_000,
  resendInSeconds: 0,
};

export const twoFactorPhoneModel = {
  inputs: {
    'after a password sign-in': { challenge },
    'opened directly': { challenge: null },
    'reloaded after the challenge expired': { challenge: { ...challenge, expiresInMs: 0 } },
  },
  events: {
    CODE_SUBMITTED: {
      'the SMS code': { code: ' 123456 ' },
      'five digits': { code: '12345' },
    },
    RESEND_REQUESTED: { 'send a new code': {} },
  },
  actors: {
    verifyCode: {
      done: { 'signed in': undefined },
      error: {
        'wrong code': { code: 'code_invalid' },
        'tries used up': { code: 'code_attempts_exceeded' },
        'challenge used elsewhere': { code: 'challenge_invalid' },
      },
    },
    resendCode: {
      done: { 'sent, wait again': { resendAfterSeconds: 1 } },
      error: {
        'too soon': { code: 'rate_limited', retryAfterSeconds: 1 },
        'challenge expired': { code: 'challenge_expired' },
        offline: { code: 'network_error' },
      },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.failure?.code ?? null,
      s.context.resendFailure?.code ?? null,
      s.context.codeResent,
      s.context.resendInSeconds,
    ]),
  invariants: {
    '*': (s) => !s.context.destination.startsWith('//') || 'the destination after sign-in must stay on this site',
    'awaitingCode.code.verifying': (s) => s.context.failure === null || 'checks a code while showing an old error',
    awaitingCode: (s) => s.context.challengeToken !== null || 'asks for a code without a challenge',
    signedIn: (s) => (s.status === 'done' && s.context.challengeToken !== null) || 'signed in without a challenge',
    noChallenge: (s) => s.status === 'done' || 'stays on /2fa/phone without a challenge',
    expired: (s) => s.status === 'done' || 'keeps asking for a code after the challenge ended',
    'awaitingCode.resend.coolingDown': (s) => s.context.resendInSeconds > 0 || 'counting down with nothing left to wait',
    'awaitingCode.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The page gets its challenge as a customer does: from a password sign-in on /login, for the input's
    // destination in the run's language.
    start: ({ challenge }, language): PageAction[] => {
      if (!challenge) return [{ open: inLanguage('/2fa/phone', language) }];
      const texts = pageTexts(language).login;
      const answer = {
        twoFactorRequired: true,
        challengeToken: challenge.challengeToken,
        phoneHint: challenge.phoneHint,
        expiresAt: challenge.expiresInMs > 0 ? FAR_FUTURE : '2000-01-01T00:00:00.000Z',
        // The contract wants a wait of a second at least; the page's own countdown is over before the path goes on.
        resendAfterSeconds: Math.max(1, challenge.resendInSeconds),
      };
      return [
        { answer: LOGIN, method: 'POST', times: 1, json: answer },
        { open: `${inLanguage('/login', language)}?${new URLSearchParams({ redirect: inLanguage(challenge.destination, language) })}` },
        { fill: { label: texts.email }, text: SIGNED_IN.user.email },
        { fill: { label: texts.password }, text: 'a password' },
        { click: { role: 'button', name: texts.submit } },
      ];
    },
    events: {
      // The field holds six digits at most and drops anything else, as the machine trims the code.
      CODE_SUBMITTED: ({ code }, _, language) => [
        { fill: { label: pageTexts(language).twoFactor.code }, text: code.trim() },
        { click: { role: 'button', name: pageTexts(language).twoFactor.submit } },
      ],
      RESEND_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).resend.action } }],
    },
    actors: {
      verifyCode: {
        done: () => signsIn(VERIFY),
        error: (error) => [failedCall(VERIFY, error)],
      },
      resendCode: {
        done: ({ resendAfterSeconds }, before) => [
          {
            answer: RESEND,
            method: 'POST',
            times: 1,
            json: {
              twoFactorRequired: true,
              challengeToken: before.context.challengeToken,
              phoneHint: before.context.phoneHint,
              expiresAt: FAR_FUTURE,
              resendAfterSeconds,
            },
          },
        ],
        error: (error) => [failedCall(RESEND, error)],
      },
    },
    states: {
      'awaitingCode.code.editing': (s, language) => ({
        shows: [
          { label: pageTexts(language).twoFactor.code },
          ...(s.context.failure ? [{ shownText: codeFailureText(s.context.failure, language) }] : []),
        ],
      }),
      'awaitingCode.resend.ready': (s, language) => ({
        shows: [
          { role: 'button', name: pageTexts(language).resend.action },
          ...(s.context.resendFailure ? [{ role: 'alert' as const, text: codeFailureText(s.context.resendFailure, language) }] : []),
        ],
      }),
      noChallenge: (s, language) => backAtLogin(s, language, null),
      expired: (s, language) => backAtLogin(s, language, 'two_factor_expired'),
      signedIn: (s, language) => ({ url: inLanguage(s.context.destination, language), cookies: { auth_token: true, refresh_token: true } }),
    },
  },
  notInBrowser: {
    transitions: {
      'awaitingCode → expired (after CHALLENGE_LIFETIME)':
        'The page gets its challenge from a sign-in answer whose expiry is a fixed date, not a duration on the page clock; the browser opens an already expired challenge instead (input “reloaded after the challenge expired”), and the unit replay runs the ten minutes.',
      'awaitingCode.resend.coolingDown → awaitingCode.resend.coolingDown (after RESEND_TICK)':
        "The paths run on the real clock with a one-second wait, over before the next step; the tick by tick countdown is replayed by the unit paths and driven in phoneChange's browser paths.",
    },
  },
} satisfies FlowModel<typeof twoFactorPhoneMachine>;
