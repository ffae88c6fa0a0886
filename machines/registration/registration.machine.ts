import { assign, setup } from 'xstate';
import { meetsPasswordRule } from '../../contract/auth';
import { failureOf, isSixDigitCode, refusalOf, toFailure, type Failure, type FieldErrors } from '../parts/failure';
import * as cooldown from '../parts/resendCooldown';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

/** The wizard's pages, in order; each is a route (English form) and a state with that `meta.route`. */
export const REGISTRATION_STEPS = {
  method: '/register',
  details: '/register/email',
  promoCode: '/register/promo-code',
  verifyEmail: '/register/verify-email',
  biometric: '/register/biometric',
  success: '/register/success',
} as const;
export type RegistrationStep = keyof typeof REGISTRATION_STEPS;

/**
 * The states of each page (the success page is the final state): the page's own state first, then the
 * one working on its answer, which counts as the same page. Resuming, saving and the screens read this.
 */
export const STEP_STATES = {
  method: ['choosingMethod'],
  details: ['editingDetails', 'registering'],
  promoCode: ['enteringPromoCode', 'redeemingPromoCode'],
  verifyEmail: ['verifyingEmail'],
  biometric: ['offeringPasskey', 'creatingPasskey'],
} as const satisfies Partial<Record<RegistrationStep, readonly string[]>>;

export type DetailsField = 'email' | 'password' | 'country' | 'acceptTerms';
/** What the e-mail form holds besides the password, which never enters the machine's context. */
export interface DetailsDraft {
  email: string;
  country: string;
  acceptTerms: boolean;
}

/**
 * Where a customer resumes after a reload: the step and what they had typed. Saved in session storage by
 * the app; never the password.
 */
export interface SavedRegistration extends DetailsDraft {
  step: RegistrationStep;
  promoCode: string;
  promoRedeemed: string | null;
  resendInSeconds: number;
}

interface RegistrationContext extends DetailsDraft, cooldown.ResendCooldown {
  /** The step saved before a reload, until the wizard has resumed there. */
  resumeAt: RegistrationStep | null;
  fieldErrors: FieldErrors<DetailsField>;
  /** The last failure of the current step that is not about one field. */
  failure: Failure | null;
  promoCode: string;
  /** The code the server accepted, once redeemed. */
  promoRedeemed: string | null;
}

type DetailsSubmitted = DetailsDraft & { type: 'DETAILS_SUBMITTED'; password: string };

type RegistrationEvent =
  /** A step's page was opened: by the wizard itself, Back/Forward, a reload or a typed URL. */
  | { type: 'PAGE_OPENED'; step: RegistrationStep }
  | { type: 'EMAIL_CHOSEN' }
  | ({ type: 'DETAILS_TYPED' } & DetailsDraft)
  | DetailsSubmitted
  | { type: 'PROMO_TYPED'; code: string }
  | { type: 'PROMO_SUBMITTED' }
  | { type: 'PROMO_SKIPPED' }
  | { type: 'CODE_SUBMITTED'; code: string }
  | { type: 'RESEND_REQUESTED' }
  | { type: 'PASSKEY_REQUESTED' }
  | { type: 'PASSKEY_SKIPPED' };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PROMO_SHAPE = /^[A-Za-z0-9_-]{1,32}$/;

/** The form's own checks, before anything is sent; the server checks again. */
function detailsErrors(event: DetailsSubmitted): FieldErrors<DetailsField> {
  const errors: FieldErrors<DetailsField> = {};
  const email = event.email.trim();
  if (email === '') errors.email = 'missing';
  else if (!EMAIL_SHAPE.test(email)) errors.email = 'invalid';
  if (event.password === '') errors.password = 'missing';
  else if (!meetsPasswordRule(event.password, { email })) errors.password = 'weak';
  if (event.country === '') errors.country = 'missing';
  if (!event.acceptTerms) errors.acceptTerms = 'missing';
  return errors;
}

const DETAILS_FIELDS: readonly DetailsField[] = ['email', 'password', 'country', 'acceptTerms'];

/**
 * The Back/Forward/reload rule of one step. Pages named in `moves` may be opened from here (the state
 * follows the URL); any other page of the wizard is answered by showing this step's page again.
 */
