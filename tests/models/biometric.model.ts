import type { SnapshotFrom } from 'xstate';
import { biometricMachine } from '../../machines/biometric/biometric.machine';
import type { FlowModel, PageExpectation } from './graph/model';
import { failedCall, inLanguage, PAGE_LANGUAGES, passkeyFailureText, pageTexts, withValues, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser } from './stepUp.model';

const STATUS = '**/api/validation-code/status';
const ENABLE_REQUEST = '**/api/validation-code/biometric/enable/request';
const ENABLE_CONFIRM = '**/api/validation-code/biometric/enable/confirm';
const DISABLE_REQUEST = '**/api/validation-code/biometric/disable-all/request';
const DISABLE_CONFIRM = '**/api/validation-code/biometric/disable-all/confirm';
/** The fallback message of each step (PasskeysSection.tsx). */
const FALLBACK = {
  enable: 'registration_not_completed',
  disableRequest: 'biometric_disable_request_failed',
  disableConfirm: 'biometric_disable_confirm_failed',
};
const REMOVE = '**/api/passkeys/*';

export const passkey = {
  id: 'Y3JlZA',
  name: 'Passkey',
  provider: 'Passkey',
  backedUp: true,
  createdAt: '2026-03-02T09:00:00.000Z',
  lastUsedAt: null,
};
/** A second row, so that a question open in one row can move to another. */
const laptopPasskey = { ...passkey, id: 'bGFwdG9w', name: 'Laptop', backedUp: false };
const LISTED = [passkey, laptopPasskey];
const listedPasskey = (id: string) => LISTED.find((listed) => listed.id === id)!;

/** A listed passkey's “Remove”, named after it. */
const removeButton = (id: string, language: PageLanguage) => ({
  role: 'button' as const,
  name: withValues(pageTexts(language).passkeys.section.removeOne, { name: listedPasskey(id).name }),
});

/** The question in a passkey's row before its removal. */
const removalQuestion = (id: string, language: PageLanguage) => ({
  role: 'group' as const,
  name: withValues(pageTexts(language).passkeys.section.removeConfirm, { name: listedPasskey(id).name }),
});

/**
 * The passkeys section at rest: its “Add a passkey” button, every row's “Remove” (so no question is open,
 * however the last removal ended), and the last failure in its alert.
 */
function section(s: SnapshotFrom<typeof biometricMachine>, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).passkeys;
  const failure = s.context.failure;
  const sentence = !failure
    ? null
    : failure.step === 'status'
      ? texts.section.loadFailed
      : failure.step === 'remove'
        ? texts.section.actionFailed
        : passkeyFailureText(language, failure.code, FALLBACK[failure.step]);
  return {
    shows: [
      { role: 'button', name: texts.section.add },
      ...LISTED.map((listed) => removeButton(listed.id, language)),
      ...(sentence ? [{ role: 'alert' as const, text: sentence }] : []),
    ],
  };
}

/** The code form of adding a passkey or removing them all. */
const codeForm = (_: unknown, language: PageLanguage): PageExpectation => ({ shows: [{ label: pageTexts(language).passkeys.code.label }] });

