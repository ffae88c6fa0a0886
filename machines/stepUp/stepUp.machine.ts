import { assign, not, setup, stateIn } from 'xstate';
import type { AuthenticationResponse, CodeChannel, PasskeyRequestOptions, StepUpAction, StepUpOptions } from '../../contract';
import * as cooldown from '../parts/resendCooldown';
import { isSixDigitCode, toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

export interface StepUpInput {
  action: StepUpAction;
}

/** `granted`: the server holds a grant for the action in this session; false when the customer cancelled. */
export interface StepUpOutput {
  granted: boolean;
}

interface StepUpContext extends cooldown.ResendCooldown {
  action: StepUpAction;
  /** The options' passkey request, or null when the customer has no passkey. */
  passkey: PasskeyRequestOptions | null;
  codeChannel: CodeChannel | null;
  failure: Failure | null;
  granted: boolean;
}

type StepUpEvent =
  | { type: 'PASSKEY_CHOSEN' }
  | { type: 'CODE_CHOSEN' }
  | { type: 'CODE_SUBMITTED'; code: string }
  | { type: 'RESEND_REQUESTED' }
  | { type: 'RETRY' }
  | { type: 'CANCELLED' };

/**
 * The one step-up: before a sensitive action (adding or removing a passkey, changing the phone or the
 * password, and later the money actions) the customer proves it is them again, for that action. The
 * flow that needs it invokes this machine and carries on when it ends granted.
 */
export const stepUpMachine = setup({
  types: {
    context: {} as StepUpContext,
    events: {} as StepUpEvent,
    input: {} as StepUpInput,
    output: {} as StepUpOutput,
  },
  actors: {
    /** POST /step-up/options: the passkey request (when the customer has one) and where a code would go. */
    loadOptions: unprovided<StepUpOptions, { action: StepUpAction }>('loadOptions'),
    /** The browser's passkey ceremony (navigator.credentials.get) for the options' challenge. */
    getAssertion: unprovided<AuthenticationResponse, { options: PasskeyRequestOptions }>('getAssertion'),
    verifyPasskey: unprovided<unknown, { action: StepUpAction; response: AuthenticationResponse }>('verifyPasskey'),
    /** POST /step-up/code; answers the seconds until another may be sent. */
    sendCode: unprovided<{ channel: CodeChannel; resendAfterSeconds: number }, { action: StepUpAction }>('sendCode'),
    resendCode: unprovided<{ channel: CodeChannel; resendAfterSeconds: number }, { action: StepUpAction }>('resendCode'),
    verifyCode: unprovided<unknown, { action: StepUpAction; code: string }>('verifyCode'),
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
    hasPasskey: ({ context }) => context.passkey !== null,
    offersPasskey: ({ event }) => 'output' in event && (event.output as StepUpOptions).passkey !== null,
    isMalformedCode: ({ event }) => event.type === 'CODE_SUBMITTED' && !isSixDigitCode(event.code),
    cooldownOver: cooldown.cooldownOver,
    isRateLimited: cooldown.isRateLimited,
    noCodeBeingChecked: not(stateIn('#stepUp.codeStep.code.verifying')),
  },
}).createMachine({
  id: 'stepUp',
  description:
    'Confirm it is you, for one action: with your passkey when you have one (a code remains the other way), else with a code sent by SMS to your confirmed phone or by e-mail. The grant the server gives lasts 5 minutes and serves only this action in this session.',
  context: ({ input }) => ({
    action: input.action,
    passkey: null,
    codeChannel: null,
    failure: null,
    granted: false,
    ...cooldown.startCooldown(0),
  }),
  output: ({ context }) => ({ granted: context.granted }),
  initial: 'loadingOptions',
  states: {
    loadingOptions: {
      tags: ['busy'],
      description: 'Asking the server whether this action can be confirmed with a passkey.',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ action: context.action }),
        onDone: [
          {
            guard: 'offersPasskey',
            target: 'confirmingWithPasskey',
            actions: assign({ passkey: ({ event }) => event.output.passkey, codeChannel: ({ event }) => event.output.codeChannel }),
            description: 'The customer has a passkey: it is offered first.',
          },
          {
            target: 'sendingCode',
            actions: assign({ passkey: null, codeChannel: ({ event }) => event.output.codeChannel }),
            description: 'No passkey: a code is sent at once.',
          },
        ],
        onError: {
          target: 'failed',
          description: 'The options could not be loaded (offline): the sheet offers to try again.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
      on: {
        CANCELLED: {
          target: 'cancelled',
          description: 'Closed while the options load: the request is abandoned, the action does not happen.',
        },
      },
    },
    confirmingWithPasskey: {
      tags: ['busy'],
      description: 'The browser asks for one of the customer’s passkeys.',
      invoke: {
        id: 'getAssertion',
        src: 'getAssertion',
        input: ({ context }) => ({ options: context.passkey! }),
        onDone: { target: 'verifyingPasskey', description: 'The browser gave the passkey’s answer: the server checks it.' },
        onError: {
          target: 'passkeyOffered',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
          description: 'Cancelled or failed in the browser: try again or use a code.',
        },
      },
    },
    verifyingPasskey: {
      tags: ['busy'],
      description: 'Waiting while the server checks the passkey the customer just used.',
      invoke: {
        id: 'verifyPasskey',
        src: 'verifyPasskey',
        input: ({ context, event }) => {
          if (!('output' in event)) throw new Error('verifyPasskey starts from the ceremony’s answer');
          return { action: context.action, response: event.output as AuthenticationResponse };
        },
        onDone: { target: 'granted', description: 'The server accepted the passkey: the action may go ahead.' },
        onError: {
          target: 'passkeyOffered',
          description: 'The server refused the passkey answer: use it again or a code.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    passkeyOffered: {
      description: 'The passkey did not go through: “Use your passkey” again, or “Send a code instead”.',
      on: {
        PASSKEY_CHOSEN: { target: 'loadingOptions', actions: assign({ failure: null }), description: 'A fresh challenge.' },
        CODE_CHOSEN: {
          target: 'sendingCode',
          description: 'The customer chose a code instead: one is sent.',
          actions: assign({ failure: null }),
        },
        CANCELLED: { target: 'cancelled', description: 'The customer closed the sheet: the action does not happen.' },
      },
    },
    sendingCode: {
      tags: ['busy'],
      description: 'Waiting while the server sends a code for this action, by SMS to the confirmed phone, else by e-mail.',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ action: context.action }),
        onDone: {
          description: 'The code was sent: the code field shows with the resend countdown.',
          target: 'codeStep',
          actions: assign(({ event }) => ({
            ...cooldown.startCooldown(event.output.resendAfterSeconds),
            codeChannel: event.output.channel,
            failure: null,
          })),
        },
        onError: [
          {
            guard: 'isRateLimited',
            target: 'codeStep',
            actions: assign(({ context, event }) => ({ ...cooldown.waitAsAsked({ context, event }), failure: null })),
            description: 'A code for this action went out moments ago (another tab, a reopened sheet): type that one.',
          },
          {
            target: 'failed',
            description: 'No code could be sent (offline, too many codes): the sheet says why.',
            actions: assign({ failure: ({ event }) => toFailure(event.error) }),
          },
        ],
      },
      on: {
        CANCELLED: {
          target: 'cancelled',
          description: 'Closed before the code field shows: a code that went out anyway is answered by the next sheet’s rate limit.',
        },
      },
    },
    codeStep: {
      type: 'parallel',
      description: 'The code field, the resend button with its cooldown, and the passkey when the customer has one.',
      on: {
        CANCELLED: { target: 'cancelled', description: 'The customer closed the sheet: the action does not happen.' },
        PASSKEY_CHOSEN: {
          guard: 'hasPasskey',
          target: 'loadingOptions',
          description: 'The customer chose their passkey instead of the code.',
          actions: assign({ failure: null }),
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
                    target: 'verifying',
                    description: 'Six digits typed: the server checks the code.',
                    actions: assign({ failure: null, codeResent: false }),
                  },
                ],
              },
            },
            verifying: {
              tags: ['busy'],
              description: 'Waiting while the server checks the typed code.',
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context, event }) => {
                  if (event.type !== 'CODE_SUBMITTED') throw new Error('verifyCode starts from a submitted code');
                  return { action: context.action, code: event.code.trim() };
                },
                onDone: { target: '#stepUp.granted', description: 'The code was right: the action may go ahead.' },
                onError: {
                  target: 'editing',
                  actions: assign({ failure: ({ event }) => toFailure(event.error) }),
                  description: 'Wrong, expired or used up: type it again or ask for a new one.',
                },
              },
            },
          },
        },
        resend: cooldown.resendCodeRegion({
          input: ({ context }: { context: StepUpContext }) => ({ action: context.action }),
          guard: 'noCodeBeingChecked',
        }),
      },
    },
    failed: {
      description: 'The options or the code could not be had (offline, too many codes): “Try again” or cancel.',
      on: {
        RETRY: {
          target: 'loadingOptions',
          description: 'The customer tries again: the options are loaded once more.',
          actions: assign({ failure: null }),
        },
        CANCELLED: { target: 'cancelled', description: 'The customer closed the sheet: the action does not happen.' },
      },
    },
    granted: {
      type: 'final',
      description: 'The server holds a grant for this action in this session: the flow that asked carries on.',
      entry: assign({ granted: true }),
    },
    cancelled: {
      type: 'final',
      description: 'The customer closed the sheet: the action does not happen.',
    },
  },
});
