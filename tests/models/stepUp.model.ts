import type { SnapshotFrom } from 'xstate';
import type { StepUpAction } from '../../contract/stepUp';
import type { Failure } from '../../machines/parts/failure';
import type { FlowModel, PageAction, PageExpectation, PageMark } from './graph/model';
import { failedCall, failureText, FAR_FUTURE, inLanguage, PAGE_LANGUAGES, pageTexts, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';
import { stepUpMachine, type StepUpOutput } from '../../machines/stepUp/stepUp.machine';

type Snapshot = SnapshotFrom<typeof stepUpMachine>;

const OPTIONS = '**/api/step-up/options';
const CODE = '**/api/step-up/code';
const VERIFY = '**/api/step-up/verify';
const STATUS = '**/api/validation-code/status';
/** Every step-up call: one no binding answers is still on its way (the sheet says it is preparing). */
const ANY_STEP_UP_CALL = '**/api/step-up/**';

const passkeyOptions = { challenge: 'c3RlcC11cA', rpId: 'localhost', userVerification: 'required' as const, allowCredentials: [] };
const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'e30', signature: 'e30' },
  clientExtensionResults: {},
};

/** What the sheet says for a refused code (the step-up's own words, else the shared code errors). */
function codeFailureText(failure: Failure, language: PageLanguage): string {
  const texts = pageTexts(language);
  return failureText(language, { ...texts.twoFactor.codeErrors, ...texts.stepUp.errors }, failure);
}

const codeSent = (action: StepUpAction, resendAfterSeconds: number): PageAction => ({
  answer: CODE,
  method: 'POST',
  times: 1,
  json: { action, channel: 'email', expiresAt: FAR_FUTURE, resendAfterSeconds },
});

/**
 * The browser side of a step-up, for the flows that invoke it. Granted: the options offer a passkey and the
 * browser answers at once, so nothing needs a click once the sheet would open (a model runner answers
 * calls before it causes the event). Closed: without a passkey a code is sent, and once the sheet asks for
 * it the customer presses Escape, as its close button does.
 */
export function stepUpInBrowser(action: StepUpAction, output: StepUpOutput, language: PageLanguage): PageAction[] {
  if (!output.granted) {
    return [
      { answer: OPTIONS, method: 'POST', times: 1, json: { action, passkey: null, codeChannel: 'email' } },
      codeSent(action, 30),
      { whileRunning: [{ press: 'Escape', in: { label: pageTexts(language).stepUp.code } }] },
    ];
  }
  return [
    { answer: OPTIONS, method: 'POST', times: 1, json: { action, passkey: passkeyOptions, codeChannel: 'email' } },
    { passkeys: { get: 'answers' } },
    { answer: VERIFY, method: 'POST', times: 1, json: { action, expiresAt: FAR_FUTURE } },
  ];
}

/** The step-up sheet, which a closed or granted step-up no longer shows. */
export const stepUpSheet = (language: PageLanguage): PageMark => ({ role: 'dialog', name: pageTexts(language).stepUp.title });

/** Fixtures for a flow's invoked `stepUp`: granted, or the sheet closed. */
export const STEP_UP_OUTCOMES = { granted: { granted: true }, 'closed by the customer': { granted: false } } as const;

/** The sheet while it waits for the server: the customer can close it all the same. */
const preparing = (_: Snapshot, language: PageLanguage): PageExpectation => ({
  shows: [stepUpSheet(language), { role: 'status', text: pageTexts(language).stepUp.preparing }],
});

const sheet = (s: Snapshot, language: PageLanguage): PageExpectation => ({
  shows: [
    { label: pageTexts(language).stepUp.code },
    ...(s.context.failure ? [{ shownText: codeFailureText(s.context.failure, language) }] : []),
  ],
});