function pageOpened(current: RegistrationStep, moves: Partial<Record<RegistrationStep, string>> = {}) {
  return [
    ...Object.entries(moves).map(([step, target]) => ({
      guard: { type: 'opensStep' as const, params: { step: step as RegistrationStep } },
      target,
      description: `Back or Forward to ${REGISTRATION_STEPS[step as RegistrationStep]}: follow the URL, keep what was typed.`,
    })),
    {
      guard: { type: 'opensOtherStep' as const, params: { step: current } },
      actions: { type: 'showStep' as const, params: { step: current, replace: true } },
      description: 'A step that is not open now (skipped ahead, or already done): show the current step instead.',
    },
  ];
}

/** Entering a step shows its page; a resumed or URL-driven entry replaces the history entry instead of adding one. */
function showStepOnEntry(step: RegistrationStep) {
  return {
    type: 'showStep' as const,
    params: ({ event }: { event: { type: string } }) => ({
      step,
      replace: event.type === 'PAGE_OPENED' || event.type === 'xstate.init',
    }),
  };
}

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    input: {} as { saved: SavedRegistration | null },
    events: {} as RegistrationEvent,
    tags: {} as 'busy' | cooldown.ResendTag,
  },
  actors: {
    // The password travels in the event and this actor's input only — never in the context.
    register: unprovided<{ resendAfterSeconds: number }, DetailsDraft & { password: string }>('register'),
    redeemPromoCode: unprovided<{ code: string }, { code: string }>('redeemPromoCode'),
    verifyEmail: unprovided<void, { code: string }>('verifyEmail'),
    resendCode: unprovided<{ resendAfterSeconds: number }, { email: string }>('resendCode'),
    /** The one step-up for `passkey.add`, before the ceremony. */
    stepUp: stepUpMachine,
    createPasskey: unprovided<void>('createPasskey'),
  },
  actions: {
    /** Opens the step's page (pushing a history entry, or replacing it). */
    showStep: (_, _params: { step: RegistrationStep; replace: boolean }) => {},
    forgetResumeStep: assign({ resumeAt: null }),
    countDown: assign(cooldown.countDown),
    restartCooldown: assign((args) => ({ ...cooldown.restartCooldown(args), failure: null })),
    waitAsAsked: assign(cooldown.waitAsAsked),
    noteResendFailure: assign(cooldown.noteResendFailure),
  },
  guards: {
    stepUpGranted: ({ event }) => 'output' in event && (event.output as { granted: boolean }).granted,
    opensStep: ({ event }, params: { step: RegistrationStep }) => event.type === 'PAGE_OPENED' && event.step === params.step,
    opensOtherStep: ({ event }, params: { step: RegistrationStep }) => event.type === 'PAGE_OPENED' && event.step !== params.step,
    resumesAt: ({ context }, params: { step: RegistrationStep }) => context.resumeAt === params.step,
    hasInvalidDetails: ({ event }) => event.type === 'DETAILS_SUBMITTED' && Object.keys(detailsErrors(event)).length > 0,
    hasNoPromoCode: ({ context }) => !PROMO_SHAPE.test(context.promoCode.trim()),
    isMalformedCode: ({ event }) => event.type === 'CODE_SUBMITTED' && !isSixDigitCode(event.code),
    isAlreadyVerified: ({ event }) => failureOf(event).code === 'email_already_verified',
    cooldownOver: cooldown.cooldownOver,
    isRateLimited: cooldown.isRateLimited,
  },
  delays: {
    RESEND_TICK: 1000,
  },
}).createMachine({
  id: 'registration',
  description:
    'Sign-up wizard: how to sign up, e-mail and password, an optional promo code, the e-mailed code, an optional passkey, done. Each step is a page; Back, Forward and reload follow the URL and keep what was typed (the password only until a reload).',
  context: ({ input }) => ({
    resumeAt: input.saved?.step ?? null,
    email: input.saved?.email ?? '',
    country: input.saved?.country ?? '',
    acceptTerms: input.saved?.acceptTerms ?? false,
    fieldErrors: {},
    failure: null,
    promoCode: input.saved?.promoCode ?? '',
    promoRedeemed: input.saved?.promoRedeemed ?? null,
    ...cooldown.startCooldown(input.saved?.resendInSeconds ?? 0),
  }),
  initial: 'resuming',
  states: {
    resuming: {
      description: 'Picks the step saved in this tab (reload), else the first.',
      always: [
        ...(['details', 'promoCode', 'verifyEmail', 'biometric'] as const).map((step) => ({
          guard: { type: 'resumesAt' as const, params: { step } },
          actions: 'forgetResumeStep' as const,
          target: STEP_STATES[step][0],
          description: `Resume at ${REGISTRATION_STEPS[step]}.`,
        })),
        {
          target: 'choosingMethod',
          description: 'Nothing saved in this tab: the wizard starts at the choice of sign-up method.',
          actions: 'forgetResumeStep',
        },
      ],
    },
    choosingMethod: {
      description: 'E-mail, Apple or Google. Apple and Google leave the wizard for their own sign-in pages.',
      meta: { route: REGISTRATION_STEPS.method },
      entry: showStepOnEntry('method'),
      on: {
        EMAIL_CHOSEN: { target: 'editingDetails', description: 'Sign up with e-mail and password.' },
        PAGE_OPENED: pageOpened('method', { details: 'editingDetails' }),
      },
    },
    editingDetails: {
      description:
        'E-mail, password (each requirement shown met or unmet while typing), country of residence, terms. Errors sit next to their field; nothing typed is lost.',
      meta: { route: REGISTRATION_STEPS.details },
      entry: showStepOnEntry('details'),
      on: {
        DETAILS_TYPED: {
          actions: assign(({ event }) => ({ email: event.email, country: event.country, acceptTerms: event.acceptTerms })),
          description: 'Keep the draft (not the password) so Back, Forward and reload keep it.',
        },
        DETAILS_SUBMITTED: [
          {
            guard: 'hasInvalidDetails',
            actions: assign(({ event }) => ({
              email: event.email,
              country: event.country,
              acceptTerms: event.acceptTerms,
              fieldErrors: detailsErrors(event),
              failure: null,
            })),
            description: 'Something is missing or not valid: say which field, send nothing.',
          },
          {
            target: 'registering',
            description: 'The details are complete and valid: the account is created with them.',
            actions: assign(({ event }) => ({
              email: event.email.trim(),
              country: event.country,
              acceptTerms: event.acceptTerms,
              fieldErrors: {},
              failure: null,
            })),
          },
        ],
        PAGE_OPENED: pageOpened('details', { method: 'choosingMethod' }),
      },
    },
    registering: {
      tags: ['busy'],
      description:
        "Waiting while the server creates the account (with the saved referral code and the page's language); it signs the customer in and e-mails a code.",
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context, event }) => {
          if (event.type !== 'DETAILS_SUBMITTED') throw new Error('register starts from submitted details');
          return { email: context.email, country: context.country, acceptTerms: context.acceptTerms, password: event.password };
        },
        onDone: {
          description: 'The account was created: the optional promo code step opens.',
          target: 'enteringPromoCode',
          actions: assign(({ event }) => cooldown.startCooldown(event.output.resendAfterSeconds)),
        },
        onError: {
          description: 'The server refused the details (e.g. e-mail taken): the field says why, nothing typed is lost.',
          target: 'editingDetails',
          actions: assign(({ event }) => refusalOf(event.error, DETAILS_FIELDS)),
        },
      },
    },
    enteringPromoCode: {
      description: 'Optional promo code; it can be skipped. A refused code keeps what was typed.',
      meta: { route: REGISTRATION_STEPS.promoCode },
      entry: showStepOnEntry('promoCode'),
      on: {
        PROMO_TYPED: {
          description: 'The customer types a promo code: the last error goes away.',
          actions: assign({ promoCode: ({ event }) => event.code, failure: null }),
        },
        PROMO_SUBMITTED: [
          {
            guard: 'hasNoPromoCode',
            actions: assign({ failure: { code: 'promo_malformed' } }),
            description: 'Empty, or characters no promo code has: say so, send nothing.',
          },
          {
            target: 'redeemingPromoCode',
            description: 'A promo code is typed: the server checks and redeems it.',
            actions: assign({ failure: null }),
          },
        ],
        PROMO_SKIPPED: { target: 'verifyingEmail', actions: assign({ failure: null }), description: 'No promo code.' },
        PAGE_OPENED: pageOpened('promoCode'),
      },
    },
    redeemingPromoCode: {
      tags: ['busy'],
      description: 'Waiting while the server checks and redeems the promo code.',
      invoke: {
        id: 'redeemPromoCode',
        src: 'redeemPromoCode',
        input: ({ context }) => ({ code: context.promoCode.trim() }),
        onDone: {
          target: 'verifyingEmail',
          description: 'The promo code was redeemed: the e-mail code step opens.',
          actions: assign({ promoRedeemed: ({ event }) => event.output.code }),
        },
        onError: {
          target: 'enteringPromoCode',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
          description: 'Unknown, expired or already redeemed: say so; the typed code stays.',
        },
      },
    },
    verifyingEmail: {
      description: 'The 6-digit code e-mailed at sign-up; a new one can be asked for once the countdown ends.',
      meta: { route: REGISTRATION_STEPS.verifyEmail },
      entry: showStepOnEntry('verifyEmail'),
      type: 'parallel',
      on: { PAGE_OPENED: pageOpened('verifyEmail') },
      states: {
        code: {
          description: 'The six-digit code field and its last error.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The code field, with the last error (wrong, expired, or used up: then ask for a new one).',
              on: {
                CODE_SUBMITTED: [
                  {
                    guard: 'isMalformedCode',
                    actions: assign({ failure: { code: 'code_malformed' } }),
                    description: 'Not six digits: say so, send nothing.',
                  },
                  { target: 'checking', description: 'Six digits typed: the server checks the code.', actions: assign({ failure: null }) },
                ],
              },
            },
            checking: {
              tags: ['busy'],
              description: 'Waiting while the server checks the code from the e-mail.',
              invoke: {
                id: 'verifyEmail',
                src: 'verifyEmail',
                input: ({ event }) => {
                  if (event.type !== 'CODE_SUBMITTED') throw new Error('verifyEmail starts from a submitted code');
                  return { code: event.code.trim() };
                },
                onDone: { target: '#registration.offeringPasskey', description: 'The e-mail is confirmed: a passkey is offered next.' },
                onError: [
                  {
                    guard: 'isAlreadyVerified',
                    target: '#registration.offeringPasskey',
                    description: 'Verified meanwhile (another tab): carry on.',
                  },
                  {
                    target: 'editing',
                    description: 'Wrong or expired code: the field says why and keeps it.',
                    actions: assign({ failure: ({ event }) => toFailure(event.error) }),
                  },
                ],
              },
            },
          },
        },
        resend: cooldown.resendCodeRegion({ input: ({ context }: { context: RegistrationContext }) => ({ email: context.email }) }),
      },
    },
    offeringPasskey: {
      description: 'Offers a passkey for faster sign-in; it can be skipped. A failed ceremony says why and offers retry and skip.',
      meta: { route: REGISTRATION_STEPS.biometric },
      entry: showStepOnEntry('biometric'),
      on: {
        PASSKEY_REQUESTED: {
          target: 'steppingUp',
          description: 'The customer wants a passkey: they confirm it is them first.',
          actions: assign({ failure: null }),
        },
        PASSKEY_SKIPPED: { target: 'finished', description: 'No passkey now; one can be added in Security later.' },
        PAGE_OPENED: pageOpened('biometric'),
      },
    },
    steppingUp: {
      tags: ['busy'],
      description:
        'The one step-up for `passkey.add`: signing up is not one, so a code sent for it (to the e-mail) confirms the passkey is the customer’s.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'passkey.add' },
        onDone: [
          {
            guard: 'stepUpGranted',
            target: 'creatingPasskey',
            description: 'The customer confirmed it is them: the browser creates the passkey.',
          },
          { target: 'offeringPasskey', description: 'Closed: the offer stays, with “Skip”.' },
        ],
      },
    },
    creatingPasskey: {
      tags: ['busy'],
      description: 'The WebAuthn ceremony (the Biometric Authentication sheet shows meanwhile).',
      invoke: {
        id: 'createPasskey',
        src: 'createPasskey',
        onDone: { target: 'finished', description: 'The passkey was created: the success page shows.' },
        onError: {
          target: 'offeringPasskey',
          description: 'The browser or the server refused the passkey: the offer stays, saying why.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    finished: {
      type: 'final',
      description: 'The success page; the saved progress is forgotten.',
      meta: { route: REGISTRATION_STEPS.success },
      entry: { type: 'showStep', params: { step: 'success', replace: false } },
    },
  },
});
