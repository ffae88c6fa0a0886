import { assign, fromCallback, setup } from 'xstate';
import type { PayLinkReceipt, PayLinkStatus, PayLinkView } from '../contract/payLinks';
import { toFailure, type Failure } from './failure';
import { stepUpMachine } from './stepUp.machine';
import { unprovided } from './unprovided';

export interface PaymentInput {
  hash: string;
}

/** How often the requester's page asks again when the live stream is not there. */
export const PAY_LINK_POLL_MS = 5_000;

interface Context {
  hash: string;
  link: PayLinkView | null;
  /** The account paid from, chosen by the payer. */
  fromAccountId: string | null;
  /** One per intended payment: a retry of it sends the same key, so money moves once. */
  idempotencyKey: string | null;
  receipt: PayLinkReceipt | null;
  failure: Failure | null;
}

type Event =
  | { type: 'PAY_CONFIRMED'; fromAccountId: string; idempotencyKey: string }
  | { type: 'STATUS_CHANGED'; status: PayLinkStatus }
  | { type: 'RETRY' };

const CLOSED_CODES: Record<string, PayLinkStatus> = {
  pay_link_paid: 'paid',
  pay_link_expired: 'expired',
  pay_link_cancelled: 'cancelled',
};

/**
 * /pay/{hash}. A payer sees who asks (display name only), how much and why, chooses one of their
 * accounts in the asset, confirms it is them (`paylink.pay`) and pays once; the receipt follows. The
 * requester sees their own request update the moment it is paid (a live stream, else polling). A link
 * that was paid, expired or was cancelled says so; an unknown one is “page not found”.
 */
export const paymentMachine = setup({
  types: { input: {} as PaymentInput, context: {} as Context, events: {} as Event },
  actors: {
    /** GET /pay-links/:hash. */
    loadLink: unprovided<PayLinkView, { hash: string }>('loadLink'),
    stepUp: stepUpMachine,
    /** POST /pay-links/:hash/pay with the Idempotency-Key; refreshes the balances when it went through. */
    pay: unprovided<PayLinkReceipt, { hash: string; fromAccountId: string; idempotencyKey: string }>('pay'),
    /** Sends STATUS_CHANGED as the link changes: the server's event stream, else a poll every PAY_LINK_POLL_MS. */
    watchStatus: fromCallback<{ type: 'STATUS_CHANGED'; status: PayLinkStatus }, { hash: string; pollMs: number }>(() => {
      throw new Error('The actor "watchStatus" must be provided by the app');
    }),
  },
  guards: {
    isOwn: ({ event }) => 'output' in event && (event.output as PayLinkView).own,
    isOpen: ({ event }) => 'output' in event && (event.output as PayLinkView).status === 'open',
    notFound: ({ event }) => 'error' in event && toFailure(event.error).code === 'pay_link_not_found',
    stepUpGranted: ({ event }) => 'output' in event && (event.output as { granted: boolean }).granted,
    stepUpExpired: ({ event }) => 'error' in event && toFailure(event.error).code === 'step_up_required',
    linkClosed: ({ event }) => 'error' in event && toFailure(event.error).code in CLOSED_CODES,
    stillOpen: ({ event }) => event.type === 'STATUS_CHANGED' && event.status === 'open',
  },
  actions: {
    failed: assign({ failure: ({ event }) => toFailure((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'payment',
  description:
    'Pay a request by link: who asks (display name only), how much and why, one of your accounts in its asset, the step-up, then the receipt. The requester watches their own request become paid without reloading.',
  context: ({ input }) => ({
    hash: input.hash,
    link: null,
    fromAccountId: null,
    idempotencyKey: null,
    receipt: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'GET /pay-links/:hash.',
      invoke: {
        id: 'loadLink',
        src: 'loadLink',
        input: ({ context }) => ({ hash: context.hash }),
        onDone: [
          { guard: 'isOwn', target: 'watching', actions: assign({ link: ({ event }) => event.output }) },
          { guard: 'isOpen', target: 'choosing', actions: assign({ link: ({ event }) => event.output }) },
          { target: 'closed', actions: assign({ link: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { target: 'failed', actions: 'failed' },
        ],
      },
    },
    failed: {
      description: 'The request could not be loaded (offline): “Try again”.',
      on: { RETRY: { target: 'loading', actions: assign({ failure: null }) } },
    },
    notFound: {
      type: 'final',
      description: 'No request has this link: the page-not-found page.',
    },
    choosing: {
      description: 'The request, the payer’s accounts in its asset and “Pay”; a refusal shows next to it.',
      meta: { route: '/pay/:hash' },
      on: {
        PAY_CONFIRMED: {
          target: 'steppingUp',
          actions: assign({
            fromAccountId: ({ event }) => event.fromAccountId,
            // A new confirmation is a new payment; a retry after a refusal keeps the key it was made with.
            idempotencyKey: ({ context, event }) =>
              (context.fromAccountId === event.fromAccountId && context.idempotencyKey) || event.idempotencyKey,
            failure: null,
          }),
        },
      },
    },
    steppingUp: {
      description: 'The one step-up for `paylink.pay`.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'paylink.pay' },
        onDone: [{ guard: 'stepUpGranted', target: 'paying' }, { target: 'choosing' }],
      },
    },
    paying: {
      tags: ['busy'],
      description: 'POST /pay-links/:hash/pay: one ledger transaction, or a refusal with nothing moved.',
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ hash: context.hash, fromAccountId: context.fromAccountId!, idempotencyKey: context.idempotencyKey! }),
        onDone: { target: 'paid', actions: assign({ receipt: ({ event }) => event.output }) },
        onError: [
          { guard: 'stepUpExpired', target: 'steppingUp' },
          {
            guard: 'linkClosed',
            target: 'closed',
            actions: assign({
              link: ({ context, event }) => ({ ...context.link!, status: CLOSED_CODES[toFailure(event.error).code]! }),
              failure: ({ event }) => toFailure(event.error),
            }),
            description: 'Someone paid first, or the requester cancelled, or it expired: nothing moved.',
          },
          { target: 'choosing', actions: 'failed' },
        ],
      },
    },
    paid: {
      type: 'final',
      description: 'The receipt: amount, to whom, from which account, when.',
    },
    closed: {
      type: 'final',
      description: 'Paid, expired or cancelled: the page says which; nothing can be paid.',
    },
    watching: {
      description: 'The requester’s own request, updated the moment it changes.',
      meta: { route: '/pay/:hash' },
      invoke: { id: 'watchStatus', src: 'watchStatus', input: ({ context }) => ({ hash: context.hash, pollMs: PAY_LINK_POLL_MS }) },
      on: {
        STATUS_CHANGED: [
          { guard: 'stillOpen' },
          { target: 'closed', actions: assign({ link: ({ context, event }) => ({ ...context.link!, status: event.status }) }) },
        ],
      },
    },
  },
});
