import { assign, setup } from 'xstate';
import type {
  BiometricDisableRequest,
  BiometricEnableConfirm,
  BiometricEnableRequest,
  CodeChannel,
  PasskeyCreationOptions,
  RegistrationResponse,
  ValidationStatus,
} from '../../contract';
import { toFailure, type Failure } from '../parts/failure';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

/** Which step failed: picks the endpoints' old message (docs/product.md#signing-in-and-sessions) when the error has no more precise one. */
export type BiometricStep = 'status' | 'enable' | 'disableRequest' | 'disableConfirm' | 'remove';

/** A failure and the step it stopped (its `message`: the browser's own words for `webauthn_not_allowed`, the server's for `no_code_token`). */
export type BiometricFailure = Failure & { step: BiometricStep };

interface BiometricContext {
  /** Whether the customer has a passkey; null until the status is known. */
  enabled: boolean | null;
  /** The pending request's single-use token; cleared whenever the flow returns to idle. */
  codeToken: string | null;
  options: PasskeyCreationOptions | null;
  codeChannel: CodeChannel | null;
  failure: BiometricFailure | null;
  /** The passkey whose removal is asked about, from its row's Remove until the removal ends: kept, removed, refused or the step-up closed. */
  removing: string | null;
}

type BiometricEvent =
  | { type: 'ENABLE_REQUESTED' }
  | { type: 'DISABLE_ALL_REQUESTED' }
  | { type: 'REMOVE_REQUESTED'; id: string }
  | { type: 'REMOVE_CONFIRMED' }
  | { type: 'REMOVE_CANCELLED' }
  | { type: 'CODE_SUBMITTED'; code: string }
  | { type: 'CANCELLED' }
  | { type: 'STATUS_CHANGED' };

/** Wrong codes may be typed again; anything else ends the attempt. */
const RETRYABLE_CODE_ERRORS = new Set(['code_invalid', 'validation_failed', 'network_error', 'rate_limited']);

function failedAt(step: BiometricStep, error: unknown): BiometricFailure {
  return { ...toFailure(error), step };
}

const cleared = { codeToken: null, options: null, codeChannel: null, removing: null } as const;

