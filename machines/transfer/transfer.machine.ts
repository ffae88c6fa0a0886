import { and, assign, not, setup, stateIn } from 'xstate';
import { isPositive } from '../../contract/decimal';
import type { Quote, QuoteSide, Transfer, TransferDirection } from '../../contract/transfers';
import { failureOf, type Failure } from '../parts/failure';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import * as quoteClock from '../parts/quoteClock';
import { unprovided } from '../parts/unprovided';

export interface TransferInput {
  direction: TransferDirection;
}

interface Context extends quoteClock.QuoteClock {
  direction: TransferDirection;
  fromAccountId: string | null;
  toAccountId: string | null;
  /** A decimal string (the screen parses what is typed); empty while nothing usable is typed. */
  amount: string;
  /** Which side `amount` is: what is paid (`in`) or what arrives (`out`). */
  side: QuoteSide;
  /** The server's firm offer for exactly the choices above; null while none is held. */
  quote: Quote | null;
  /** The customer opened the confirmation sheet: a refreshed quote keeps it open with the new figures. */
  reviewing: boolean;
  failure: Failure | null;
  result: Transfer | null;
}

type Event =
  | { type: 'FROM_CHOSEN'; accountId: string }
  | { type: 'TO_CHOSEN'; accountId: string }
  | { type: 'AMOUNT_CHANGED'; amount: string; side: QuoteSide }
  | { type: 'REVIEW_REQUESTED' }
  | { type: 'REVIEW_CANCELLED' }
  | { type: 'CONFIRMED' }
  | { type: 'RETRY' }
  | quoteClock.ConnectionEvent;

/** A refusal that says the quote itself is over: a fresh one is asked for at once if none came with it. */
const QUOTE_OVER = new Set(['quote_expired', 'quote_used', 'quote_not_found']);
/** No answer came: the transfer may have happened, so only the same request (same key) may be sent again. */
const OUTCOME_UNKNOWN = new Set(['network_error', 'internal_error', 'unknown']);

/**
 * What `confirmTransfer` rejects with: the failure, and for a quote that ran out or was used the fresh
 * quote the server made for the same ask, as its data (the endpoint's `errorData`, contract/transfers.ts).
 */
export type TransferRefusal = Failure<{ quote: Quote }>;

/** The fresh quote a refused confirmation came with, if any. */
function freshQuoteOf(event: unknown): Quote | null {
  const failure = failureOf(event) as TransferRefusal;
  return QUOTE_OVER.has(failure.code) ? (failure.data?.quote ?? null) : null;
}

/**
 * An exchange between the customer's fiat and crypto accounts (/transfer/fiat-to-crypto and
 * /transfer/crypto-to-fiat). Each change of accounts or amount asks the server for a quote after a
 * pause in typing; the quote holds for its seconds, counted down, and is replaced by a fresh one when
 * they run out — never silently reused. The confirmation sheet shows everything paid and received;
 * confirming sends the quote's id (one Idempotency-Key per quote, kept across a reload, so a double
 * click, a retry or a reload is the same request), and a quote the server finds over is replaced by the fresh one its refusal
 * carries (or, without one, by asking), shown to be confirmed again.
 */
