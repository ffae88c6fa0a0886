import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../../machines/parts/failure';
import type { FlowModel, PageAction, PageExpectation } from './graph/model';
import { countedText, failedCall, failureText, FAR_FUTURE, inLanguage, PAGE_LANGUAGES, pageTexts, type PageLanguage } from './graph/page';
import { phoneRecoveryMachine } from '../../machines/phoneRecovery/phoneRecovery.machine';

type Snapshot = SnapshotFrom<typeof phoneRecoveryMachine>;

const START = '**/api/auth/phone-recovery/start';
const CONFIRM = '**/api/auth/phone-recovery/confirm';

/** What the proof form says for a failure (its own words, else the general ones), as the screen picks them. */
const proofFailureText = (language: PageLanguage, failure: Failure) =>
  failureText(language, pageTexts(language).phoneRecovery.errors, failure);

/** The resend's failure in the words of the SMS code steps (codeFailureMessage in src/screens/shared/CodeFeedback.tsx). */
const resendFailureText = (language: PageLanguage, failure: Failure) =>
  failureText(language, pageTexts(language).twoFactor.codeErrors, failure);

/** The server's answer to a (re)sent recovery code; the countdown's ticks then run only as steps of the path. */
const codeSent = (emailHint: string, resendAfterSeconds: number): PageAction[] => [
  { clock: 'pause' },
  { answer: START, method: 'POST', times: 1, json: { emailHint, resendAfterSeconds } },
];

/** A final page of the flow: its heading and a way back to /login. */
const finished =
  (title: 'scheduledTitle' | 'passkeyTitle') =>
  (_: Snapshot, language: PageLanguage): PageExpectation => {
    const texts = pageTexts(language).phoneRecovery;
    return {
      url: inLanguage('/2fa/phone/lost', language),
      shows: [
        { role: 'heading', name: texts[title] },
        { role: 'link', name: texts.backToLogin, href: inLanguage('/login', language) },
      ],
    };
  };

