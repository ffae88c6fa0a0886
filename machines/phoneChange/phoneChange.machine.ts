import { and, assign, not, or, setup, stateIn } from 'xstate';
import type { CountryCode } from '../../contract/countries';
import * as cooldown from '../parts/resendCooldown';
import { isSixDigitCode, toFailure, type Failure } from '../parts/failure';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

/**
 * How the new number is confirmed: `set` — a first number, SMS code to it; `email` — a change, code
 * e-mailed to the account, then (as `sms`) an SMS code to the new number; `sms` — a change, SMS code to
 * the new number. Every way ends with an SMS code: only that proves the number.
 */
export type PhoneCodeRoute = 'set' | 'email' | 'sms';

/**
 * Why the typed number was not taken: checked here first, with the same codes the server answers (it
 * checks again). Another customer's number is never named: the server answers for it as for a free one,
 * and its code, never sent, is refused like any wrong code.
 */
export type NumberError = 'missing' | 'phone_invalid' | 'phone_unchanged';

export interface PhoneProfile {
  email: string;
  /** Country of residence: the country picker's default. */
  country: CountryCode;
  /** The confirmed phone (E.164), or null. */
  phone: string | null;
}

interface PhoneChangeContext extends PhoneProfile, cooldown.ResendCooldown {
  /** The number being confirmed (E.164). */
  newPhone: string | null;
  route: PhoneCodeRoute | null;
  numberError: NumberError | null;
  failure: Failure | null;
  /** The last change went through (`removed`: the number was removed): the screen says so until the next edit. */
  saved: boolean | 'removed';
  /** The e-mailed code of a change was right: the SMS code to the new number is what remains. */
  emailConfirmed: boolean;
}

type PhoneChangeEvent =
  | { type: 'EDIT_STARTED' }
  | { type: 'REMOVE_REQUESTED' }
  | { type: 'REMOVE_CONFIRMED' }
  /** `e164` is the typed number as libphonenumber-js read it for `country`, null when it is not a valid number. */
  | { type: 'NUMBER_SUBMITTED'; country: CountryCode; national: string; e164: string | null }
  | { type: 'CHANNEL_CHOSEN'; channel: 'email' | 'sms' }
  | { type: 'CODE_SUBMITTED'; code: string }
  | { type: 'RESEND_REQUESTED' }
  | { type: 'CANCELLED' }
  | { type: 'RETRY' };

/** What the server may refuse a number for when sending its code (a taken number gets the same answer as a free one). */
const SEND_NUMBER_ERRORS = new Set<string>(['phone_invalid', 'phone_unchanged']);

