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
  passkeyFailureText,
  SIGNED_IN,
  signsIn,
  type PageLanguage,
} from './graph/page';
import {
  registrationMachine,
  REGISTRATION_STEPS,
  type RegistrationStep,
  type SavedRegistration,
} from '../../machines/registration/registration.machine';
import { registrationStep } from '../../machines/registration/registration.view';
import { sessionCookieJar } from './session.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser, stepUpSheet } from './stepUp.model';

type Snapshot = SnapshotFrom<typeof registrationMachine>;

const REGISTER = '**/api/auth/register';
const PROMO_CODE = '**/api/users/promocode';
const VERIFY = '**/api/auth/verify-email';
const RESEND = '**/api/auth/verify-email/resend';
const ENABLE_REQUEST = '**/api/validation-code/biometric/enable/request';
const ENABLE_CONFIRM = '**/api/validation-code/biometric/enable/confirm';
/** src/platform/storage.ts's STORAGE_KEYS.registration (machines/ may not import src/). */
const SAVED_PROGRESS = 'registration_progress';
/** The pages of an account that exists (src/app/registrationStorage.ts): signed in, past account creation. */
const ACCOUNT_STEPS: ReadonlySet<RegistrationStep> = new Set(['promoCode', 'verifyEmail', 'biometric']);

/** The wizard's page for a step, in the language of the path. */
const pageOf = (step: RegistrationStep, language: PageLanguage) => inLanguage(REGISTRATION_STEPS[step], language);

/** The step a snapshot shows (a busy state counts as its page; the success page once finished). */
const stepOf = (s: Snapshot): RegistrationStep => registrationStep(s) ?? 'success';

/** The first thing each page shows, to know it is there. */
function pageMark(step: RegistrationStep, language: PageLanguage): PageMark {
  const texts = pageTexts(language).register;
  const marks: Record<RegistrationStep, PageMark> = {
    method: { role: 'button', name: texts.method.email, exact: false },
    details: { label: texts.details.email },
    promoCode: { label: texts.promo.label },
    verifyEmail: { label: texts.verify.code },
    biometric: { role: 'button', name: texts.passkey.skip },
    success: { role: 'link', name: texts.success.home },
  };
  return marks[step];
}

/** A failure in the words of one of the wizard's messages (failureText in src/ui/failureText.ts). */
function failureSentence(language: PageLanguage, own: Record<string, string>, failure: Failure | null): PageMark[] {
  return failure ? [{ shownText: failureText(language, own, failure) }] : [];
}

/** The page of the step, and the fields' messages and the failure the snapshot holds. */
function stepPage(s: Snapshot, language: PageLanguage): PageExpectation {
  const step = stepOf(s);
  const texts = pageTexts(language).register;
  const errors: Record<string, Record<string, string>> = pageTexts(language).fieldErrors;
  const shows: PageMark[] = [pageMark(step, language)];
  if (step === 'details') {
    for (const [field, code] of Object.entries(s.context.fieldErrors)) shows.push({ shownText: errors[field]![code!]! });
    shows.push(...failureSentence(language, {}, s.context.failure));
  } else if (step === 'promoCode') {
    shows.push(...failureSentence(language, texts.promo.errors, s.context.failure));
  } else if (step === 'verifyEmail') {
    shows.push(...failureSentence(language, texts.codeErrors, s.context.failure));
  } else if (step === 'biometric' && s.context.failure) {
    shows.push({ role: 'alert', text: passkeyFailureText(language, s.context.failure.code, 'registration_not_completed') });
  }
  // The offer again after the step-up sheet was closed (or the ceremony refused): the sheet has gone.
  return { url: pageOf(step, language), shows, ...(step === 'biometric' ? { hides: [stepUpSheet(language)] } : {}) };
}

/**
 * The page causes events only while it waits for nothing: the bindings answer its requests at once, so
 * nothing can be done while an answer is awaited (a code checked, a new code sent).
 */
const idle = (before: Snapshot, actions: PageAction[]): PageAction[] | null =>
  before.hasTag('busy') || before.hasTag('resending') ? null : actions;

