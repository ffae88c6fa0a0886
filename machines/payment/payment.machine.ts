import { and, assign, fromCallback, setup } from 'xstate';
import type { Asset } from '../../contract/assetList';
import type { PayLinkQuote, PayLinkReceipt, PayLinkStatus, PayLinkView } from '../../contract/payLinks';
import { toFailure, type Failure } from '../parts/failure';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import * as quoteClock from '../parts/quoteClock';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { pollRegion, sessionGone } from '../parts/poll';
import { unprovided } from '../parts/unprovided';

export interface PaymentInput {
  hash: string;
}

/** How often the requester's page asks again when the live stream is not there. */
export const PAY_LINK_POLL_MS = 5_000;

interface Context extends quoteClock.QuoteClock {
  hash: string;
  link: PayLinkView | null;
  /** The account paid from, chosen by the payer. */
  fromAccountId: string | null;
  /** From an account in another asset: what paying from it costs, firm for `secondsLeft` more seconds. */
  quote: PayLinkQuote | null;
  receipt: PayLinkReceipt | null;
  failure: Failure | null;
}

type Event =
  | { type: 'ACCOUNT_CHOSEN'; fromAccountId: string; asset: Asset }
  | { type: 'PAY_CONFIRMED' }
  | { type: 'STATUS_CHANGED'; status: PayLinkStatus }
  /** The server's event stream ended (a proxy's timeout, a restart): the page polls instead. */
  | { type: 'STREAM_ENDED' }
  | { type: 'RETRY' }
  | quoteClock.ConnectionEvent;

const CLOSED_CODES: Record<string, PayLinkStatus> = {
  pay_link_paid: 'paid',
  pay_link_expired: 'expired',
  pay_link_cancelled: 'cancelled',
};

/** A refusal that says the quote itself is over: a fresh one is asked for at once. */
const QUOTE_OVER = new Set(['quote_expired', 'quote_used', 'quote_not_found']);

/** One intended payment is one body (link, account, quote): only the very same body is sent with the same key. */
const intentOf = (context: Context) => `${context.hash}/${context.fromAccountId}/${context.quote?.id ?? ''}`;

/**
 * /pay/{hash}. A payer sees who asks (display name only), how much and why, chooses one of their
 * accounts — in another asset than the link's, with a quote that holds for its seconds and is replaced
 * when they run out —, confirms it is them (`paylink.pay`) and pays once; the receipt follows. The
 * requester sees their own request update the moment it is paid (a live stream, else polling). A link
 * that was paid, expired or was cancelled says so; an unknown one is “page not found”.
 */
