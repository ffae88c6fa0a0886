import type { SnapshotFrom } from 'xstate';
import type { Failure } from './failure';
import type { FlowModel, PageAction, PageExpectation } from './graph/model';
import {
  countedText,
  failedCall,
  FAR_FUTURE,
  inLanguage,
  PAGE_LANGUAGES,
  pageTexts,
  SIGNED_IN,
  signsIn,
  type PageLanguage,
} from './graph/page';
import { twoFactorPhoneMachine } from './twoFactorPhone.machine';

type Snapshot = SnapshotFrom<typeof twoFactorPhoneMachine>;

const LOGIN = '**/api/auth/login';
const VERIFY = '**/api/auth/2fa/phone/verify';
const RESEND = '**/api/auth/2fa/phone/resend';
/** Longer cooldowns than this are not waited for in the browser: their end is left out of the browser paths. */
const WAITED_COOLDOWN_SECONDS = 3;

/** An instant the given seconds from now, as the server states deadlines. */
const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** What the page says for a failed code check or sending (codeFailureMessage in src/screens/shared/CodeFeedback.tsx). */
function codeFailureText(failure: Failure, language: PageLanguage): string {
  const errors: Record<string, string> = pageTexts(language).twoFactor.codeErrors;
  if (failure.code === 'rate_limited') return countedText(language, errors, 'rate_limited', { count: failure.retryAfterSeconds ?? 60 });
  return errors[failure.code] ?? errors.unknown!;
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
  resendInSeconds: 1,
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
      done: { 'sent, wait a minute': { resendInSeconds: 60 } },
      error: {
        'too soon': { code: 'rate_limited', retryAfterSeconds: 30 },
        'challenge expired': { code: 'challenge_expired' },
        offline: { code: 'network_error' },
      },
    },
    resendCooldown: { done: { 'cooldown over': undefined } },
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
  },
  browser: {
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
        resendAvailableAt: secondsFromNow(challenge.resendInSeconds),
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
      RESEND_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).twoFactor.resend } }],
    },
    actors: {
      verifyCode: {
        done: () => signsIn(VERIFY),
        error: (error) => [failedCall(VERIFY, error)],
      },
      resendCode: {
        done: ({ resendInSeconds }, before) => [
          {
            answer: RESEND,
            method: 'POST',
            times: 1,
            json: {
              twoFactorRequired: true,
              challengeToken: before.context.challengeToken,
              phoneHint: before.context.phoneHint,
              expiresAt: FAR_FUTURE,
              resendAvailableAt: secondsFromNow(resendInSeconds),
            },
          },
        ],
        error: (error) => [failedCall(RESEND, error)],
      },
      // The page's own countdown ends it; only short ones are waited for.
      resendCooldown: { done: (_, before) => (before.context.resendInSeconds <= WAITED_COOLDOWN_SECONDS ? [] : null) },
    },
    states: {
      'awaitingCode.code.editing': (s, language) => ({
        shows: [
          { label: pageTexts(language).twoFactor.code },
          ...(s.context.failure ? [{ shownText: codeFailureText(s.context.failure, language) }] : []),
        ],
      }),
      'awaitingCode.resend.available': (s, language) => ({
        shows: [
          { role: 'button', name: pageTexts(language).twoFactor.resend },
          ...(s.context.resendFailure ? [{ role: 'status' as const, text: codeFailureText(s.context.resendFailure, language) }] : []),
        ],
      }),
      noChallenge: (s, language) => backAtLogin(s, language, null),
      expired: (s, language) => backAtLogin(s, language, 'two_factor_expired'),
      signedIn: (s, language) => ({ url: inLanguage(s.context.destination, language), cookies: { auth_token: true, refresh_token: true } }),
    },
  },
} satisfies FlowModel<typeof twoFactorPhoneMachine>;
