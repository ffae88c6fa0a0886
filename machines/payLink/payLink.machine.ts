import { assign, setup } from 'xstate';
import { assetDecimals } from '../../contract/assetList';
import { fitsDecimals, isPositiveAmount } from '../../contract/decimal';
import type { CreatePayLinkBody, PayLink } from '../../contract/payLinks';
import { toFailure, type Failure } from '../parts/failure';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

/** What the form found wrong before sending, field by field. */
export type PayLinkFormError = 'amount' | 'description';

interface Context {
  /** The request as submitted: kept while the step-up and the call run, and after a refusal. */
  request: CreatePayLinkBody | null;
  created: PayLink | null;
  formError: PayLinkFormError | null;
  failure: Failure | null;
  /** The link the customer last cancelled (the list says so). */
  cancelled: string | null;
}

type Event =
  | { type: 'REQUEST_SUBMITTED'; request: CreatePayLinkBody }
  | { type: 'NEW_REQUESTED' }
  | { type: 'CANCEL_REQUESTED'; hash: string };

/**
 * Ask to be paid, on /pay: amount, asset, why and an optional expiry; the one step-up
 * (`paylink.create`); then the link `/pay/{hash}` with its QR code and the share sheet. The customer's
 * requests with their status are listed under it, each open one can be cancelled.
 */
export const payLinkMachine = setup({
  types: { context: {} as Context, events: {} as Event },
  actors: {
    stepUp: stepUpMachine,
    /** POST /pay-links: spends the step-up. */
    createPayLink: unprovided<PayLink, CreatePayLinkBody>('createPayLink'),
    /** POST /pay-links/:hash/cancel. */
    cancelPayLink: unprovided<PayLink, { hash: string }>('cancelPayLink'),
  },
  guards: {
    stepUpGranted: ({ event }) => 'output' in event && (event.output as { granted: boolean }).granted,
    stepUpExpired: ({ event }) => 'error' in event && toFailure(event.error).code === 'step_up_required',
    amountInvalid: ({ event }) => {
      if (event.type !== 'REQUEST_SUBMITTED') return false;
      const { amount, asset } = event.request;
      return !isPositiveAmount(amount) || !fitsDecimals(amount, assetDecimals(asset));
    },
    descriptionMissing: ({ event }) => event.type === 'REQUEST_SUBMITTED' && event.request.description.trim() === '',
  },
}).createMachine({
  id: 'payLink',
  description:
    'Ask to be paid: amount, asset, why and an optional expiry, the step-up, then a single-use link /pay/{hash} with a QR code to share. Requests are listed with their status; open ones can be cancelled.',
  context: { request: null, created: null, formError: null, failure: null, cancelled: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The request form (kept as typed on every refusal), and the list of requests.',
      meta: { route: '/pay' },
      on: {
        REQUEST_SUBMITTED: [
          {
            description: 'The amount is missing or not valid: the form says so, nothing is sent.',
            guard: 'amountInvalid',
            actions: assign({ formError: 'amount', failure: null }),
          },
          {
            description: 'No reason given: the form asks for it, nothing is sent.',
            guard: 'descriptionMissing',
            actions: assign({ formError: 'description', failure: null }),
          },
          {
            target: 'steppingUp',
            description: 'The request is complete: the customer confirms it is them first.',
            actions: assign({ request: ({ event }) => event.request, formError: null, failure: null, cancelled: null }),
          },
        ],
        CANCEL_REQUESTED: {
          target: 'cancelling',
          description: 'The customer cancels one of their open requests from the list.',
          actions: assign({ failure: null, cancelled: null }),
        },
      },
    },
    steppingUp: {
      description: 'The one step-up for `paylink.create`; the form stays behind it.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'paylink.create' },
        onDone: [
          { guard: 'stepUpGranted', target: 'creating', description: 'The customer confirmed it is them: the link is created.' },
          { target: 'editing', description: 'The step-up was left: the form stays as typed.' },
        ],
      },
    },
    creating: {
      tags: ['busy'],
      description: 'Waiting while the server creates the payment request and its link.',
      invoke: {
        id: 'createPayLink',
        src: 'createPayLink',
        input: ({ context }) => context.request!,
        onDone: {
          target: 'created',
          description: 'The link was made: it shows with its QR code, Share and Copy.',
          actions: assign({ created: ({ event }) => event.output }),
        },
        onError: [
          { guard: 'stepUpExpired', target: 'steppingUp', description: 'The grant ran out: confirm again.' },
          {
            target: 'editing',
            description: 'Refused (offline, limits): the form says why and keeps what was typed.',
            actions: assign({ failure: ({ event }) => toFailure(event.error) }),
          },
        ],
      },
    },
    created: {
      description: 'The link with its QR code, “Share” and “Copy”; “New request” starts again.',
      meta: { route: '/pay' },
      on: {
        NEW_REQUESTED: {
          target: 'editing',
          description: 'The customer starts a new request: the empty form shows.',
          actions: assign({ request: null, created: null }),
        },
        CANCEL_REQUESTED: {
          target: 'cancelling',
          description: 'The customer cancels one of their open requests from the list.',
          actions: assign({ failure: null, cancelled: null }),
        },
      },
    },
    cancelling: {
      tags: ['busy'],
      description: 'Waiting while the server cancels one open request of the list.',
      invoke: {
        id: 'cancelPayLink',
        src: 'cancelPayLink',
        input: ({ event }) => {
          if (event.type !== 'CANCEL_REQUESTED') throw new Error('cancelPayLink starts from a cancel request');
          return { hash: event.hash };
        },
        onDone: {
          description: 'The request was cancelled: the list shows it as cancelled.',
          target: 'editing',
          actions: assign({
            cancelled: ({ event }) => event.output.hash,
            created: ({ context, event }) => (context.created?.hash === event.output.hash ? null : context.created),
          }),
        },
        onError: {
          target: 'editing',
          description: 'The cancel was refused (already paid, offline): the list says why.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
  },
});
