import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../../machines/parts/failure';
import type { FlowModel, PageAction, PageExpectation, PageMark } from './graph/model';
import {
  countedText,
  failedCall,
  failureText,
  FAR_FUTURE,
  inLanguage,
  PAGE_LANGUAGES,
  pageTexts,
  SIGNED_IN,
  type PageLanguage,
} from './graph/page';
import { sessionCookieJar } from './session.model';
import { phoneChangeMachine } from '../../machines/phoneChange/phoneChange.machine';
import { STEP_UP_OUTCOMES, stepUpInBrowser } from './stepUp.model';

type Snapshot = SnapshotFrom<typeof phoneChangeMachine>;

const ME = '**/api/users/me';
const REMOVE = '**/api/users/remove-phone';
/** Where each way of confirming sends its code and its confirmation (src/app/system.ts). */
const CALLS = {
  set: { request: '**/api/users/set-phone', confirm: '**/api/users/confirm-phone' },
  email: { request: '**/api/users/update-phone', confirm: '**/api/users/confirm-update-phone' },
  sms: { request: '**/api/users/update-phone', confirm: '**/api/users/confirm-update-phone-sms' },
};
/** A change by e-mail: the e-mailed code's confirmation, which answers the SMS code sent to the new number. */
const CONFIRM_EMAIL = '**/api/users/confirm-update-phone';

/** The signed-in customer as GET /users/me and the confirmations answer, with the phone given. */
const me = (profile: { email: string; country: string; phone: string | null }) => ({
  ...SIGNED_IN.user,
  ...profile,
  phoneConfirmed: profile.phone !== null,
  pendingPhone: null,
});

/** What the page says for a failed code check or sending (codeFailureMessage in src/screens/shared/CodeFeedback.tsx). */
function codeFailureText(failure: Failure, language: PageLanguage): string {
  return failureText(language, pageTexts(language).twoFactor.codeErrors, failure);
}

/** The number field, by role: the phone section is named “Phone number” as well. */
function numberField(s: Snapshot, language: PageLanguage): PageMark {
  const texts = pageTexts(language).phone;
  return { role: 'textbox', name: s.context.phone ? texts.newNumber : texts.number };
}

/** The number form: its field, and the reason the number was refused, if any. */
function numberForm(s: Snapshot, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).phone;
  const error = s.context.numberError;
  const key = error === 'missing' ? 'missing' : error === 'phone_unchanged' ? 'unchanged' : 'invalid';
  return { shows: [numberField(s, language), ...(error ? [{ shownText: texts.errors[key] }] : [])] };
}

/** The answer of a call that sent a code (`url`) by `channel` to the flow's new number. */
function codeSentAnswer(url: string, channel: 'email' | 'sms', resendAfterSeconds: number, before: Snapshot): PageAction[] {
  const sent = { pendingPhone: before.context.newPhone, channel, expiresAt: FAR_FUTURE, resendAfterSeconds };
  return [{ clock: 'pause' }, { answer: url, method: 'POST', times: 1, json: sent }];
}

/** The server's answer to sending a code the flow's way (POST set-phone or update-phone). */
function codeSent({ resendAfterSeconds }: { resendAfterSeconds: number }, before: Snapshot): PageAction[] {
  const route = before.context.route!;
  return codeSentAnswer(CALLS[route].request, route === 'set' ? 'sms' : route, resendAfterSeconds, before);
}

const current = '+4915123456789';
const next = '+4915198765432';