export const biometricMachine = setup({
  types: {
    context: {} as BiometricContext,
    events: {} as BiometricEvent,
  },
  actors: {
    loadStatus: unprovided<ValidationStatus>('loadStatus'),
    requestEnable: unprovided<BiometricEnableRequest>('requestEnable'),
    confirmEnableCode: unprovided<BiometricEnableConfirm, { codeToken: string; code: string }>('confirmEnableCode'),
    createPasskey: unprovided<RegistrationResponse, { options: PasskeyCreationOptions | null }>('createPasskey'),
    confirmEnable: unprovided<BiometricEnableConfirm, { codeToken: string; response: RegistrationResponse }>('confirmEnable'),
    requestDisable: unprovided<BiometricDisableRequest>('requestDisable'),
    confirmDisable: unprovided<ValidationStatus, { codeToken: string; code: string }>('confirmDisable'),
    /** The one step-up (passkey or code) for adding or removing a passkey. */
    stepUp: stepUpMachine,
    removePasskey: unprovided<ValidationStatus, { id: string }>('removePasskey'),
  },
  actions: {
    /** Records a failure for developers (the customer sees the translated message). */
    logFailure: (_, _params: { failure: BiometricFailure }) => {},
    /** The passkey list changed: lists on screen reload. */
    passkeysChanged: () => {},
  },
  guards: {
    codeRequired: ({ event }) => 'output' in event && (event.output as BiometricEnableRequest).code_required,
    stepUpGranted: ({ event }) => 'output' in event && (event.output as { granted: boolean }).granted,
    codeMayBeRetyped: ({ event }) => 'error' in event && RETRYABLE_CODE_ERRORS.has(toFailure(event.error).code),
  },
}).createMachine({
  id: 'biometric',
  description:
    'Passkeys on /profile/security, in the seed’s words “biometric”: the status, adding a passkey (the step-up, a request, the passkey ceremony, the confirm), removing one (a question in its row, the step-up, then the removal) and removing all of them with a code. The code token is cleared after each attempt; every failure is logged and returns to idle with a translated message.',
  context: { enabled: null, ...cleared, failure: null },
  initial: 'loadingStatus',
  states: {
    loadingStatus: {
      description: 'Finding out whether the customer already has a passkey.',
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: {
          target: 'idle',
          description: 'The status arrived: the section shows whether the customer has a passkey.',
          actions: assign({ enabled: ({ event }) => event.output.biometric.enabled }),
        },
        onError: {
          description: 'The status could not be read (offline): the section shows the failure.',
          target: 'idle',
          actions: [
            assign({ failure: ({ event }) => failedAt('status', event.error) }),
            { type: 'logFailure', params: ({ event }) => ({ failure: failedAt('status', event.error) }) },
          ],
        },
      },
    },
    idle: {
      description: 'The passkeys section with its buttons, and the last failure if any.',
      meta: { route: '/profile/security' },
      entry: assign(cleared),
      on: {
        ENABLE_REQUESTED: {
          target: 'steppingUpToAdd',
          description: 'The customer asked to add a passkey: they confirm it is them first.',
          actions: assign({ failure: null }),
        },
        REMOVE_REQUESTED: {
          description: 'The customer pressed Remove on one passkey: its row asks whether to remove it.',
          target: 'confirmingRemoval',
          actions: assign({ failure: null, removing: ({ event }) => event.id }),
        },
        DISABLE_ALL_REQUESTED: {
          target: 'requestingDisable',
          description: 'The customer asked to remove every passkey: a code is sent to confirm.',
          actions: assign({ failure: null }),
        },
        STATUS_CHANGED: { target: 'loadingStatus', description: 'A passkey was renamed away or removed from the list.' },
      },
    },
    confirmingRemoval: {
      description:
        'The passkey’s row asks whether to remove it (signing in with it will no longer work); adding a passkey or removing them all waits for the answer.',
      meta: { route: '/profile/security' },
      on: {
        REMOVE_CONFIRMED: {
          target: 'steppingUpToRemove',
          description: 'The customer confirmed the removal: they confirm it is them first.',
        },
        REMOVE_CANCELLED: { target: 'idle', description: 'The customer kept the passkey: its row offers Remove again.' },
        REMOVE_REQUESTED: {
          description: 'The customer pressed Remove on another passkey: the question moves to its row.',
          actions: assign({ removing: ({ event }) => event.id }),
        },
      },
    },
    steppingUpToAdd: {
      description: 'The one step-up for `passkey.add`: the customer’s passkey, or a code.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'passkey.add' },
        onDone: [
          {
            guard: 'stepUpGranted',
            target: 'requestingEnable',
            description: 'The customer confirmed it is them: the passkey creation is requested.',
          },
          { target: 'idle', description: 'The customer closed the step-up.' },
        ],
      },
    },
    steppingUpToRemove: {
      description: 'The one step-up for `passkey.remove`.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'passkey.remove' },
        onDone: [
          { guard: 'stepUpGranted', target: 'removingPasskey', description: 'The customer confirmed it is them: the passkey is removed.' },
          { target: 'idle', description: 'The customer closed the step-up: the passkey stays.' },
        ],
      },
    },
    removingPasskey: {
      description: 'Waiting while the server removes the passkey (this uses up the confirmation).',
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ id: context.removing ?? '' }),
        onDone: {
          target: 'idle',
          description: 'The passkey was removed: the list is read again.',
          actions: [assign({ enabled: ({ event }) => event.output.biometric.enabled }), 'passkeysChanged'],
        },
        onError: {
          description: 'The removal was refused (offline, step-up over): the section says why.',
          target: 'idle',
          actions: [
            assign({ failure: ({ event }) => failedAt('remove', event.error) }),
            { type: 'logFailure', params: ({ event }) => ({ failure: failedAt('remove', event.error) }) },
          ],
        },
      },
    },
    requestingEnable: {
      description:
        'Getting ready to add a passkey: the server sends a code (none after a confirmation) and what the device needs to create it.',
      invoke: {
        id: 'requestEnable',
        src: 'requestEnable',
        onDone: [
          {
            guard: 'codeRequired',
            target: 'awaitingEnableCode',
            actions: assign({
              codeToken: ({ event }) => event.output.code_token,
              options: ({ event }) => event.output.options,
              codeChannel: ({ event }) => event.output.code_channel ?? null,
            }),
            description: 'The step-up grant ran out meanwhile: the code this request sent comes first.',
          },
          {
            target: 'registering',
            description: 'No code needed: the browser’s passkey ceremony starts.',
            actions: assign({ codeToken: ({ event }) => event.output.code_token, options: ({ event }) => event.output.options }),
          },
        ],
        onError: {
          description: 'The request was refused (offline): the section says why.',
          target: 'idle',
          actions: [
            assign({ failure: ({ event }) => failedAt('enable', event.error) }),
            { type: 'logFailure', params: ({ event }) => ({ failure: failedAt('enable', event.error) }) },
          ],
        },
      },
    },
    awaitingEnableCode: {
      description: 'The 6-digit code sent by e-mail or SMS, before the passkey is created.',
      on: {
        CODE_SUBMITTED: {
          target: 'verifyingEnableCode',
          description: 'The customer typed the code: the server checks it.',
          actions: assign({ failure: null }),
        },
        CANCELLED: { target: 'idle', description: 'The customer gave up: no passkey is added.', actions: assign({ failure: null }) },
      },
    },
    verifyingEnableCode: {
      description: 'Waiting while the server checks the typed code; it then stays valid for the passkey.',
      invoke: {
        id: 'confirmEnableCode',
        src: 'confirmEnableCode',
        input: ({ context, event }) => {
          if (event.type !== 'CODE_SUBMITTED') throw new Error('confirmEnableCode starts from a submitted code');
          return { codeToken: context.codeToken ?? '', code: event.code };
        },
        onDone: { target: 'registering', description: 'The code was right: the browser’s passkey ceremony starts.' },
        onError: [
          {
            guard: 'codeMayBeRetyped',
            target: 'awaitingEnableCode',
            actions: assign({ failure: ({ event }) => failedAt('enable', event.error) }),
            description: 'A wrong code: type it again.',
          },
          {
            target: 'idle',
            description: 'The code is used up or expired: back to the section, saying why.',
            actions: [
              assign({ failure: ({ event }) => failedAt('enable', event.error) }),
              { type: 'logFailure', params: ({ event }) => ({ failure: failedAt('enable', event.error) }) },
            ],
          },
        ],
      },
    },
    registering: {
      description: 'The passkey ceremony (navigator.credentials.create); the Biometric Authentication sheet shows.',
      invoke: {
        id: 'createPasskey',
        src: 'createPasskey',
        input: ({ context }) => ({ options: context.options }),
        onDone: { target: 'confirmingEnable', description: 'The browser created the passkey: the server is asked to store it.' },
        onError: {
          description: 'Cancelled or failed in the browser: no passkey is added and the section says why.',
          target: 'idle',
          actions: [
            assign({ failure: ({ event }) => failedAt('enable', event.error) }),
            { type: 'logFailure', params: ({ event }) => ({ failure: failedAt('enable', event.error) }) },
          ],
        },
      },
    },
    confirmingEnable: {
      description: 'Waiting while the server checks the new passkey and saves it.',
      invoke: {
        id: 'confirmEnable',
        src: 'confirmEnable',
        input: ({ context, event }) => {
          if (!('output' in event)) throw new Error('confirmEnable starts from the ceremony’s answer');
          return { codeToken: context.codeToken ?? '', response: event.output as RegistrationResponse };
        },
        onDone: {
          target: 'idle',
          description: 'The server stored the passkey: the list is read again.',
          actions: [assign({ enabled: true }), 'passkeysChanged'],
        },
        onError: {
          description: 'The server refused the passkey: the section says why.',
          target: 'idle',
          actions: [
            assign({ failure: ({ event }) => failedAt('enable', event.error) }),
            { type: 'logFailure', params: ({ event }) => ({ failure: failedAt('enable', event.error) }) },
          ],
        },
      },
    },
    requestingDisable: {
      description: 'Waiting while the server sends a code to confirm removing every passkey.',
      invoke: {
        id: 'requestDisable',
        src: 'requestDisable',
        onDone: {
          description: 'The code was sent: the code field shows.',
          target: 'awaitingDisableCode',
          actions: assign({ codeToken: ({ event }) => event.output.code_token, codeChannel: ({ event }) => event.output.code_channel }),
        },
        onError: {
          description: 'No code could be sent (offline, rate limit): the section says why.',
          target: 'idle',
          actions: [
            assign({ failure: ({ event }) => failedAt('disableRequest', event.error) }),
            { type: 'logFailure', params: ({ event }) => ({ failure: failedAt('disableRequest', event.error) }) },
          ],
        },
      },
    },
    awaitingDisableCode: {
      description: 'The code that confirms removing every passkey.',
      on: {
        CODE_SUBMITTED: {
          target: 'confirmingDisable',
          description: 'The customer typed the code: the server checks it and removes every passkey.',
          actions: assign({ failure: null }),
        },
        CANCELLED: { target: 'idle', description: 'The customer gave up: the passkeys stay.', actions: assign({ failure: null }) },
      },
    },
    confirmingDisable: {
      description: 'Waiting while the server checks the code and removes every passkey.',
      invoke: {
        id: 'confirmDisable',
        src: 'confirmDisable',
        input: ({ context, event }) => {
          if (event.type !== 'CODE_SUBMITTED') throw new Error('confirmDisable starts from a submitted code');
          return { codeToken: context.codeToken ?? '', code: event.code };
        },
        onDone: {
          target: 'idle',
          description: 'Every passkey was removed: the list is read again.',
          actions: [assign({ enabled: ({ event }) => event.output.biometric.enabled }), 'passkeysChanged'],
        },
        onError: [
          {
            guard: 'codeMayBeRetyped',
            target: 'awaitingDisableCode',
            actions: assign({ failure: ({ event }) => failedAt('disableConfirm', event.error) }),
            description: 'A wrong code: type it again.',
          },
          {
            target: 'idle',
            description: 'The code is used up or expired: back to the section, saying why.',
            actions: [
              assign({ failure: ({ event }) => failedAt('disableConfirm', event.error) }),
              { type: 'logFailure', params: ({ event }) => ({ failure: failedAt('disableConfirm', event.error) }) },
            ],
          },
        ],
      },
    },
  },
});