export const paymentMachine = setup({
  types: { input: {} as PaymentInput, context: {} as Context, events: {} as Event },
  actors: {
    /** GET /pay-links/:hash. */
    loadLink: unprovided<PayLinkView, { hash: string }>('loadLink'),
    stepUp: stepUpMachine,
    /** POST /pay-links/:hash/quotes: from an account in another asset. */
    requestQuote: unprovided<PayLinkQuote, { hash: string; fromAccountId: string }>('requestQuote'),
    /** POST /pay-links/:hash/pay, once per intent (`idempotentSubmit`); refreshes the balances when it went through. */
    pay: unprovided<PayLinkReceipt, { hash: string; fromAccountId: string; quoteId: string | null } & SubmitIntent>('pay'),
    /** The server's event stream (`payLinkEvents`): STATUS_CHANGED as the link changes, STREAM_ENDED when it ends. */
    watchStatus: fromCallback<{ type: 'STATUS_CHANGED'; status: PayLinkStatus } | { type: 'STREAM_ENDED' }, { hash: string }>(() => {
      throw new Error('The actor "watchStatus" must be provided by the app');
    }),
    /** GET /pay-links/:hash in the background, the poll's ask once the stream has ended (machines/parts/poll.ts). */
    readStatus: unprovided<PayLinkStatus, { hash: string }>('readStatus'),
    watchConnection: quoteClock.watchConnection,
  },
  guards: {
    isOwn: ({ event }) => 'output' in event && (event.output as PayLinkView).own,
    isOpen: ({ event }) => 'output' in event && (event.output as PayLinkView).status === 'open',
    notFound: ({ event }) => 'error' in event && toFailure(event.error).code === 'pay_link_not_found',
    stepUpGranted: ({ event }) => 'output' in event && (event.output as { granted: boolean }).granted,
    stepUpExpired: ({ event }) => 'error' in event && toFailure(event.error).code === 'step_up_required',
    linkClosed: ({ event }) => 'error' in event && toFailure(event.error).code in CLOSED_CODES,
    stillOpen: ({ event }) => event.type === 'STATUS_CHANGED' && event.status === 'open',
    readStillOpen: ({ event }) => (event as { output?: PayLinkStatus }).output === 'open',
    sessionGone,
    inLinkAsset: ({ context, event }) => event.type === 'ACCOUNT_CHOSEN' && event.asset === context.link?.asset,
    accountChosen: ({ context }) => context.fromAccountId !== null,
    quoteCovers: ({ context }) => context.quote?.fundsSufficient === true && context.quote.withinLimit,
    quoteRunOut: quoteClock.quoteRunOut,
    quoteRunOutOffline: quoteClock.quoteRunOutOffline,
    online: quoteClock.online,
    quoted: ({ context }) => context.quote !== null,
    quoteOver: ({ event }) => 'error' in event && QUOTE_OVER.has(toFailure(event.error).code),
  },
  actions: {
    failed: assign({ failure: ({ event }) => toFailure((event as { error?: unknown }).error) }),
    chosen: assign({
      fromAccountId: ({ event }) => (event as { fromAccountId: string }).fromAccountId,
      quote: null,
      refreshed: false,
      failure: null,
    }),
    statusRead: assign({
      link: ({ context, event }) => ({ ...context.link!, status: (event as unknown as { output: PayLinkStatus }).output }),
    }),
    quoteTicked: assign(quoteClock.quoteTicked),
    quoteRefreshed: assign(quoteClock.quoteRefreshed),
    quoteWaitStarted: assign(quoteClock.quoteWaitStarted),
    wentOffline: assign(quoteClock.wentOffline),
    wentOnline: assign(quoteClock.wentOnline),
  },
  delays: { QUOTE_TICK: quoteClock.QUOTE_TICK_MS, PAY_LINK_POLL: PAY_LINK_POLL_MS },
}).createMachine({
  id: 'payment',
  description:
    'Pay a request by link: who asks (display name only), how much and why, one of your accounts in its asset, the step-up, then the receipt. The requester watches their own request become paid without reloading.',
  context: ({ input }) => ({
    hash: input.hash,
    link: null,
    fromAccountId: null,
    quote: null,
    secondsLeft: 0,
    refreshed: false,
    offline: false,
    receipt: null,
    failure: null,
  }),
  initial: 'loading',
  invoke: { id: 'watchConnection', src: 'watchConnection' },
  on: quoteClock.connectionFollowed,
  states: {
    loading: {
      tags: ['loading'],
      description: 'Loading the payment request: who asks, how much, and whether it is still open.',
      invoke: {
        id: 'loadLink',
        src: 'loadLink',
        input: ({ context }) => ({ hash: context.hash }),
        onDone: [
          {
            guard: 'isOwn',
            target: 'watching',
            description: 'The request is the customer’s own: they watch it rather than pay it.',
            actions: assign({ link: ({ event }) => event.output }),
          },
          {
            guard: 'isOpen',
            target: 'choosing',
            description: 'The request is open: the payer sees it and chooses an account to pay from.',
            actions: assign({ link: ({ event }) => event.output }),
          },
          {
            target: 'closed',
            description: 'The request was already paid, expired or cancelled: the page says which.',
            actions: assign({ link: ({ event }) => event.output }),
          },
        ],
        onError: [
          { guard: 'notFound', target: 'notFound', description: 'No request has this link: page not found.' },
          {
            target: 'failed',
            description: 'The request could not be loaded (offline, server error): the page offers to try again.',
            actions: 'failed',
          },
        ],
      },
    },
    failed: {
      description: 'The request could not be loaded (offline): “Try again”.',
      on: {
        RETRY: {
          target: 'loading',
          description: 'The customer tries again: the request is loaded once more.',
          actions: assign({ failure: null }),
        },
      },
    },
    notFound: {
      type: 'final',
      description: 'No request has this link: the page-not-found page.',
    },
    choosing: {
      description: 'The request, the payer’s accounts and “Pay”; a refusal shows next to it.',
      meta: { route: '/pay/:hash' },
      initial: 'unpriced',
      on: {
        ACCOUNT_CHOSEN: [
          {
            guard: 'inLinkAsset',
            target: '.unpriced',
            description: 'An account in the link’s own asset: it pays the amount as it is, without a quote.',
            actions: 'chosen',
          },
          { target: '.quoting', actions: 'chosen', description: 'Another asset than the link’s: what it costs is quoted first.' },
        ],
      },
      states: {
        unpriced: {
          description: 'An account in the link’s own asset (or none chosen yet): it pays the amount as it is.',
          on: {
            PAY_CONFIRMED: {
              guard: and(['accountChosen', 'online']),
              target: '#payment.steppingUp',
              description: 'The payer pressed Pay with an account chosen, online: they confirm it is them first.',
              actions: assign({ failure: null }),
            },
          },
        },
        quoting: {
          tags: ['quoting'],
          description: 'Waiting for a price: the rate, the fee and what the account pays, firm for 30 seconds.',
          invoke: {
            id: 'requestQuote',
            src: 'requestQuote',
            input: ({ context }) => ({ hash: context.hash, fromAccountId: context.fromAccountId! }),
            onDone: {
              description: 'The quote arrived: the rate, the fee and what the account pays show, counting down.',
              target: 'priced',
              actions: assign(({ event }) => ({ quote: event.output, ...quoteClock.quoteSeconds(event.output) })),
            },
            onError: {
              target: 'quoteFailed',
              description: 'No quote could be made: the page says why and offers to try again.',
              actions: 'failed',
            },
          },
        },
        quoteFailed: {
          description: 'No quote (a stale rate, offline): “Try again”; nothing can be paid from this account yet.',
          on: {
            RETRY: {
              target: 'quoting',
              description: 'The customer tries again: a quote is asked for once more.',
              actions: assign({ failure: null }),
            },
          },
        },
        priced: {
          description: 'The quote under the account, its seconds counting down; “Pay” only when the account and the limit cover it.',
          always: [quoteClock.quoteWaiting('waitingForConnection'), quoteClock.quoteRefreshing('quoting')],
          after: quoteClock.quoteTicking('priced'),
          on: {
            PAY_CONFIRMED: {
              guard: and(['quoteCovers', 'online']),
              target: '#payment.steppingUp',
              description: 'The payer pressed Pay online and the quote is covered: they confirm it is them first.',
              actions: assign({ failure: null }),
            },
          },
        },
        waitingForConnection: quoteClock.quoteWaitingForConnection('quoting'),
      },
    },
    steppingUp: {
      description: 'The one step-up for `paylink.pay`.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'paylink.pay' },
        onDone: [
          { guard: 'stepUpGranted', target: 'paying', description: 'The customer confirmed it is them: the payment is sent.' },
          // The quote's seconds ran on behind the sheet: a fresh one, never the old one reused.
          {
            guard: 'quoted',
            target: 'choosing.quoting',
            description: 'The step-up was left while a quote was held: its seconds ran on, so a fresh one is asked for.',
          },
          { target: 'choosing', description: 'The step-up was left: back to the request, nothing paid.' },
        ],
      },
    },
    paying: {
      tags: ['busy'],
      description: 'Waiting while the server pays the request: all of it moves at once, or nothing moves and it says why.',
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({
          hash: context.hash,
          fromAccountId: context.fromAccountId!,
          quoteId: context.quote?.id ?? null,
          intent: intentOf(context),
        }),
        onDone: {
          target: 'paid',
          description: 'The server took the payment: the receipt shows and the balances refresh.',
          actions: assign({ receipt: ({ event }) => event.output }),
        },
        onError: [
          {
            guard: 'stepUpExpired',
            target: 'steppingUp',
            description: 'The step-up ran out before the payment: the customer confirms it is them again.',
          },
          {
            guard: 'linkClosed',
            target: 'closed',
            actions: assign({
              link: ({ context, event }) => ({ ...context.link!, status: CLOSED_CODES[toFailure(event.error).code]! }),
              failure: ({ event }) => toFailure(event.error),
            }),
            description: 'Someone paid first, or the requester cancelled, or it expired: nothing moved.',
          },
          {
            guard: and(['quoted', 'quoteOver']),
            target: 'choosing.quoting',
            actions: ['failed', assign({ refreshed: true })],
            description: 'The server found the quote over (its clock, another tab): nothing moved; a fresh one.',
          },
          {
            guard: 'quoted',
            target: 'choosing.quoting',
            actions: 'failed',
            description: 'Refused (funds, limit): a fresh quote with why.',
          },
          { target: 'choosing', description: 'Refused (funds, limit, offline): nothing moved; the page says why.', actions: 'failed' },
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
      initial: 'streaming',
      on: {
        STATUS_CHANGED: [
          { description: 'Still open (the stream reported another change): the page stays as it is.', guard: 'stillOpen' },
          {
            target: 'closed',
            description: 'The request was paid, expired or cancelled: the page shows it without a reload.',
            actions: assign({ link: ({ context, event }) => ({ ...context.link!, status: event.status }) }),
          },
        ],
      },
      states: {
        streaming: {
          description: 'The server’s event stream says every change.',
          invoke: { id: 'watchStatus', src: 'watchStatus', input: ({ context }) => ({ hash: context.hash }) },
          on: { STREAM_ENDED: { target: 'polling', description: 'The stream ended: the link is read every PAY_LINK_POLL instead.' } },
        },
        polling: {
          description: 'The link read again at every poll while the session lasts.',
          ...pollRegion({
            ask: 'readStatus',
            delay: 'PAY_LINK_POLL',
            first: 'waiting',
            input: ({ context }: { context: Context }) => ({ hash: context.hash }),
            onDone: [
              { guard: 'readStillOpen', target: 'waiting', description: 'Still open: the page asks again at the next poll.' },
              {
                target: '#payment.closed',
                description: 'Paid, expired or cancelled meanwhile.',
                actions: 'statusRead',
              },
            ],
          }),
        },
      },
    },
  },
});
