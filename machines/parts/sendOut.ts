import { assign, type EventObject } from 'xstate';
import { compare, isPositive } from '../../contract/decimal';
import { toFailure, type Failure } from './failure';
import { pollRegion, sessionGone } from './poll';

/**
 * The part every withdrawal to a saved destination shares (a crypto address, a bank beneficiary): the
 * amount checked against the balance as it is typed, a new destination saved after its own step-up for
 * `withdrawal.address`, the server's quote, the review, the step-up for `withdrawal` the server asks for,
 * the submit once per quote (`idempotentSubmit`, the quote's id is the intent), and the result followed
 * (`pollRegion`) until it is final.
 *
 * A machine using it keeps `SendOutContext` in its context and spreads, in `setup()`, `sendOutGuards`
 * and `sendOutActions`; it names its own states and actors, and provides `statusRead` (the followed
 * status into its context) and `settled` (a final status).
 */
export interface SendOutContext {
  /** What the balance allows, updated as it changes; null when unknown. */
  balance: string | null;
  /** As typed, kept through every refusal. */
  amount: string;
  quote: { id: string } | null;
  failure: Failure | null;
}

const output = <T>(event: unknown) => (event as { output: T }).output;
const failed = (event: unknown) => toFailure((event as { error?: unknown }).error);
/** More than a known balance: refused as it is typed, before any quote or step-up. */
const exceeds = (amount: string, balance: string | null) => balance !== null && isPositive(amount) && compare(amount, balance) > 0;
const typed = (event: EventObject) => (event as EventObject & { amount: string }).amount;

/** The guards the parts use; `chosen` is the destination picked on the form (an address's, a beneficiary's id). */
export function sendOutGuards<TContext extends SendOutContext>(chosen: (context: TContext) => string | null) {
  return {
    sessionGone,
    canQuote: ({ context }: { context: TContext }) =>
      chosen(context) !== null && isPositive(context.amount) && !exceeds(context.amount, context.balance),
    typedOverBalance: ({ context, event }: { context: TContext; event: EventObject }) =>
      event.type === 'AMOUNT_CHANGED' && exceeds(typed(event), context.balance),
    overBalance: ({ context }: { context: TContext }) => exceeds(context.amount, context.balance),
    stepUpGranted: ({ event }: { event: EventObject }) => output<{ granted: boolean }>(event).granted,
    stepUpExpired: ({ event }: { event: EventObject }) => failed(event).code === 'step_up_required',
    quoteOver: ({ event }: { event: EventObject }) => ['quote_expired', 'quote_used'].includes(failed(event).code),
  };
}

/** The actions the parts use. */
export function sendOutActions<TContext extends SendOutContext, TEvent extends EventObject>() {
  const set = (patch: (event: TEvent) => Partial<SendOutContext>) =>
    assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => patch(event) as Partial<TContext>);
  return {
    failed: set((event) => ({ failure: failed(event) })),
    failureCleared: set(() => ({ failure: null })),
    /** A refusal said on the form, by its code. */
    refused: assign<TContext, TEvent, { code: string }, TEvent, never>(
      (_, params) => ({ failure: { code: params.code } }) as Partial<TContext>,
    ),
    amountTyped: set((event) => ({ amount: typed(event), failure: null })),
    amountOverBalance: set((event) => ({ amount: typed(event), failure: { code: 'insufficient_funds' } })),
    quoteRead: set((event) => ({ quote: output<{ id: string }>(event) })),
    quoteDropped: set(() => ({ quote: null, failure: null })),
  };
}

/** The form's amount and its "Review" button: `incomplete` is the code said when the destination or the amount is missing. */
export function amountOnForm<const TIncomplete extends string>(what: { destination: string; incomplete: TIncomplete }) {
  return {
    AMOUNT_CHANGED: [
      { guard: 'typedOverBalance', actions: 'amountOverBalance', description: 'More than the balance: said at once, before any quote.' },
      { description: 'The customer typed an amount within the balance.', actions: 'amountTyped' },
    ],
    QUOTE_REQUESTED: [
      {
        guard: 'canQuote',
        target: 'quoting',
        description: `${what.destination} and amount are there and within the balance: the server is asked for a quote.`,
        actions: 'failureCleared',
      },
      {
        guard: 'overBalance',
        actions: { type: 'refused', params: { code: 'insufficient_funds' } },
        description: 'The balance went down below the amount.',
      },
      {
        actions: { type: 'refused', params: { code: what.incomplete } },
        description: `No ${what.destination.toLowerCase()} or no amount yet.`,
      },
    ],
  } as const;
}

