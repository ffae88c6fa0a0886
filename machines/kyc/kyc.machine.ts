import { assign, setup } from 'xstate';
import { KYC_STEPS, type KycApplication } from '../../contract/kyc';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

interface KycContext {
  /** The draft as the server keeps it; null until loaded. */
  application: KycApplication | null;
  failure: Failure | null;
}

type KycEvent = { type: 'SUBMITTED' } | { type: 'RETRY' };

/** Every step done and the check still open: what submitting needs. */
export const isReadyToSubmit = (application: KycApplication | null): boolean =>
  application !== null && application.editable && KYC_STEPS.every((step) => application.steps[step] === 'done');

/**
 * The identity check's overview (/kyc). The server keeps the draft, so opening the page on any device
 * shows where the customer stands: each step's status and the overall one. Once the four steps are
 * done the customer submits them for review; after a reviewer asks for one step again, that step opens
 * and the check is submitted again.
 */
export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
  },
  actors: {
    /** GET /kyc. */
    loadApplication: unprovided<KycApplication>('loadApplication'),
    /** POST /kyc/submit. */
    submitApplication: unprovided<KycApplication>('submitApplication'),
  },
  guards: {
    readyToSubmit: ({ context }) => isReadyToSubmit(context.application),
  },
}).createMachine({
  id: 'kyc',
  description: 'The identity check: the four steps and the overall status, resumed from the server; submitted once all are done.',
  context: { application: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      description: 'Loading what the customer has filled in so far and where each step stands.',
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        // The failure stays: after a refused submit, the draft read again shows why.
        onDone: {
          target: 'overview',
          description: 'The application arrived: each step shows with its status.',
          actions: assign({ application: ({ event }) => event.output }),
        },
        onError: {
          target: 'unavailable',
          description: 'The application could not be read (offline): the page offers to try again.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    unavailable: {
      description: 'The draft could not be read (offline): “Try again”.',
      on: {
        RETRY: {
          target: 'loading',
          description: 'The customer tries again: the application is read once more.',
          actions: assign({ failure: null }),
        },
      },
    },
    overview: {
      description:
        'Each step with its status, the overall status, the reviewer’s reason if any; “Submit for review” once every step is done.',
      on: {
        SUBMITTED: {
          guard: 'readyToSubmit',
          target: 'submitting',
          description: 'Every step is done and the customer submits the application for review.',
          actions: assign({ failure: null }),
        },
      },
    },
    submitting: {
      tags: ['busy'],
      description: 'Waiting while the server takes the finished application for review.',
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        onDone: {
          target: 'overview',
          description: 'The server took the application: it shows as under review.',
          actions: assign({ application: ({ event }) => event.output }),
        },
        onError: {
          target: 'loading',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
          description: 'Refused (a step changed on another device, offline): the draft is read again and the reason shown.',
        },
      },
    },
  },
});
