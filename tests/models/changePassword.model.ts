import type { SnapshotFrom } from 'xstate';
import { changePasswordMachine } from '../../machines/changePassword/changePassword.machine';
import type { FlowModel, PageExpectation } from './graph/model';
import { failedCall, inLanguage, PAGE_LANGUAGES, pageTexts, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser } from './stepUp.model';

type Snapshot = SnapshotFrom<typeof changePasswordMachine>;

const CHANGE = '**/api/users/change-password';

/** The form, with the refusal next to its field. */
function form(s: Snapshot, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).changePassword;
  const { currentError, newError } = s.context;
  return {
    shows: [
      { label: texts.current },
      { label: texts.new },
      ...(currentError ? [{ shownText: currentError === 'missing' ? texts.errors.currentMissing : texts.errors.currentWrong }] : []),
      ...(newError ? [{ shownText: texts.errors[newError] }] : []),
    ],
  };
}

export const changePasswordModel = {
  events: {
    OPENED: { 'change password': {} },
    PASSWORDS_SUBMITTED: {
      'both right': { current: 'old password 11', next: 'a new password 22' },
      'no current password': { current: '', next: 'a new password 22' },
      'a weak new one': { current: 'old password 11', next: 'short' },
      'the same again': { current: 'old password 11', next: 'old password 11' },
    },
    CANCELLED: { cancel: {} },
  },
  actors: {
    stepUp: { done: STEP_UP_OUTCOMES },
    changePassword: {
      done: { changed: { otherSessionsEnded: 2 } },
      error: {
        'wrong current password': { code: 'current_password_invalid' },
        'step-up ran out': { code: 'step_up_required' },
        'refused by the rule': { code: 'validation_failed' },
        'too easy to guess': { code: 'password_too_weak', fields: { password: 'Too easy to guess' } },
        offline: { code: 'network_error' },
      },
    },
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.currentError, s.context.newError, s.context.failure !== null, s.context.otherSessionsEnded]),
  invariants: {
    changing: (s) => (s.context.currentError === null && s.context.newError === null) || 'sends while showing a refusal',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { open: inLanguage('/profile/security', language) },
    ],
    events: {
      OPENED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).changePassword.open } }],
      PASSWORDS_SUBMITTED: ({ current, next }, _, language) => {
        const texts = pageTexts(language).changePassword;
        return [
          { fill: { label: texts.current }, text: current },
          { fill: { label: texts.new }, text: next },
          { click: { role: 'button', name: texts.submit } },
        ];
      },
      CANCELLED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).changePassword.cancel } }],
    },
    actors: {
      stepUp: { done: (output, _, language) => stepUpInBrowser('password.change', output, language) },
      changePassword: {
        done: (answer) => [{ answer: CHANGE, method: 'POST', times: 1, json: answer }],
        error: (error) => [failedCall(CHANGE, error)],
      },
    },
    states: {
      editing: form,
      closed: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).changePassword.open }] }),
    },
  },
} satisfies FlowModel<typeof changePasswordMachine>;