/** The passkey creation options the server answers (the shape the browser stand-in reads). */
const passkeyOptions = {
  rp: { name: 'Meridian', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'new.customer@meridian.test', displayName: 'new.customer@meridian.test' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
};
/** The start of an enrolment right after sign-up: no code needed, the passkey alone is enough. */
const enrolmentStarted: PageAction = {
  answer: ENABLE_REQUEST,
  method: 'POST',
  times: 1,
  json: { code_token: 'token-1', options: passkeyOptions, code_required: false },
};

const draft = { email: 'new.customer@meridian.test', country: 'DE', acceptTerms: true };
const saved = (step: SavedRegistration['step'], resendInSeconds = 0): SavedRegistration => ({
  step,
  ...draft,
  promoCode: 'WELCOME10',
  promoRedeemed: null,
  resendInSeconds,
});

export const registrationModel = {
  inputs: {
    'a new visitor': { saved: null },
    'reloaded on the e-mail form': { saved: saved('details') },
    'reloaded on the promo code': { saved: saved('promoCode', 2) },
    'reloaded on verification': { saved: saved('verifyEmail', 1) },
    'reloaded on the passkey offer': { saved: saved('biometric') },
  },
  events: {
    PAGE_OPENED: {
      '/register': { step: 'method' },
      '/register/email': { step: 'details' },
      '/register/promo-code': { step: 'promoCode' },
      '/register/verify-email': { step: 'verifyEmail' },
      '/register/biometric': { step: 'biometric' },
    },
    EMAIL_CHOSEN: { 'e-mail': {} },
    DETAILS_TYPED: { 'an e-mail typed': { email: 'new.customer@', country: '', acceptTerms: false } },
    DETAILS_SUBMITTED: {
      'complete details': { ...draft, password: 'a strong secret 42' },
      'a weak password and no terms': { ...draft, password: 'short', acceptTerms: false },
      'nothing typed': { email: ' ', password: '', country: '', acceptTerms: false },
      'a malformed e-mail': { ...draft, email: 'new.customer@', password: 'a strong secret 42' },
    },
    PROMO_TYPED: { 'a promo code': { code: 'WELCOME10' }, nothing: { code: '' } },
    PROMO_SUBMITTED: { 'the typed code': {} },
    PROMO_SKIPPED: { skip: {} },
    CODE_SUBMITTED: { 'six digits': { code: '123456' }, 'not six digits': { code: '12a' } },
    RESEND_REQUESTED: { 'new code': {} },
    PASSKEY_REQUESTED: { 'create a passkey': {} },
    PASSKEY_SKIPPED: { 'not now': {} },
  },
  actors: {
    register: {
      done: { 'signed up': { resendAfterSeconds: 2 } },
      error: {
        'e-mail taken': { code: 'email_taken' },
        'password too easy to guess': { code: 'password_too_weak', fields: { password: 'Too easy to guess' } },
        'rate-limited': { code: 'rate_limited', retryAfterSeconds: 30 },
        'country refused': { code: 'validation_failed', fields: { country: 'Must be an ISO 3166-1 alpha-2 country code' } },
      },
    },
    redeemPromoCode: {
      done: { redeemed: { code: 'WELCOME10' } },
      error: { 'unknown code': { code: 'promo_unknown' } },
    },
    verifyEmail: {
      done: { verified: undefined },
      error: {
        'wrong code': { code: 'code_invalid' },
        'used up': { code: 'code_attempts_exceeded' },
        'already verified': { code: 'email_already_verified' },
      },
    },
    resendCode: {
      done: { sent: { resendAfterSeconds: 2 } },
      error: { 'too soon': { code: 'rate_limited', retryAfterSeconds: 1 }, offline: { code: 'network_error' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    createPasskey: {
      done: { created: undefined },
      // What the browser's refusal becomes when the customer cancels the ceremony (src/auth/webauthnErrors.ts).
      error: { cancelled: { code: 'webauthn_not_allowed', message: 'The operation either timed out or was not allowed.' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.resumeAt,
      Object.keys(s.context.fieldErrors),
      s.context.failure?.code ?? null,
      s.context.promoCode !== '',
      s.context.promoRedeemed,
      s.context.resendInSeconds,
      s.context.resendFailure?.code ?? null,
      s.context.email !== '',
    ]),
  invariants: {
    '*': (s) =>
      !Object.keys(s.context).some((key) => key.toLowerCase().includes('password')) ||
      'the password must never be kept in the machine (it would be saved for reloads)',
    registering: (s) =>
      (Object.keys(s.context.fieldErrors).length === 0 && s.context.acceptTerms && s.context.country !== '') ||
      'registers with a field missing or the terms not accepted',
    editingDetails: (s) =>
      s.context.failure === null || Object.keys(s.context.fieldErrors).length === 0 || 'a field error and a general error at once',
    enteringPromoCode: (s) => s.context.promoRedeemed === null || 'asks for a promo code after one was redeemed',
    'verifyingEmail.resend.coolingDown': (s) => s.context.resendInSeconds > 0 || 'counting down with nothing left to wait',
    'verifyingEmail.resend.ready': (s) => s.context.resendInSeconds <= 0 || 'resend offered before the wait is over',
    finished: (s) => s.status === 'done' || 'the success page is the end of the flow',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    /**
     * The page of the saved step (or the first), opened in a tab whose session storage holds that step, and
     * signed in for the steps of an account. The clock is paused from the start, so the resend countdown
     * moves only in `after` steps; the first screen shows once the clock has run up to React's reveal of it.
     */
    start: ({ saved }, language) => {
      const step = saved?.step ?? 'method';
      const signedIn = ACCOUNT_STEPS.has(step);
      // Saved at a moment the page's clock has not reached: no second of the countdown has passed.
      const stored = { [SAVED_PROGRESS]: saved ? JSON.stringify({ ...saved, savedAt: Date.parse(FAR_FUTURE) }) : null };
      return [
        { clock: 'install' },
        { clock: 'pause' },
        { sessionStorage: stored },
        sessionCookieJar({ hasAuthToken: signedIn, hasRefreshToken: signedIn }),
        { open: pageOf(step, language) },
        { runClockUntil: pageMark(step, language) },
      ];
    },
    events: {
      // Back, Forward or a typed address. A signed-out visitor cannot open an account's page (the route
      // guard sends them to /login) and a signed-in customer cannot open the first two (they go home).
      PAGE_OPENED: ({ step }, before, language) =>
        ACCOUNT_STEPS.has(step) === ACCOUNT_STEPS.has(stepOf(before)) ? idle(before, [{ history: pageOf(step, language) }]) : null,
      EMAIL_CHOSEN: (_, before, language) =>
        idle(before, [{ click: { role: 'button', name: pageTexts(language).register.method.email, exact: false } }]),
      DETAILS_TYPED: ({ email, country, acceptTerms }, before, language) => {
        const texts = pageTexts(language).register.details;
        return idle(before, [
          { fill: { label: texts.email }, text: email },
          { select: { label: texts.country }, value: country },
          { check: { label: texts.terms }, checked: acceptTerms },
        ]);
      },
      DETAILS_SUBMITTED: ({ email, password, country, acceptTerms }, before, language) => {
        const texts = pageTexts(language).register.details;
        return idle(before, [
          { fill: { label: texts.email }, text: email },
          { fill: { label: texts.password }, text: password },
          { select: { label: texts.country }, value: country },
          { check: { label: texts.terms }, checked: acceptTerms },
          { click: { role: 'button', name: texts.submit } },
        ]);
      },
      PROMO_TYPED: ({ code }, before, language) =>
        idle(before, [{ fill: { label: pageTexts(language).register.promo.label }, text: code }]),
      PROMO_SUBMITTED: (_, before, language) =>
        idle(before, [{ click: { role: 'button', name: pageTexts(language).register.promo.apply } }]),
      PROMO_SKIPPED: (_, before, language) => idle(before, [{ click: { role: 'button', name: pageTexts(language).register.promo.skip } }]),
      CODE_SUBMITTED: ({ code }, before, language) => {
        const texts = pageTexts(language).register.verify;
        return idle(before, [{ fill: { label: texts.code }, text: code }, { click: { role: 'button', name: texts.submit } }]);
      },
      RESEND_REQUESTED: (_, before, language) => idle(before, [{ click: { role: 'button', name: pageTexts(language).resend.action } }]),
      PASSKEY_REQUESTED: (_, before, language) => {
        const texts = pageTexts(language).register.passkey;
        return idle(before, [{ click: { role: 'button', name: before.context.failure ? texts.retry : texts.create } }]);
      },
      PASSKEY_SKIPPED: (_, before, language) =>
        idle(before, [{ click: { role: 'button', name: pageTexts(language).register.passkey.skip } }]),
    },
    actors: {
      register: {
        // The server signs the new customer in with its answer.
        done: ({ resendAfterSeconds }) =>
          signsIn(REGISTER, { ...SIGNED_IN, user: { ...SIGNED_IN.user, emailVerified: false }, resendAfterSeconds }),
        error: (error) => [failedCall(REGISTER, error)],
      },
      redeemPromoCode: {
        done: ({ code }) => [
          {
            answer: PROMO_CODE,
            method: 'POST',
            times: 1,
            json: { code, description: 'A welcome bonus', redeemedAt: '2026-01-01T00:00:00.000Z' },
          },
        ],
        error: (error) => [failedCall(PROMO_CODE, error)],
      },
      verifyEmail: {
        done: () => [{ answer: VERIFY, method: 'POST', times: 1, json: SIGNED_IN.user }],
        error: (error) => [failedCall(VERIFY, error)],
      },
      resendCode: {
        done: ({ resendAfterSeconds }) => [{ answer: RESEND, method: 'POST', times: 1, json: { ok: true, resendAfterSeconds } }],
        error: (error) => [failedCall(RESEND, error)],
      },
      // The sheet confirms it is the customer before the passkey is made, as Security's “Add a passkey” does.
      stepUp: { done: (output, _, language) => stepUpInBrowser('passkey.add', output, language) },
      // Once the step-up has granted it, the passkey alone is enough: request, the ceremony, confirm (enrolPasskey).
      createPasskey: {
        done: () => [
          enrolmentStarted,
          { passkeys: { create: 'answers' } },
          {
            answer: ENABLE_CONFIRM,
            method: 'POST',
            times: 1,
            json: {
              biometric: { enabled: true },
              passkey: {
                id: 'Y3JlZA',
                name: 'Passkey',
                provider: 'Passkey',
                backedUp: true,
                createdAt: '2026-01-01T00:00:00.000Z',
                lastUsedAt: null,
              },
            },
          },
        ],
        error: () => [enrolmentStarted, { passkeys: { create: 'refuses' } }],
      },
    },
    // The countdown's seconds pass on the page's paused clock.
    delays: {
      RESEND_TICK: (ms) => [{ runClock: ms }],
    },
    states: {
      choosingMethod: stepPage,
      editingDetails: stepPage,
      enteringPromoCode: stepPage,
      'verifyingEmail.code.editing': stepPage,
      'verifyingEmail.resend.coolingDown': (s, language) => {
        const texts = pageTexts(language).resend;
        return {
          shows: [
            { role: 'button', name: countedText(language, texts, 'in', { count: s.context.resendInSeconds }) },
            ...(s.context.codeResent ? [{ role: 'status' as const, text: texts.sent }] : []),
          ],
        };
      },
      'verifyingEmail.resend.ready': (s, language) => ({
        shows: [{ role: 'button', name: pageTexts(language).resend.action }, ...failureSentence(language, {}, s.context.resendFailure)],
      }),
      offeringPasskey: stepPage,
      finished: stepPage,
    },
  },
  notInBrowser: {
    transitions: {
      'choosingMethod → choosingMethod (stays) (PAGE_OPENED if opensOtherStep)':
        'A typed address of another step while this one shows: the route guard sends a signed-out visitor elsewhere first, so the page cannot deliver it; the unit replay takes it.',
      'editingDetails → editingDetails (stays) (PAGE_OPENED if opensOtherStep)':
        'The same typed address of another step, which the route guard answers before the wizard sees it; the unit replay takes it.',
    },
  },
} satisfies FlowModel<typeof registrationMachine>;
