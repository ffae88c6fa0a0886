import { assign, setup } from 'xstate';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** A cancel token as the links carry it: 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const recoveryCancelMachine = setup({
  types: {
    context: {} as { token: string | null; failure: Failure | null },
    input: {} as { token: string | null },
    events: {} as { type: 'CANCEL_CONFIRMED' },
    tags: {} as 'busy' | 'done' | 'invalid',
  },
  actors: {
    cancelRecovery: unprovided<void, { token: string }>('cancelRecovery'),
  },
  guards: {
    hasNoUsableToken: ({ context }) => context.token === null || !TOKEN_PATTERN.test(context.token),
    linkIsSpent: (_, failure: Failure) => failure.code === 'recovery_not_found',
  },
}).createMachine({
  id: 'recoveryCancel',
  description:
    'The page a cancel link opens (/recovery/cancel#token), from the e-mail or the SMS to the old phone, signed in or not: one button stops the lost-phone recovery, so the phone stays. A used, finished or mistyped link says so.',
  context: ({ input }) => ({ token: input.token, failure: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Does the link carry a token at all?',
      always: [
        { guard: 'hasNoUsableToken', target: 'linkInvalid', description: 'Cut short or mistyped.' },
        { target: 'awaitingConfirmation', description: 'The link carries a usable token: one button offers to cancel.' },
      ],
    },
    awaitingConfirmation: {
      description: 'What the link does, and the button that does it (a link preview or a mail scanner opens pages but presses nothing).',
      meta: { route: '/recovery/cancel' },
      on: {
        CANCEL_CONFIRMED: {
          target: 'cancelling',
          description: 'The customer pressed the button: the server cancels the pending removal.',
          actions: assign({ failure: null }),
        },
      },
    },
    cancelling: {
      tags: ['busy'],
      description: "Waiting while the server cancels the phone recovery the e-mail's link names.",
      invoke: {
        id: 'cancelRecovery',
        src: 'cancelRecovery',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'cancelled', description: 'The removal was cancelled: the phone stays, and the page says so.' },
        onError: [
          {
            guard: { type: 'linkIsSpent', params: ({ event }) => toFailure(event.error) },
            target: 'linkInvalid',
            description: 'Used already, the recovery ended, or not a real link.',
          },
          {
            target: 'awaitingConfirmation',
            actions: assign({ failure: ({ event }) => toFailure(event.error) }),
            description: 'Too many tries or offline: say so; the button stays.',
          },
        ],
      },
    },
    cancelled: {
      type: 'final',
      tags: ['done'],
      description: 'The recovery is stopped; the phone stays.',
      meta: { route: '/recovery/cancel' },
    },
    linkInvalid: {
      type: 'final',
      tags: ['invalid'],
      description: 'Nothing to cancel with this link.',
      meta: { route: '/recovery/cancel' },
    },
  },
});