export const phoneChangeMachine = setup({
  types: {
    context: {} as PhoneChangeContext,
    events: {} as PhoneChangeEvent,
    tags: {} as cooldown.ResendTag,
  },
  actors: {
    loadPhone: unprovided<PhoneProfile>('loadPhone'),
    /** Sends the code; answers the seconds until another may be sent. */
    requestCode: unprovided<{ resendAfterSeconds: number }, { phone: string; route: PhoneCodeRoute }>('requestCode'),
    /** Sends the code again, the same way. */
    resendCode: unprovided<{ resendAfterSeconds: number }, { phone: string; route: PhoneCodeRoute }>('resendCode'),
    /** Confirms with the SMS code; answers the number now confirmed. */
    confirmCode: unprovided<{ phone: string }, { code: string; route: PhoneCodeRoute }>('confirmCode'),
    /** POST /users/confirm-update-phone: the e-mailed code; an SMS code then goes to the new number. */
    confirmEmailCode: unprovided<{ resendAfterSeconds: number }, { code: string }>('confirmEmailCode'),
    /** The one step-up, for `phone.set`, `phone.change` or `phone.remove`. */
    stepUp: stepUpMachine,
    /** POST /users/remove-phone. */
    removePhone: unprovided<unknown>('removePhone'),
  },
  actions: {
    countDown: assign(cooldown.countDown),
    restartCooldown: assign(cooldown.restartCooldown),
    waitAsAsked: assign(cooldown.waitAsAsked),
    noteResendFailure: assign(cooldown.noteResendFailure),
  },
  delays: {
    RESEND_TICK: 1000,
  },
  guards: {
    numberIsMissing: ({ event }) => event.type === 'NUMBER_SUBMITTED' && event.national.trim() === '',
    numberIsInvalid: ({ event }) => event.type === 'NUMBER_SUBMITTED' && event.e164 === null,
    numberIsUnchanged: ({ context, event }) => event.type === 'NUMBER_SUBMITTED' && event.e164 === context.phone,
    hasPhone: ({ context }) => context.phone !== null,
    isOtherChannel: ({ context, event }) => event.type === 'CHANNEL_CHOSEN' && context.route !== 'set' && event.channel !== context.route,
    isMalformedCode: ({ event }) => event.type === 'CODE_SUBMITTED' && !isSixDigitCode(event.code),
    isNumberProblem: (_, failure: Failure) => SEND_NUMBER_ERRORS.has(failure.code),
    stepUpExpired: ({ event }) => 'error' in event && toFailure(event.error).code === 'step_up_required',
    stepUpGranted: ({ event }) => 'output' in event && (event.output as { granted: boolean }).granted,
    cooldownOver: cooldown.cooldownOver,
    isRateLimited: cooldown.isRateLimited,
    isEmailCode: ({ context }) => context.route === 'email',
    noCodeBeingChecked: not(or([stateIn('#phoneChange.codeStep.code.confirming'), stateIn('#phoneChange.codeStep.code.confirmingEmail')])),
    emailNotConfirmed: ({ context }) => !context.emailConfirmed,
    canSwitchChannel: and(['isOtherChannel', 'noCodeBeingChecked', 'emailNotConfirmed']),
  },
}).createMachine({
  id: 'phoneChange',
  description:
    'The phone section of /profile/security: set a first number (SMS code to it), change it (a code by e-mail and then an SMS code to the new number, or the SMS code alone, as the customer chooses) or remove it — each after the step-up.',
  context: {
    email: '',
    country: 'DE',
    phone: null,
    newPhone: null,
    route: null,
    numberError: null,
    failure: null,
    ...cooldown.startCooldown(0),
    saved: false,
    emailConfirmed: false,
  },
  initial: 'loading',
  states: {
    loading: {
      description: "Loading the customer's phone, e-mail and country of residence.",
      invoke: {
        id: 'loadPhone',
        src: 'loadPhone',
        onDone: {
          description: 'The profile arrived: the phone section shows the number or offers to add one.',
          target: 'idle',
          actions: assign(({ event }) => ({ email: event.output.email, country: event.output.country, phone: event.output.phone })),
        },
        onError: { target: 'loadFailed', description: 'The profile could not be loaded (offline): the section offers to try again.' },
      },
    },
    loadFailed: {
      description: 'The profile could not be loaded; “Try again”.',
      meta: { route: '/profile/security' },
      on: { RETRY: { target: 'loading', description: 'The customer tries again: the profile is loaded once more.' } },
    },
    idle: {
      description: 'The confirmed number in international form with “Change”, or “Add a phone number”.',
      meta: { route: '/profile/security' },
      on: {
        EDIT_STARTED: {
          description: 'The customer starts adding or changing the number: the number form opens.',
          target: 'enteringNumber',
          actions: assign({ saved: false, numberError: null, failure: null }),
        },
        REMOVE_REQUESTED: {
          description: 'The customer asks to remove the number: a question asks them to confirm.',
          guard: 'hasPhone',
          target: 'confirmingRemoval',
          actions: assign({ saved: false, failure: null }),
        },
      },
    },
    confirmingRemoval: {
      description: '“Remove +49 …? Signing in will no longer ask for an SMS code.”',
      meta: { route: '/profile/security' },
      on: {
        REMOVE_CONFIRMED: {
          target: 'steppingUpToRemove',
          description: 'The customer confirmed the removal: they confirm it is them first.',
        },
        CANCELLED: { target: 'idle', description: 'The customer kept the number: nothing changes.' },
      },
    },
    steppingUpToRemove: {
      description: 'The one step-up for `phone.remove`.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'phone.remove' },
        onDone: [
          { guard: 'stepUpGranted', target: 'removing', description: 'The customer confirmed it is them: the number is removed.' },
          { target: 'idle', description: 'The step-up was left: the number stays.' },
        ],
      },
    },
    removing: {
      description:
        'Waiting while the server removes the phone number (this uses up the confirmation); the old number and the e-mail are told.',
      invoke: {
        id: 'removePhone',
        src: 'removePhone',
        onDone: {
          target: 'idle',
          description: 'The number was removed: sign-in no longer asks for an SMS code.',
          actions: assign({ phone: null, saved: 'removed' }),
        },
        onError: {
          target: 'idle',
          description: 'The removal was refused (offline, step-up over): the section says why.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    enteringNumber: {
      description: 'Country (the customer’s own by default) and national number, checked with libphonenumber-js.',
      meta: { route: '/profile/security' },
      on: {
        NUMBER_SUBMITTED: [
          {
            guard: 'numberIsMissing',
            actions: assign({ numberError: 'missing', failure: null }),
            description: 'No number typed: said at once, nothing is sent.',
          },
          {
            guard: 'numberIsInvalid',
            actions: assign({ numberError: 'phone_invalid', failure: null }),
            description: 'Not a number of that country.',
          },
          {
            guard: 'numberIsUnchanged',
            actions: assign({ numberError: 'phone_unchanged', failure: null }),
            description: 'That is the current number.',
          },
          {
            guard: 'hasPhone',
            target: 'choosingChannel',
            actions: assign({
              newPhone: ({ event }) => event.e164,
              country: ({ event }) => event.country,
              numberError: null,
              failure: null,
            }),
            description: 'A change: choose how to confirm it.',
          },
          {
            target: 'steppingUp',
            actions: assign({
              newPhone: ({ event }) => event.e164,
              country: ({ event }) => event.country,
              route: 'set',
              numberError: null,
              failure: null,
            }),
            description: 'A first number: after the step-up, the code goes to it by SMS.',
          },
        ],
        CANCELLED: { target: 'idle', description: 'The customer gave up: the number stays as it was.' },
      },
    },
    choosingChannel: {
      description: 'Two clear choices: a code to the account’s e-mail, or an SMS to the new number.',
      meta: { route: '/profile/security' },
      on: {
        CHANNEL_CHOSEN: {
          target: 'steppingUp',
          description: 'The customer chose how to confirm: they confirm it is them first.',
          actions: assign({ route: ({ event }) => event.channel, failure: null }),
        },
        EDIT_STARTED: { target: 'enteringNumber', description: 'Back to the number.' },
        CANCELLED: { target: 'idle', description: 'The customer gave up: the number stays as it was.' },
      },
    },
    steppingUp: {
      description: 'The one step-up, for `phone.set` or `phone.change`; its grant also serves a resend or the other channel.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: ({ context }) => ({ action: context.route === 'set' ? 'phone.set' : 'phone.change' }),
        onDone: [
          { guard: 'stepUpGranted', target: 'sendingCode', description: 'The customer confirmed it is them: the code is sent.' },
          { guard: 'hasPhone', target: 'choosingChannel', description: 'Closed: the choice stays.' },
          { target: 'enteringNumber', description: 'Closed: the number stays.' },
        ],
      },
    },
    sendingCode: {
      description: 'Waiting while the server sends a code to the new number.',
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ phone: context.newPhone!, route: context.route! }),
        onDone: {
          description: 'The code was sent: the code field shows with the resend countdown.',
          target: 'codeStep',
          actions: assign(({ event }) => ({
            ...cooldown.startCooldown(event.output.resendAfterSeconds),
            failure: null,
            emailConfirmed: false,
          })),
        },
        onError: [
          {
            guard: 'stepUpExpired',
            target: 'steppingUp',
            description: 'The step-up’s 5 minutes ran out (a channel switched late): again.',
          },
          {
            guard: { type: 'isNumberProblem', params: ({ event }) => toFailure(event.error) },
            target: 'enteringNumber',
            actions: assign({ numberError: ({ event }) => toFailure(event.error).code as NumberError }),
            description: 'Not a real number, or the current one.',
          },
          {
            guard: 'hasPhone',
            target: 'choosingChannel',
            actions: assign({ failure: ({ event }) => toFailure(event.error) }),
            description: 'Not sent (rate limit, offline): the choice stays.',
          },
          {
            target: 'enteringNumber',
            description: 'Not sent (rate limit, offline): the number form says why and keeps it.',
            actions: assign({ failure: ({ event }) => toFailure(event.error) }),
          },
        ],
      },
    },
    codeStep: {
      type: 'parallel',
      description:
        'The code field, the resend button with its cooldown, and for a change the other way to confirm (until the e-mailed code was right).',
      meta: { route: '/profile/security' },
      on: {
        CANCELLED: { target: 'idle', description: 'The customer gave up: the number stays as it was.', actions: assign({ failure: null }) },
        CHANNEL_CHOSEN: {
          guard: 'canSwitchChannel',
          target: 'sendingCode',
          actions: assign({ route: ({ event }) => event.channel, failure: null }),
          description: 'Confirm the other way instead: a code is sent there.',
        },
      },
      states: {
        code: {
          description: 'The code field and its last error.',
          initial: 'editing',
          states: {
            editing: {
              description: 'Six digits, with the last error if any.',
              on: {
                CODE_SUBMITTED: [
                  {
                    description: 'Not six digits: said at once, nothing is sent.',
                    guard: 'isMalformedCode',
                    actions: assign({ failure: { code: 'code_malformed' }, codeResent: false }),
                  },
                  {
                    guard: 'isEmailCode',
                    target: 'confirmingEmail',
                    description: 'Six digits of the e-mailed code: the server checks it.',
                    actions: assign({ failure: null, codeResent: false }),
                  },
                  {
                    target: 'confirming',
                    description: 'Six digits of the SMS code: the server checks it.',
                    actions: assign({ failure: null, codeResent: false }),
                  },
                ],
              },
            },
            confirming: {
              description: 'Waiting while the server checks the typed code and saves the number.',
              invoke: {
                id: 'confirmCode',
                src: 'confirmCode',
                input: ({ context, event }) => {
                  if (event.type !== 'CODE_SUBMITTED') throw new Error('confirmCode starts from a submitted code');
                  return { code: event.code.trim(), route: context.route! };
                },
                onDone: {
                  description: 'The code was right: the new number is the phone, and the section says so.',
                  target: '#phoneChange.idle',
                  actions: assign({ phone: ({ event }) => event.output.phone, newPhone: null, route: null, saved: true }),
                },
                onError: {
                  target: 'editing',
                  description: 'Wrong or expired code: the field says why and keeps it.',
                  actions: assign({ failure: ({ event }) => toFailure(event.error) }),
                },
              },
            },
            confirmingEmail: {
              description:
                'Waiting while the server checks the code from the e-mail, which proves the request (not the number); the right code sends an SMS code to the new number.',
              invoke: {
                id: 'confirmEmailCode',
                src: 'confirmEmailCode',
                input: ({ event }) => {
                  if (event.type !== 'CODE_SUBMITTED') throw new Error('confirmEmailCode starts from a submitted code');
                  return { code: event.code.trim() };
                },
                onDone: {
                  target: '#phoneChange.codeStep',
                  reenter: true,
                  actions: assign(({ event }) => ({
                    ...cooldown.startCooldown(event.output.resendAfterSeconds),
                    route: 'sms' as const,
                    emailConfirmed: true,
                  })),
                  description: 'The same step again, for the SMS code to the new number.',
                },
                onError: {
                  target: 'editing',
                  description: 'Wrong or expired e-mailed code: the field says why and keeps it.',
                  actions: assign({ failure: ({ event }) => toFailure(event.error) }),
                },
              },
            },
          },
        },
        resend: cooldown.resendCodeRegion({
          input: ({ context }: { context: PhoneChangeContext }) => ({ phone: context.newPhone!, route: context.route! }),
          guard: 'noCodeBeingChecked',
        }),
      },
    },
  },
});