const options = {
  rp: { name: 'Meridian', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'ann@example.test', displayName: 'Ann' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
};
const response = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

export const biometricModel = {
  events: {
    ENABLE_REQUESTED: { 'Add a passkey': {} },
    DISABLE_ALL_REQUESTED: { 'Remove all passkeys': {} },
    CODE_SUBMITTED: { 'the code': { code: '123456' } },
    CANCELLED: { cancel: {} },
    STATUS_CHANGED: { 'a passkey removed from the list': {} },
    REMOVE_REQUESTED: { 'remove the passkey': { id: passkey.id }, 'remove the laptop’s passkey': { id: laptopPasskey.id } },
    REMOVE_CONFIRMED: { 'yes, remove': {} },
    REMOVE_CANCELLED: { 'keep it': {} },
  },
  actors: {
    stepUp: { done: STEP_UP_OUTCOMES },
    removePasskey: {
      done: { removed: { biometric: { enabled: false } } },
      error: { 'step-up ran out': { code: 'step_up_required' } },
    },
    loadStatus: {
      done: { 'has a passkey': { biometric: { enabled: true } }, 'no passkey': { biometric: { enabled: false } } },
      error: { 'network down': { code: 'network_error' } },
    },
    requestEnable: {
      done: {
        'after the step-up, no code needed': { code_token: 'token-1', options, code_required: false },
        'code sent by e-mail': { code_token: 'token-2', options, code_required: true, code_channel: 'email' },
      },
      error: { 'rate-limited': { code: 'rate_limited', retryAfterSeconds: 30 } },
    },
    confirmEnableCode: {
      done: { 'code right': { biometric: { enabled: false }, passkey: null } },
      error: { 'wrong code': { code: 'code_invalid' }, 'code used up': { code: 'code_attempts_exceeded' } },
    },
    createPasskey: {
      done: { 'passkey created': response },
      error: { 'ceremony cancelled': { code: 'webauthn_not_allowed', message: 'The operation either timed out or was not allowed.' } },
    },
    confirmEnable: {
      done: { 'passkey stored': { biometric: { enabled: true }, passkey } },
      error: { 'did not verify': { code: 'passkey_verification_failed' } },
    },
    requestDisable: {
      done: { 'code sent by SMS': { code_token: 'token-3', code_channel: 'sms' } },
      error: { 'server error': { code: 'internal_error' } },
    },
    confirmDisable: {
      done: { 'all removed': { biometric: { enabled: false } } },
      error: { 'wrong code': { code: 'code_invalid' }, 'token expired': { code: 'code_token_invalid' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.enabled, s.context.failure?.code ?? null, s.context.codeToken, s.context.removing]),
  invariants: {
    idle: (s) =>
      s.context.codeToken !== null
        ? 'the code token must be cleared after each attempt'
        : s.context.removing === null || 'a removal’s question outlives the removal',
    confirmingRemoval: (s) => LISTED.some((listed) => listed.id === s.context.removing) || 'asking about a passkey not listed',
    removingPasskey: (s) => s.context.removing !== null || 'removing a passkey nobody confirmed',
    awaitingEnableCode: (s) => s.context.codeToken !== null || 'a code is asked for without a request',
    awaitingDisableCode: (s) => s.context.codeToken !== null || 'a code is asked for without a request',
    registering: (s) => s.context.options !== null || 'a ceremony without creation options',
  },
  browser: {
    languages: PAGE_LANGUAGES,
    chainPaths: true,
    // The security page, signed in by cookie fixture; the passkey list itself is not part of this flow.
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/passkeys', method: 'GET', json: { passkeys: LISTED } },
      { open: inLanguage('/profile/security', language) },
    ],
    events: {
      ENABLE_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).passkeys.section.add } }],
      // The button shows only while the customer has a passkey.
      DISABLE_ALL_REQUESTED: (_, before, language) =>
        before.context.enabled ? [{ click: { role: 'button', name: pageTexts(language).passkeys.section.disableAll } }] : null,
      CODE_SUBMITTED: ({ code }, _, language) => [
        { fill: { label: pageTexts(language).passkeys.code.label }, text: code },
        { click: { role: 'button', name: pageTexts(language).passkeys.code.confirm } },
      ],
      CANCELLED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).passkeys.code.cancel } }],
      // The list is the page's own query: the flow's runs answer it with two passkeys. The row whose
      // question is open shows the question instead of its Remove.
      REMOVE_REQUESTED: ({ id }, before, language) => (before.context.removing === id ? null : [{ click: removeButton(id, language) }]),
      REMOVE_CONFIRMED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).passkeys.section.confirmRemove } }],
      REMOVE_CANCELLED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).passkeys.section.cancel } }],
    },
    actors: {
      stepUp: {
        done: (output, before, language) =>
          stepUpInBrowser(before.matches('steppingUpToRemove') ? 'passkey.remove' : 'passkey.add', output, language),
      },
      removePasskey: {
        done: (status) => [{ answer: REMOVE, method: 'DELETE', times: 1, json: status }],
        error: (error) => [failedCall(REMOVE, error, 'DELETE')],
      },
      loadStatus: {
        done: (status) => [{ answer: STATUS, method: 'GET', times: 1, json: status }],
        error: (error) => [failedCall(STATUS, error, 'GET')],
      },
      requestEnable: {
        done: (request) => [{ answer: ENABLE_REQUEST, method: 'POST', times: 1, json: request }],
        error: (error) => [failedCall(ENABLE_REQUEST, error)],
      },
      confirmEnableCode: {
        done: (answer) => [{ answer: ENABLE_CONFIRM, method: 'POST', times: 1, json: answer }],
        error: (error) => [failedCall(ENABLE_CONFIRM, error)],
      },
      createPasskey: {
        done: () => [{ passkeys: { create: 'answers' } }],
        error: () => [{ passkeys: { create: 'refuses' } }],
      },
      confirmEnable: {
        done: (answer) => [{ answer: ENABLE_CONFIRM, method: 'POST', times: 1, json: answer }],
        error: (error) => [failedCall(ENABLE_CONFIRM, error)],
      },
      requestDisable: {
        done: (request) => [{ answer: DISABLE_REQUEST, method: 'POST', times: 1, json: request }],
        error: (error) => [failedCall(DISABLE_REQUEST, error)],
      },
      confirmDisable: {
        done: (answer) => [{ answer: DISABLE_CONFIRM, method: 'POST', times: 1, json: answer }],
        error: (error) => [failedCall(DISABLE_CONFIRM, error)],
      },
    },
    states: {
      idle: section,
      // One question at a time, in the row asked about.
      confirmingRemoval: (s, language) => ({
        shows: [removalQuestion(s.context.removing!, language)],
        hides: LISTED.filter((listed) => listed.id !== s.context.removing).map((listed) => removalQuestion(listed.id, language)),
      }),
      awaitingEnableCode: codeForm,
      awaitingDisableCode: codeForm,
    },
  },
  notInBrowser: {
    transitions: {
      'idle → loadingStatus (STATUS_CHANGED)':
        'Nothing in the app sends it (no sender under src/): the page cannot cause it. Reported to the lead rather than removed here.',
    },
  },
} satisfies FlowModel<typeof biometricMachine>;
