import { assign, setup } from 'xstate';
import type { FiatTopUpDetails } from '../../contract/inject';
import { failureOf, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

interface FiatTopUpContext {
  details: FiatTopUpDetails | null;
  failure: Failure | null;
}

type FiatTopUpEvent = { type: 'RETRY' };

/**
 * Topping up by bank transfer on /inject/fiat: the customer's bank details (IBAN per fiat account, BIC,
 * the name to pay to, the personal reference that lets Meridian match the transfer) are loaded and
 * shown to copy or print; a failed load offers to try again.
 */
export const fiatTopUpMachine = setup({
  types: { context: {} as FiatTopUpContext, events: {} as FiatTopUpEvent },
  actors: {
    /** GET /inject/fiat/details. */
    loadDetails: unprovided<FiatTopUpDetails>('loadDetails'),
  },
}).createMachine({
  id: 'fiatTopUp',
  description:
    'The bank details to top up by transfer: loaded, then shown with copy buttons and a print view; a transfer carrying the personal reference is credited when it arrives.',
  context: { details: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      description: 'Loading the bank details to pay into; the page shows their outline meanwhile.',
      meta: { route: '/inject/fiat' },
      invoke: {
        id: 'loadDetails',
        src: 'loadDetails',
        onDone: {
          target: 'shown',
          description: 'The bank details arrived: they show to copy.',
          actions: assign({ details: ({ event }) => event.output, failure: null }),
        },
        onError: {
          target: 'failed',
          description: 'The bank details could not be loaded (offline): the page offers to try again.',
          actions: assign({ failure: ({ event }) => failureOf(event) }),
        },
      },
    },
    shown: {
      description: 'IBAN, BIC, name and reference, each with a copy button, and the print view.',
    },
    failed: {
      description: 'The details could not be loaded (offline, the server): “Try again”.',
      on: { RETRY: { target: 'loading', description: 'The customer tries again: the bank details are loaded once more.' } },
    },
  },
});