export const stepUpModel = {
  events: {
    PASSKEY_CHOSEN: { 'use the passkey': {} },
    CODE_CHOSEN: { 'a code instead': {} },
    CODE_SUBMITTED: { 'the code': { code: '123456' }, 'four digits': { code: '1234' } },
    RESEND_REQUESTED: { 'send a new code': {} },
    RETRY: { 'try again': {} },
    CANCELLED: { close: {} },
  },
  inputs: { 'adding a passkey': { action: 'passkey.add' } },
  actors: {
    loadOptions: {
      done: {
        'with a passkey': { action: 'passkey.add', passkey: passkeyOptions, codeChannel: 'sms' },
        'no passkey': { action: 'passkey.add', passkey: null, codeChannel: 'email' },
      },
      error: { offline: { code: 'network_error' } },
    },
    getAssertion: {
      done: { 'passkey given': assertion },
      error: { 'ceremony cancelled': { code: 'webauthn_not_allowed', message: 'The operation either timed out or was not allowed.' } },
    },
    verifyPasskey: {
      done: { granted: { action: 'passkey.add', expiresAt: FAR_FUTURE } },
      error: { 'did not verify': { code: 'passkey_verification_failed' } },
    },
    sendCode: {
      done: { 'sent by e-mail': { channel: 'email', resendAfterSeconds: 1 } },
      error: { 'too soon': { code: 'rate_limited', retryAfterSeconds: 1 }, offline: { code: 'network_error' } },
    },
    resendCode: {
      done: { 'sent again': { channel: 'email', resendAfterSeconds: 1 } },
      error: { 'too soon': { code: 'rate_limited', retryAfterSeconds: 1 }, offline: { code: 'network_error' } },
    },
    verifyCode: {
      done: { granted: { action: 'passkey.add', expiresAt: FAR_FUTURE } },
      error: { 'wrong code': { code: 'code_invalid' }, 'too late': { code: 'step_up_not_started' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.status,
      s.context.passkey !== null,
      s.context.failure !== null,
      s.context.resendFailure !== null,
      s.context.resendInSeconds,
    ]),
  invariants: {
    confirmingWithPasskey: (s) => s.context.passkey !== null || 'a passkey ceremony without a passkey request',
    granted: (s) => s.context.granted || 'ended granted without the flag',
    cancelled: (s) => !s.context.granted || 'cancelled but granted',
    'codeStep.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The security page's “Add a passkey” opens the step-up (what follows it is the biometric flow's).
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: STATUS, method: 'GET', json: { biometric: { enabled: true } } },
      { hold: ANY_STEP_UP_CALL },
      { open: inLanguage('/profile/security', language) },
      { click: { role: 'button', name: pageTexts(language).passkeys.section.add } },
    ],
    events: {
      PASSKEY_CHOSEN: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).stepUp.usePasskey } }],
      CODE_CHOSEN: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).stepUp.useCode } }],
      CODE_SUBMITTED: ({ code }, _, language) => [
        { fill: { label: pageTexts(language).stepUp.code }, text: code },
        { click: { role: 'button', name: pageTexts(language).stepUp.confirm } },
      ],
      RESEND_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).resend.action } }],
      RETRY: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).stepUp.retry } }],
      CANCELLED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).stepUp.cancel } }],
    },
    actors: {
      loadOptions: {
        done: (options) => [{ answer: OPTIONS, method: 'POST', times: 1, json: options }],
        error: (error) => [failedCall(OPTIONS, error)],
      },
      getAssertion: {
        done: () => [{ passkeys: { get: 'answers' } }],
        error: () => [{ passkeys: { get: 'refuses' } }],
      },
      verifyPasskey: {
        done: (grant) => [{ answer: VERIFY, method: 'POST', times: 1, json: grant }],
        error: (error) => [failedCall(VERIFY, error)],
      },
      sendCode: {
        done: ({ resendAfterSeconds }) => [codeSent('passkey.add', resendAfterSeconds)],
        error: (error) => [failedCall(CODE, error)],
      },
      resendCode: {
        done: ({ resendAfterSeconds }) => [codeSent('passkey.add', resendAfterSeconds)],
        error: (error) => [failedCall(CODE, error)],
      },
      verifyCode: {
        done: (grant) => [{ answer: VERIFY, method: 'POST', times: 1, json: grant }],
        error: (error) => [failedCall(VERIFY, error)],
      },
    },
    states: {
      loadingOptions: preparing,
      sendingCode: preparing,
      'codeStep.code.editing': sheet,
      passkeyOffered: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).stepUp.useCode }] }),
      failed: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).stepUp.retry }] }),
      // Closed at any point, loading included: the sheet goes and the page's button is there to start again.
      cancelled: (_, language) => ({
        shows: [{ role: 'button', name: pageTexts(language).passkeys.section.add }],
        hides: [stepUpSheet(language)],
      }),
    },
  },
  notInBrowser: {
    states: {
      'codeStep.resend.ready':
        'Reached when the resend countdown ends; the model has no binding for its ticks on the page clock yet (below).',
      'codeStep.resend.resending': 'Follows a resend offered at the end of the countdown, which the browser paths do not reach (below).',
    },
    transitions: {
      'codeStep.resend.coolingDown → codeStep.resend.coolingDown (after RESEND_TICK)':
        "No delay binding yet: the step-up dialog opens inside other flows' pages, whose paths run on the real clock; twoFactorPhone and phoneChange drive the same resend part in the browser.",
      'codeStep.resend.coolingDown → codeStep.resend.ready (always if cooldownOver)':
        "Follows the countdown's ticks, not driven here for the reason above.",
      'codeStep.resend.ready → codeStep.resend.resending (RESEND_REQUESTED if noCodeBeingChecked)':
        'The resend button shows only after the countdown, not driven here for the reason above.',
      'codeStep.resend.resending → codeStep.resend.coolingDown (done: resendCode)':
        'Follows a resend, not reached here for the reason above.',
      'codeStep.resend.resending → codeStep.resend.coolingDown (error: resendCode if isRateLimited)':
        'Follows a resend, not reached here for the reason above.',
      'codeStep.resend.resending → codeStep.resend.ready (error: resendCode)': 'Follows a resend, not reached here for the reason above.',
    },
  },
} satisfies FlowModel<typeof stepUpMachine>;
