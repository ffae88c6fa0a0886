import type { FlowModel } from './graph/model';
import { registrationMachine, type SavedRegistration } from './registration.machine';
import { STEP_UP_OUTCOMES } from './stepUp.model';

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
      error: { cancelled: { code: 'passkey_cancelled' } },
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
} satisfies FlowModel<typeof registrationMachine>;
