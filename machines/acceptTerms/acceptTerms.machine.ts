import { assign, setup } from 'xstate';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

type AcceptTermsEvent =
  /** A money call was refused with `terms_not_accepted`: the customer accepted an older version. */
  | { type: 'TERMS_REQUIRED' }
  /** "Accept and continue" (again, after the acceptance was not saved). */
  | { type: 'ACCEPTED' }
  /** "Not now", Escape or the dialog closed: the refused call stays refused. */
  | { type: 'DECLINED' }
  /** The session ended (signed out here or in another tab, or by the server): nobody is left to answer. */
  | { type: 'SIGNED_OUT' };

interface AcceptTermsContext {
  /** Why the last acceptance was not saved; cleared when the dialog opens again or the customer tries again. */
  failure: Failure | null;
}

export const acceptTermsMachine = setup({
  types: {
    context: {} as AcceptTermsContext,
    events: {} as AcceptTermsEvent,
  },
  actors: {
    /** POST /users/accept-terms with the version in force (contract/terms.ts). */
    acceptTerms: unprovided<void>('acceptTerms'),
  },
}).createMachine({
  id: 'acceptTerms',
  description:
    'The terms dialog over any page: a money call refused because the customer accepted an older version of the account terms asks once to accept the version in force (POST /users/accept-terms); accepted, the refused call is sent again with the same Idempotency-Key; not now, the call stays refused and the page says why.',
  context: { failure: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'No call waits for the terms.',
      on: {
        TERMS_REQUIRED: { target: 'asking', description: 'A money call was refused for older terms: the dialog opens.' },
      },
    },
    asking: {
      tags: ['open'],
      description: 'The dialog: the new version, links to read it, accept or not now; a failed acceptance says why.',
      on: {
        ACCEPTED: {
          target: 'accepting',
          description: 'The customer accepts the version in force; an earlier failure is cleared.',
          actions: assign({ failure: null }),
        },
        DECLINED: { target: 'declined', description: 'The customer chose not now, or closed the dialog.' },
        SIGNED_OUT: { target: 'sessionEnded', description: 'The session ended under the dialog: it closes and the call stays refused.' },
      },
      initial: 'reading',
      states: {
        reading: { description: 'The customer reads the dialog, nothing has failed yet.' },
        failed: { tags: ['failed'], description: 'The acceptance did not go through: the reason, and accept again.' },
      },
    },
    accepting: {
      tags: ['open', 'busy'],
      description: 'Sending the acceptance of the version in force to the server.',
      on: {
        SIGNED_OUT: {
          target: 'sessionEnded',
          description: 'The session ended while the acceptance was sent: the dialog closes and the call stays refused.',
        },
      },
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        onDone: { target: 'accepted', description: 'The server recorded the acceptance: the dialog closes.' },
        onError: {
          target: 'asking.failed',
          description: 'The server did not record it: the dialog stays open with the reason.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    accepted: {
      tags: ['accepted'],
      description: 'The version in force is accepted: the waiting call is sent again.',
      on: {
        TERMS_REQUIRED: { target: 'asking', description: 'Another call was refused for the terms: the dialog opens again.' },
      },
    },
    sessionEnded: {
      description: 'The session ended while the dialog asked: it closed, and the waiting call stays refused.',
      on: {
        TERMS_REQUIRED: {
          target: 'asking',
          description: 'Signed in again, a money call was refused for the terms: the dialog asks again.',
          actions: assign({ failure: null }),
        },
      },
    },
    declined: {
      description: 'Not now: the waiting call keeps its refusal; the next money call asks again.',
      on: {
        TERMS_REQUIRED: {
          target: 'asking',
          description: 'The next money call was refused for the terms: the dialog asks again.',
          actions: assign({ failure: null }),
        },
      },
    },
  },
});