/**
 * A new destination's step-up for `withdrawal.address`, then its save (the actor `save`, with `input`);
 * a step-up that ran out before the save is asked again. `form` is the new destination's form state,
 * `saved` the machine's action that keeps the saved destination, chosen.
 */
export function stepUpThenSave<TContext, TInput, const TSave extends string, const TSaved extends string>(options: {
  what: string;
  form: string;
  stepUpState: string;
  saveState: string;
  save: TSave;
  input: (args: { context: TContext }) => TInput;
  saved: TSaved;
}) {
  return {
    stepUp: {
      tags: ['steppingUp', 'newDestination'],
      description: 'The one step-up for `withdrawal.address`.',
      invoke: {
        // The same actor as the withdrawal's own step-up, for another action; never both at once.
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'withdrawal.address' },
        onDone: [
          {
            guard: 'stepUpGranted',
            target: options.saveState,
            description: `The customer confirmed it is them: the ${options.what} is saved.`,
          },
          { target: options.form, description: `The step-up was left: the ${options.what} stays typed, unsaved.` },
        ],
      },
    },
    saving: {
      tags: ['busy', 'newDestination'],
      description: `Waiting while the server saves the ${options.what}; it is chosen once saved (usable after its cooling-off period).`,
      invoke: {
        id: options.save,
        src: options.save,
        input: options.input,
        onDone: { description: `The ${options.what} was saved and is now chosen in the form.`, target: 'editing', actions: options.saved },
        onError: [
          {
            guard: 'stepUpExpired',
            target: options.stepUpState,
            description: 'The step-up ran out before the save: the customer confirms it is them again.',
          },
          {
            target: options.form,
            description: `The server refused the ${options.what}: the form says why and keeps it.`,
            actions: 'failed',
          },
        ],
      },
    },
  } as const;
}

/**
 * From the quote to the end: `quoting` asks `quote` (with `quoteInput`), `reviewing` shows it,
 * `steppingUp` is the step-up for `withdrawal` the server asked for, the submit state (named by
 * `submitState`) sends `submit` once per quote, `following` asks `check` every `delay` until the guard
 * `settled` holds, then `final` (a state id, `#machine.settled`).
 */
export function quoteToSettled<
  TContext extends SendOutContext,
  TQuoteInput,
  TCheckInput,
  const TQuote extends string,
  const TSubmit extends string,
  const TCheck extends string,
  const TDelay extends string,