export const phoneRecoveryModel = {
  inputs: {
    'from the SMS step of a sign-in': { challenge: { challengeToken: 'challenge-token' } },
    'opened directly': { challenge: null },
  },
  events: {
    RECOVERY_REQUESTED: { 'e-mail me a code': {} },
    PROOF_SUBMITTED: {
      'the code and the password': { code: ' 123456 ', password: 'correct horse 42 battery' },
      'five digits': { code: '12345', password: 'correct horse 42 battery' },
      'no password': { code: '123456', password: '' },
    },
    RESEND_REQUESTED: { 'send a new code': {} },
  },
  actors: {
    sendRecoveryCode: {
      done: { sent: { emailHint: 'a•••@example.com', resendAfterSeconds: 1 } },
      error: {
        'has a passkey': { code: 'recovery_has_passkey' },
        'sign-in expired': { code: 'challenge_expired' },
        'too many codes': { code: 'rate_limited', retryAfterSeconds: 60 },
      },
    },
    resendCode: {
      done: { 'sent, wait again': { resendAfterSeconds: 1 } },
      error: {
        'too soon': { code: 'rate_limited', retryAfterSeconds: 1 },
        'sign-in expired': { code: 'challenge_invalid' },
        offline: { code: 'network_error' },
      },
    },
    confirmRecovery: {
      done: { scheduled: { effectiveAt: '2026-03-03T09:00:00.000Z' } },
      error: {
        'wrong password': { code: 'invalid_credentials' },
        'wrong code': { code: 'code_invalid' },
        'sign-in expired': { code: 'challenge_expired' },
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
    explaining: (s) => s.context.challengeToken !== null || 'offers a recovery without a sign-in in progress',
    awaitingProof: (s) =>
      (s.context.challengeToken !== null && s.context.emailHint !== '') || 'asks for the e-mailed code before one was sent',
    'awaitingProof.proof.confirming': (s) => s.context.failure === null || 'checks the proof while showing an old error',
    'awaitingProof.resend.coolingDown': (s) => s.context.resendInSeconds > 0 || 'counting down with nothing left to wait',
    'awaitingProof.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
    scheduled: (s) =>
      (s.status === 'done' && s.context.effectiveAt !== null && s.context.emailHint !== '') ||
      'scheduled without the e-mailed code or without a time',
    passkeyInstead: (s) => s.status === 'done' || 'keeps offering a recovery to an account with a passkey',
    noChallenge: (s) => s.status === 'done' || 'stays without a sign-in in progress',
    expired: (s) => s.status === 'done' || 'keeps going after the sign-in ended',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The SMS step of a sign-in left its challenge in the tab's session storage, as /login keeps it.
    start: ({ challenge }, language) => [
      { clock: 'install' },
      ...(challenge
        ? [
            {
              sessionStorage: {
                two_factor_challenge: JSON.stringify({
                  challengeToken: challenge.challengeToken,
                  phoneHint: '+49 •••••••••78',
                  expiresAt: FAR_FUTURE,
                  resendAt: 0,
                  destination: '/',
                }),
              },
            },
          ]
        : []),
      { open: inLanguage('/2fa/phone/lost', language) },
    ],
    events: {
      RECOVERY_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).phoneRecovery.start } }],
      // The resend's answer comes at once: there is no time to do anything else while it is awaited.
      PROOF_SUBMITTED: ({ code, password }, before, language) => {
        const texts = pageTexts(language).phoneRecovery;
        return before.hasTag('resending')
          ? null
          : [
              // The field keeps digits only, as the machine trims the code.
              { fill: { label: texts.code }, text: code.trim() },
              { fill: { label: texts.password }, text: password },
              { click: { role: 'button', name: texts.submit } },
            ];
      },
      RESEND_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).resend.action } }],
    },
    actors: {
      sendRecoveryCode: {
        done: ({ emailHint, resendAfterSeconds }) => codeSent(emailHint, resendAfterSeconds),
        error: (error) => [failedCall(START, error)],
      },
      resendCode: {
        done: ({ resendAfterSeconds }, before) => codeSent(before.context.emailHint, resendAfterSeconds),
        error: (error) => [failedCall(START, error)],
      },
      confirmRecovery: {
        done: ({ effectiveAt }) => [
          { answer: CONFIRM, method: 'POST', times: 1, json: { requestedAt: '2026-03-02T09:00:00.000Z', effectiveAt } },
        ],
        error: (error) => [failedCall(CONFIRM, error)],
      },
    },
    delays: { RESEND_TICK: (ms) => [{ runClock: ms }] },
    states: {
      explaining: (s, language) => ({
        url: inLanguage('/2fa/phone/lost', language),
        shows: [
          { role: 'button', name: pageTexts(language).phoneRecovery.start },
          ...(s.context.failure ? [{ role: 'alert' as const, text: proofFailureText(language, s.context.failure) }] : []),
        ],
      }),
      'awaitingProof.proof.editing': (s, language) => {
        const texts = pageTexts(language).phoneRecovery;
        return {
          shows: [
            // Where the code went, after "We e-mailed a 6-digit code to".
            { shownText: s.context.emailHint },
            { label: texts.code },
            { label: texts.password },
            ...(s.context.failure ? [{ shownText: proofFailureText(language, s.context.failure) }] : []),
          ],
        };
      },
      'awaitingProof.resend.coolingDown': (s, language) => {
        const texts = pageTexts(language).resend;
        return {
          shows: [
            { role: 'button', name: countedText(language, texts, 'in', { count: s.context.resendInSeconds }) },
            ...(s.context.codeResent ? [{ role: 'status' as const, text: texts.sent }] : []),
          ],
        };
      },
      'awaitingProof.resend.ready': (s, language) => ({
        shows: [
          { role: 'button', name: pageTexts(language).resend.action },
          ...(s.context.resendFailure ? [{ role: 'alert' as const, text: resendFailureText(language, s.context.resendFailure) }] : []),
        ],
      }),
      scheduled: finished('scheduledTitle'),
      passkeyInstead: finished('passkeyTitle'),
      noChallenge: (_, language) => ({ url: inLanguage('/login', language) }),
      expired: (_, language) => ({ url: `${inLanguage('/login', language)}?notice=two_factor_expired` }),
    },
  },
} satisfies FlowModel<typeof phoneRecoveryMachine>;