export const phoneChangeModel = {
  events: {
    EDIT_STARTED: { 'add or change': {} },
    REMOVE_REQUESTED: { 'remove the number': {} },
    REMOVE_CONFIRMED: { 'yes, remove it': {} },
    NUMBER_SUBMITTED: {
      'a valid new number': { country: 'DE', national: '0151 98765432', e164: next },
      'nothing typed': { country: 'DE', national: ' ', e164: null },
      'too few digits': { country: 'DE', national: '0151', e164: null },
      'the current number': { country: 'DE', national: '0151 23456789', e164: current },
    },
    CHANNEL_CHOSEN: { 'by e-mail': { channel: 'email' }, 'by SMS': { channel: 'sms' } },
    CODE_SUBMITTED: { 'the code': { code: '123456' }, 'four digits': { code: '1234' } },
    RESEND_REQUESTED: { 'send a new code': {} },
    CANCELLED: { cancel: {} },
    RETRY: { 'try again': {} },
  },
  actors: {
    loadPhone: {
      done: {
        'no phone yet': { email: 'ann@example.test', country: 'DE', phone: null },
        'a confirmed phone': { email: 'ann@example.test', country: 'DE', phone: current },
      },
      error: { offline: { code: 'network_error' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    removePhone: {
      done: { removed: me({ email: 'ann@example.test', country: 'DE', phone: null }) },
      error: { offline: { code: 'network_error' } },
    },
    requestCode: {
      done: { sent: { resendAfterSeconds: 1 } },
      error: {
        'not a real number': { code: 'phone_invalid' },
        'step-up ran out': { code: 'step_up_required' },
        'too soon': { code: 'rate_limited', retryAfterSeconds: 20 },
        offline: { code: 'network_error' },
      },
    },
    resendCode: {
      done: { 'sent again': { resendAfterSeconds: 1 } },
      error: { 'too soon': { code: 'rate_limited', retryAfterSeconds: 1 }, offline: { code: 'network_error' } },
    },
    confirmCode: {
      done: { confirmed: { phone: next } },
      // Another customer's number answers exactly this too: its code was never sent.
      error: { 'wrong code': { code: 'code_invalid' } },
    },
    confirmEmailCode: {
      done: { 'SMS code sent to the new number': { resendAfterSeconds: 1 } },
      error: { 'wrong code': { code: 'code_invalid' } },
    },
  },
  // Only what changes what the flow can do next; which error is shown does not.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.phone !== null,
      s.context.route,
      s.context.numberError !== null,
      s.context.failure !== null,
      s.context.resendFailure !== null,
      s.context.resendInSeconds,
      s.context.emailConfirmed,
    ]),
  invariants: {
    choosingChannel: (s) => (s.context.phone !== null && s.context.newPhone !== null) || 'offers a channel without a change',
    sendingCode: (s) => (s.context.newPhone !== null && s.context.newPhone !== s.context.phone) || 'sends a code for no new number',
    codeStep: (s) => {
      if ((s.context.route === 'set') !== (s.context.phone === null))
        return 'a first number must be confirmed by SMS, a change by the customer’s choice';
      return !s.context.emailConfirmed || s.context.route === 'sms' || 'after the e-mailed code, only the SMS code is left';
    },
    'codeStep.code.confirming': (s) => s.context.failure === null || 'confirms while showing an old error',
    'codeStep.resend.coolingDown': (s) => s.context.resendInSeconds > 0 || 'counting down with nothing left to wait',
    'codeStep.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
    idle: (s) =>
      !s.context.saved || (s.context.saved === 'removed') === (s.context.phone === null) || 'says saved or removed against the phone',
    confirmingRemoval: (s) => s.context.phone !== null || 'offers to remove no phone',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // The phone section of the security page, signed in (a cookie fixture: the profile is answered below).
    // The resend countdown runs on Playwright's clock, paused once a code is asked for: each tick is a step.
    start: (_, language) => [
      { clock: 'install' },
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      // The balances load at sign-in too; with the stand-in cookies the server would answer 401, and the
      // renewal that follows would end the session mid-path.
      { answer: '**/api/accounts-management/summary-balance', method: 'GET', json: {} },
      { open: inLanguage('/profile/security', language) },
    ],
    events: {
      EDIT_STARTED: (_, before, language) => {
        const texts = pageTexts(language).phone;
        return [
          {
            click: {
              role: 'button',
              name: before.matches('choosingChannel') ? texts.otherNumber : before.context.phone ? texts.change : texts.add,
            },
          },
        ];
      },
      NUMBER_SUBMITTED: ({ national }, before, language) => {
        const texts = pageTexts(language).phone;
        // The customer's own country is chosen already, and every fixture uses it.
        return [{ fill: numberField(before, language), text: national }, { click: { role: 'button', name: texts.continue } }];
      },
      CHANNEL_CHOSEN: ({ channel }, before, language) => {
        const texts = pageTexts(language).phone;
        if (before.hasTag('resending')) return null;
        if (before.matches('codeStep'))
          return [{ click: { role: 'button', name: channel === 'sms' ? texts.useSmsInstead : texts.useEmailInstead } }];
        return [{ click: { role: 'button', name: channel === 'sms' ? texts.bySms : texts.byEmail, exact: false } }];
      },
      // The page's answer to a resend comes at once: there is no time to do anything else while it is awaited.
      CODE_SUBMITTED: ({ code }, before, language) =>
        before.hasTag('resending')
          ? null
          : [
              { fill: { label: pageTexts(language).phone.code }, text: code },
              { click: { role: 'button', name: pageTexts(language).phone.confirm } },
            ],
      RESEND_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).resend.action } }],
      CANCELLED: (_, before, language) =>
        before.hasTag('resending') ? null : [{ click: { role: 'button', name: pageTexts(language).phone.cancel } }],
      RETRY: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).phone.retry } }],
      REMOVE_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).phone.remove } }],
      REMOVE_CONFIRMED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).phone.confirmRemove } }],
    },
    actors: {
      stepUp: {
        done: (output, before, language) =>
          stepUpInBrowser(
            before.matches('steppingUpToRemove') ? 'phone.remove' : before.context.route === 'set' ? 'phone.set' : 'phone.change',
            output,
            language,
          ),
      },
      removePhone: {
        done: (answer) => [{ answer: REMOVE, method: 'POST', times: 1, json: answer }],
        error: (error) => [failedCall(REMOVE, error)],
      },
      loadPhone: {
        // Not counted: the phone section loads the profile for itself, and the app loads it as both tokens
        // appear — or not again, after a first load that met an error it does not retry. The page checks of
        // the next state tell that it arrived.
        done: (profile) => [{ answer: ME, method: 'GET', json: me(profile) }],
        // A retry of the GET by the client meets the catch-all error answer: it fails all the same.
        error: (error) => [failedCall(ME, error, 'GET')],
      },
      requestCode: {
        done: (output, before) => codeSent(output, before),
        error: (error, before) => [failedCall(CALLS[before.context.route!].request, error)],
      },
      // The same call again, once the countdown's ticks have run on the page's clock.
      resendCode: {
        done: (output, before) => codeSent(output, before),
        error: (error, before) => [failedCall(CALLS[before.context.route!].request, error)],
      },
      confirmEmailCode: {
        done: ({ resendAfterSeconds }, before) => codeSentAnswer(CONFIRM_EMAIL, 'sms', resendAfterSeconds, before),
        error: (error) => [failedCall(CONFIRM_EMAIL, error)],
      },
      confirmCode: {
        done: ({ phone }, before) => [
          {
            answer: CALLS[before.context.route!].confirm,
            method: 'POST',
            times: 1,
            json: me({ email: before.context.email, country: before.context.country, phone }),
          },
        ],
        error: (error, before) => [failedCall(CALLS[before.context.route!].confirm, error)],
      },
    },
    delays: {
      RESEND_TICK: (ms) => [{ runClock: ms }],
    },
    states: {
      loadFailed: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).phone.retry }] }),
      idle: (s, language) => {
        const texts = pageTexts(language).phone;
        return {
          shows: [
            { role: 'button', name: s.context.phone ? texts.change : texts.add },
            ...(s.context.saved ? [{ shownText: s.context.saved === 'removed' ? texts.removed : texts.saved }] : []),
          ],
        };
      },
      enteringNumber: numberForm,
      confirmingRemoval: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).phone.confirmRemove }] }),
      choosingChannel: (_, language) => ({ shows: [{ shownText: pageTexts(language).phone.chooseChannel }] }),
      'codeStep.resend.coolingDown': (s, language) => {
        const texts = pageTexts(language).resend;
        return {
          shows: [
            { role: 'button', name: countedText(language, texts, 'in', { count: s.context.resendInSeconds }) },
            ...(s.context.codeResent ? [{ role: 'status' as const, text: texts.sent }] : []),
          ],
        };
      },
      'codeStep.resend.ready': (s, language) => {
        const texts = pageTexts(language);
        const failure = s.context.resendFailure;
        return {
          shows: [
            { role: 'button', name: texts.resend.action },
            ...(failure ? [{ role: 'alert' as const, text: codeFailureText(failure, language) }] : []),
          ],
        };
      },
      'codeStep.code.editing': (s, language) => ({
        shows: [
          { label: pageTexts(language).phone.code },
          ...(s.context.emailConfirmed ? [{ shownText: pageTexts(language).phone.emailConfirmed }] : []),
          ...(s.context.failure ? [{ shownText: codeFailureText(s.context.failure, language) }] : []),
        ],
      }),
    },
  },
} satisfies FlowModel<typeof phoneChangeMachine>;