>(options: {
  what: string;
  submitState: string;
  final: string;
  quote: TQuote;
  quoteInput: (args: { context: TContext }) => TQuoteInput;
  submit: TSubmit;
  check: TCheck;
  checkInput: (args: { context: TContext }) => TCheckInput;
  delay: TDelay;
  descriptions: { quoting: string; quoted: string; unquoted: string; reviewing: string; following: string; settled: string };
}) {
  const { what } = options;
  return {
    quoting: {
      tags: ['busy'],
      description: options.descriptions.quoting,
      invoke: {
        id: options.quote,
        src: options.quote,
        input: options.quoteInput,
        onDone: { target: 'reviewing', description: options.descriptions.quoted, actions: 'quoteRead' },
        onError: { target: 'editing', description: options.descriptions.unquoted, actions: 'failed' },
      },
    },
    reviewing: {
      tags: ['review'],
      description: options.descriptions.reviewing,
      on: {
        CONFIRMED: {
          target: options.submitState,
          actions: 'failureCleared',
          description:
            'Asked first without a step-up: the server checks funds and limit, and asks for the step-up only when they allow it.',
        },
        EDIT_REQUESTED: {
          target: 'editing',
          description: 'The customer wants to change something: back to the form, the quote dropped.',
          actions: 'quoteDropped',
        },
      },
    },
    steppingUp: {
      tags: ['review', 'steppingUp'],
      description: `The one step-up for \`withdrawal\`, once the server said the ${what} would go through.`,
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'withdrawal' },
        onDone: [
          {
            guard: 'stepUpGranted',
            target: options.submitState,
            description: `The customer confirmed it is them: the ${what} is sent again, same key.`,
          },
          { target: 'reviewing', description: `The step-up was left: back to the review, nothing sent.` },
        ],
      },
    },
    submitting: {
      tags: ['busy', 'review'],
      description: `Waiting while the server takes the ${what}: the amount is held at once, or refused with nothing moved, or a confirmation is asked for first when funds and limit allow it.`,
      invoke: {
        id: options.submit,
        src: options.submit,
        // One quote is one submit: a retry of it (a step-up that ran out, a lost answer) keeps its key.
        input: ({ context }: { context: TContext }) => ({ quoteId: context.quote!.id, intent: context.quote!.id }),
        onDone: {
          target: 'following',
          description: `The server took the ${what}: the amount is held and its progress is followed.`,
          actions: 'statusRead',
        },
        onError: [
          {
            guard: 'stepUpExpired',
            target: 'steppingUp',
            description: 'No live grant (the first try, or it ran out): step up, then try again with the same key.',
          },
          {
            guard: 'quoteOver',
            target: 'editing',
            description: 'The quote was over: back to the form to ask for a fresh one.',
            actions: ['quoteDropped', 'failed'],
          },
          { target: 'reviewing', description: 'Refused (funds, limit, offline): nothing moved; the review says why.', actions: 'failed' },
        ],
      },
    },
    following: {
      tags: ['following'],
      description: options.descriptions.following,
      ...pollRegion({
        ask: options.check,
        delay: options.delay,
        first: 'waiting',
        input: options.checkInput,
        onDone: [
          { guard: 'settled', target: options.final, description: options.descriptions.settled, actions: 'statusRead' },
          {
            target: 'waiting',
            description: 'Still under way: the status shows and is asked again at the next poll.',
            actions: 'statusRead',
          },
        ],
      }),
    },
  } as const;
}

/** The events every send-out machine has in common: what its page's shared parts send. */
export type SendOutEvent =
  | { type: 'BALANCE_CHANGED'; balance: string }
  | { type: 'AMOUNT_CHANGED'; amount: string }
  | { type: 'QUOTE_REQUESTED' }
  | { type: 'CONFIRMED' }
  | { type: 'EDIT_REQUESTED' }
  | { type: 'RETRY' };

/**
 * The shared face of a withdrawal page: which part shows, read through the tags the parts and the machines
 * set, whether it waits (a request under way or a step-up open), and the intents of the amount, the review
 * and the book's loading.
 */
export function connectSendOut(snapshot: { hasTag(tag: string): boolean; status: string }, send: (event: SendOutEvent) => void) {
  const loading = snapshot.hasTag('loading');
  const loadFailed = snapshot.hasTag('failed');
  const addingDestination = snapshot.hasTag('newDestination');
  const reviewing = snapshot.hasTag('review');
  const following = snapshot.hasTag('following');
  const settled = snapshot.status === 'done';
  return {
    loading,
    loadFailed,
    /** The form for a new destination shows instead of the page's form. */
    addingDestination,
    /** The quote shows for review (and while it is confirmed). */
    reviewing,
    /** The money is on its way (or arrived, or came back): its progress shows. */
    underWay: following || settled,
    settled,
    /** The page's form shows: destination and amount (also while a quote is asked for, or a saved destination renamed). */
    onForm: !loading && !loadFailed && !addingDestination && !reviewing && !following && !settled,
    busy: snapshot.hasTag('busy') || snapshot.hasTag('steppingUp'),
    /** The balance the page shows changed: the amount is checked against it. */
    balanceChanged: (balance: string) => send({ type: 'BALANCE_CHANGED', balance }),
    /** The amount as typed; empty while it is no amount. */
    typeAmount: (amount: string) => send({ type: 'AMOUNT_CHANGED', amount }),
    requestQuote: () => send({ type: 'QUOTE_REQUESTED' }),
    confirm: () => send({ type: 'CONFIRMED' }),
    edit: () => send({ type: 'EDIT_REQUESTED' }),
    retry: () => send({ type: 'RETRY' }),
  };
}