export const transferMachine = setup({
  types: {
    input: {} as TransferInput,
    context: {} as Context,
    events: {} as Event,
    output: {} as { transfer: Transfer | null },
    tags: {} as 'editing' | 'quoting' | 'reviewing' | 'busy' | 'waitingForConnection',
  },
  actors: {
    /** POST /transfers/quotes. */
    requestQuote: unprovided<Quote, { fromAccountId: string; toAccountId: string; amount: string; side: QuoteSide }>('requestQuote'),
    /** POST /transfers with the quote's id, once per quote (`idempotentSubmit`). */
    confirmTransfer: unprovided<Transfer, { quoteId: string } & SubmitIntent>('confirmTransfer'),
    watchConnection: quoteClock.watchConnection,
  },
  guards: {
    readyToQuote: ({ context }) => context.fromAccountId !== null && context.toAccountId !== null && isPositive(context.amount),
    quoteRunOut: quoteClock.quoteRunOut,
    quoteRunOutOffline: quoteClock.quoteRunOutOffline,
    canConfirm: ({ context }) => context.quote?.fundsSufficient === true && context.quote.withinLimit,
    wasReviewing: ({ context }) => context.reviewing,
    quoteOver: ({ event }) => QUOTE_OVER.has(failureOf(event).code),
    refusedWithFreshQuote: ({ event }) => freshQuoteOf(event) !== null,
    outcomeUnknown: ({ event }) => OUTCOME_UNKNOWN.has(failureOf(event).code),
    /** A change while the confirmation is sent waits for its answer: the quote it confirms stays the one shown. */
    notConfirming: not(stateIn('#transfer.confirming')),
  },
  actions: {
    changed: assign(({ event }) => ({
      ...(event.type === 'FROM_CHOSEN' ? { fromAccountId: event.accountId } : {}),
      ...(event.type === 'TO_CHOSEN' ? { toAccountId: event.accountId } : {}),
      ...(event.type === 'AMOUNT_CHANGED' ? { amount: event.amount, side: event.side } : {}),
      quote: null,
      reviewing: false,
      refreshed: false,
      failure: null,
    })),
    failed: assign({ failure: ({ event }) => failureOf(event) }),
    quoteTicked: assign(quoteClock.quoteTicked),
    quoteRefreshed: assign(quoteClock.quoteRefreshed),
    quoteWaitStarted: assign(quoteClock.quoteWaitStarted),
    wentOffline: assign(quoteClock.wentOffline),
    wentOnline: assign(quoteClock.wentOnline),
  },
  delays: {
    QUOTE_DEBOUNCE: 400,
    QUOTE_TICK: quoteClock.QUOTE_TICK_MS,
  },
}).createMachine({
  id: 'transfer',
  description:
    'Exchange between your own fiat and crypto accounts with a live quote: firm for its seconds, refreshed when they run out, confirmed once.',
  context: ({ input }) => ({
    direction: input.direction,
    fromAccountId: null,
    toAccountId: null,
    amount: '',
    side: 'in',
    quote: null,
    secondsLeft: 0,
    reviewing: false,
    refreshed: false,
    offline: false,
    failure: null,
    result: null,
  }),
  output: ({ context }) => ({ transfer: context.result }),
  initial: 'editing',
  invoke: { id: 'watchConnection', src: 'watchConnection' },
  on: {
    ...quoteClock.connectionFollowed,
    FROM_CHOSEN: {
      guard: 'notConfirming',
      target: '.checking',
      actions: 'changed',
      description: 'The customer chose the account to pay from: the old quote is dropped.',
    },
    TO_CHOSEN: {
      guard: 'notConfirming',
      target: '.checking',
      actions: 'changed',
      description: 'The customer chose the account to receive in: the old quote is dropped.',
    },
    AMOUNT_CHANGED: {
      guard: 'notConfirming',
      target: '.checking',
      actions: 'changed',
      description: 'The customer typed an amount to pay or to get: the old quote is dropped.',
    },
  },
  states: {
    editing: {
      description: 'The accounts and the amount, with why there is no quote if there is none.',
      tags: ['editing'],
    },
    checking: {
      description: 'Something changed: accounts and an amount worth quoting wait for a pause in typing.',
      always: [
        {
          guard: 'readyToQuote',
          target: 'waitingToQuote',
          description: 'Both accounts and a positive amount are there: a quote will be asked for.',
        },
        { target: 'editing', description: 'Something is still missing: the form waits for the customer.' },
      ],
    },
    waitingToQuote: {
      description: 'The customer may still be typing: the quote is asked for after a short pause.',
      tags: ['editing', 'quoting'],
      after: { QUOTE_DEBOUNCE: { target: 'quoting', description: 'The typing paused: the server is asked for a quote.' } },
    },
    quoting: {
      description: 'Waiting for a price: the rate, the fee and the other side of the amount, firm for 30 seconds.',
      tags: ['editing', 'quoting'],
      invoke: {
        id: 'requestQuote',
        src: 'requestQuote',
        input: ({ context }) => ({
          fromAccountId: context.fromAccountId!,
          toAccountId: context.toAccountId!,
          amount: context.amount,
          side: context.side,
        }),
        onDone: {
          target: 'priced',
          description: 'The quote arrived: the rate, fee and other amount show with their countdown.',
          actions: assign(({ event }) => ({ quote: event.output, ...quoteClock.quoteSeconds(event.output) })),
        },
        onError: {
          target: 'editing',
          description: 'No quote could be made: the form says why and keeps what was typed.',
          actions: ['failed', assign({ quote: null, reviewing: false })],
        },
      },
    },
    priced: {
      type: 'parallel',
      description: 'A quote is held: its seconds count down while the customer reads it or the confirmation sheet.',
      always: [quoteClock.quoteWaiting('waitingForConnection'), quoteClock.quoteRefreshing('quoting')],
      states: {
        clock: {
          description: 'The quote’s seconds, counted down on the screen.',
          initial: 'ticking',
          states: {
            ticking: { description: 'Counting down the seconds the quote is firm for.', after: quoteClock.quoteTicking('ticking') },
          },
        },
        step: {
          description: 'What the customer has open: the form with the quote, or the confirmation sheet.',
          initial: 'resuming',
          states: {
            resuming: {
              description: 'A refreshed quote reopens the sheet the customer had open, if it can still be confirmed.',
              always: [
                {
                  guard: and(['wasReviewing', 'canConfirm']),
                  target: 'review',
                  description: 'The sheet was open and the fresh quote can be confirmed: it opens again.',
                },
                {
                  target: 'form',
                  actions: assign({ reviewing: false }),
                  description: 'The form shows the quote; a sheet open before closes if the quote cannot be confirmed.',
                },
              ],
            },
            form: {
              description: 'The quote under the form, with Max, and what stands in the way (funds, the limit left) if anything.',
              tags: ['editing'],
              on: {
                REVIEW_REQUESTED: {
                  guard: 'canConfirm',
                  target: 'review',
                  actions: assign({ reviewing: true, refreshed: false, failure: null }),
                  description: 'The customer asked to review, and funds and the limit allow it: the sheet opens.',
                },
              },
            },
            review: {
              description: 'The confirmation sheet: everything paid and received, and the seconds left.',
              tags: ['reviewing'],
              on: {
                CONFIRMED: {
                  target: '#transfer.confirming',
                  actions: assign({ failure: null }),
                  description: 'The customer confirmed the transfer: the quote is sent to the server.',
                },
                REVIEW_CANCELLED: {
                  target: 'form',
                  actions: assign({ reviewing: false }),
                  description: 'The customer closed the sheet: back to the form, the quote still counting down.',
                },
              },
            },
          },
        },
      },
    },
    waitingForConnection: {
      ...quoteClock.quoteWaitingForConnection('quoting'),
      // A sheet open when the quote ran out reopens with the fresh one (`reviewing` stays).
    },
    confirming: {
      description: 'Waiting while the server moves the money at the confirmed price; further clicks and changes wait for the answer.',
      tags: ['reviewing', 'busy'],
      invoke: {
        id: 'confirmTransfer',
        src: 'confirmTransfer',
        input: ({ context }) => ({ quoteId: context.quote!.id, intent: context.quote!.id }),
        onDone: {
          target: 'transferred',
          actions: assign({ result: ({ event }) => event.output, reviewing: false }),
          description: 'The server confirmed the transfer: the receipt shows.',
        },
        onError: [
          {
            guard: 'refusedWithFreshQuote',
            target: 'priced',
            actions: [
              'failed',
              assign(({ event }) => {
                const quote = freshQuoteOf(event)!;
                return { quote, ...quoteClock.quoteSeconds(quote), refreshed: true };
              }),
            ],
            description:
              'The server found the quote over (its clock, another tab) and sent a fresh one: the sheet shows its figures, to be confirmed again.',
          },
          {
            guard: 'quoteOver',
            target: 'quoting',
            actions: ['failed', assign({ refreshed: true })],
            description: 'The quote was over and none came in its place (an unknown one, or none could be made): one is asked for.',
          },
          {
            guard: 'outcomeUnknown',
            target: 'confirmFailed',
            actions: 'failed',
            description:
              'No answer came (network, server error): the money may have moved, so only a retry of the same request is offered.',
          },
          {
            target: 'quoting',
            actions: ['failed', assign({ reviewing: false })],
            description: 'Refused (funds, limit): nothing moved; the form says why, with a fresh quote.',
          },
        ],
      },
    },
    confirmFailed: {
      description: 'No answer: the money may have moved. Only the same request is sent again (the server replays it).',
      tags: ['reviewing'],
      on: {
        RETRY: {
          target: 'confirming',
          actions: assign({ failure: null }),
          description: 'The customer tries again: the same quote goes with the same key, so it moves money at most once.',
        },
        REVIEW_CANCELLED: {
          target: 'checking',
          actions: assign({ reviewing: false, quote: null, failure: null }),
          description: 'The customer gives up on this quote: the form asks for a new one.',
        },
      },
    },
    transferred: {
      type: 'final',
      description: 'Done: the receipt, linking to the activity.',
    },
  },
});
