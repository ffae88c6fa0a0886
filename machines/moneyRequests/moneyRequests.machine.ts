import { assign, setup } from 'xstate';
import { assetDecimals, type Asset } from '../../contract/assetList';
import type { CountryCode } from '../../contract/countryCodes';
import { compare, fitsDecimals, isPositive } from '../../contract/decimal';
import type { CreateMoneyRequestBody, MoneyRequest, SendReceipt } from '../../contract/sendMoney';
import { toFailure, type Failure } from '../parts/failure';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import { recipientAddress } from '../parts/recipientAddress';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

export interface MoneyRequestsInput {
  /** The customer's country: a phone number typed without `+` is read in it. */
  country: CountryCode;
}

/** What the customer asks for, as typed: `from` is read as an address when it is sent. */
export interface MoneyRequestDraft {
  from: string;
  asset: Asset;
  amount: string;
  note: string;
}

/** What the customer did last on the page: ask, or pay / decline / cancel / remind one request of the list. */
export type RequestAction = 'ask' | 'pay' | 'decline' | 'cancel' | 'remind';
/** The answers that close or nudge a request without moving money. */
export type RequestAnswer = Extract<RequestAction, 'decline' | 'cancel' | 'remind'>;

interface Context {
  country: CountryCode;
  /** The last action and the request it was about (null for a new ask until it is made). */
  action: RequestAction | null;
  requestId: string | null;
  /** The request being asked for, as typed. */
  draft: MoneyRequestDraft | null;
  /** The payment under way: from which account. */
  payment: { requestId: string; fromAccountId: string } | null;
  /** The last action went through (the page says so) or was refused (`failure`). */
  done: boolean;
  failure: Failure | null;
}

type Event =
  | { type: 'REQUEST_SUBMITTED'; draft: MoneyRequestDraft }
  | { type: 'PAY_REQUESTED'; request: Pick<MoneyRequest, 'id' | 'amount'>; account: { id: string; balance: string } }
  | { type: 'ANSWER_REQUESTED'; requestId: string; answer: RequestAnswer };

const failed = (event: unknown) => toFailure((event as { error?: unknown }).error);
const outcome = (action: RequestAction, requestId: string | null) => ({ action, requestId, done: false, failure: null });

/** The body of a new request: null while `from` reads as no address or the amount is not the asset's. */
export function requestBody(draft: MoneyRequestDraft, country: CountryCode): CreateMoneyRequestBody | null {
  const from = recipientAddress(draft.from, country);
  if (!from || !isPositive(draft.amount) || !fitsDecimals(draft.amount, assetDecimals(draft.asset))) return null;
  const note = draft.note.trim();
  return { from, asset: draft.asset, amount: draft.amount, ...(note ? { note } : {}) };
}

/**
 * /send/requests: ask a customer for money by address, and the requests both ways. The payer pays one
 * from their account in its asset (the one step-up when the server asks, above the threshold) or declines
 * it; the requester cancels one or reminds the payer, which the server allows once a day. The list is read
 * by the page and fresh after each action; the last action's outcome or refusal shows.
 */
export const moneyRequestsMachine = setup({
  types: { input: {} as MoneyRequestsInput, context: {} as Context, events: {} as Event },
  actors: {
    /** POST /money-requests. */
    askMoney: unprovided<MoneyRequest, CreateMoneyRequestBody & SubmitIntent>('askMoney'),
    stepUp: stepUpMachine,
    /** POST /money-requests/:id/pay, once per request and account (`idempotentSubmit`). */
    payRequest: unprovided<SendReceipt, { requestId: string; fromAccountId: string } & SubmitIntent>('payRequest'),
    /** POST /money-requests/:id/decline, /cancel or /remind. */
    answerRequest: unprovided<MoneyRequest, { requestId: string; answer: RequestAnswer }>('answerRequest'),
  },
  guards: {
    draftInvalid: ({ context, event }) => event.type === 'REQUEST_SUBMITTED' && requestBody(event.draft, context.country) === null,
    overBalance: ({ event }) => event.type === 'PAY_REQUESTED' && compare(event.request.amount, event.account.balance) > 0,
    stepUpGranted: ({ event }) => (event as unknown as { output: { granted: boolean } }).output.granted,
    stepUpAsked: ({ event }) => failed(event).code === 'step_up_required',
  },
  actions: {
    succeeded: assign({ done: true }),
    failed: assign({ failure: ({ event }) => failed(event) }),
  },
}).createMachine({
  id: 'moneyRequests',
  description:
    'Ask a customer for money, and answer requests: the payer pays (step-up above the threshold) or declines, the requester cancels or reminds once a day.',
  context: ({ input }) => ({
    country: input.country,
    action: null,
    requestId: null,
    draft: null,
    payment: null,
    done: false,
    failure: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      description: 'The ask form and the list of requests both ways, with the last action’s outcome or why it was refused.',
      meta: { route: '/send/requests' },
      on: {
        REQUEST_SUBMITTED: [
          {
            guard: 'draftInvalid',
            description: 'The address or the amount is not one: the form says so, nothing is sent.',
            actions: assign({ ...outcome('ask', null), failure: { code: 'request_invalid' } }),
          },
          {
            target: 'asking',
            description: 'The request is complete: it goes to the payer.',
            actions: assign(({ event }) => ({ ...outcome('ask', null), draft: event.draft })),
          },
        ],
        PAY_REQUESTED: [
          {
            guard: 'overBalance',
            description: 'The account holds less than asked: said at once, nothing is paid.',
            actions: assign(({ event }) => ({ ...outcome('pay', event.request.id), failure: { code: 'insufficient_funds' } })),
          },
          {
            target: 'paying',
            description: 'The payer pays a request from their account in its asset.',
            actions: assign(({ event }) => ({
              ...outcome('pay', event.request.id),
              payment: { requestId: event.request.id, fromAccountId: event.account.id },
            })),
          },
        ],
        ANSWER_REQUESTED: {
          target: 'answering',
          description: 'The payer declines, or the requester cancels or reminds.',
          actions: assign(({ event }) => outcome(event.answer, event.requestId)),
        },
      },
    },
    asking: {
      tags: ['busy'],
      description: 'Waiting while the server finds the payer and tells them of the request.',
      invoke: {
        id: 'askMoney',
        src: 'askMoney',
        input: ({ context }) => {
          const body = requestBody(context.draft!, context.country)!;
          // The same request asked again (after no answer) keeps its key: the server makes it once.
          return { ...body, intent: JSON.stringify(body) };
        },
        onDone: {
          target: 'ready',
          description: 'The request was made: it shows in the list, and the payer was told.',
          actions: ['succeeded', assign({ requestId: ({ event }) => event.output.id })],
        },
        onError: {
          target: 'ready',
          description: 'Refused (no customer at that address, look-ups used up) or no answer: the form says why, as typed.',
          actions: 'failed',
        },
      },
    },
    steppingUp: {
      description: 'The one step-up for `send`, asked for by the server above the threshold.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'send' },
        onDone: [
          { guard: 'stepUpGranted', target: 'paying', description: 'The customer confirmed it is them: the payment goes again, same key.' },
          { target: 'ready', description: 'The step-up was left: nothing is paid, the request stays open.' },
        ],
      },
    },
    paying: {
      tags: ['busy'],
      description: 'Waiting while the server pays the request, or refuses with nothing moved.',
      invoke: {
        id: 'payRequest',
        src: 'payRequest',
        input: ({ context }) => ({ ...context.payment!, intent: `${context.payment!.requestId}:${context.payment!.fromAccountId}` }),
        onDone: { target: 'ready', description: 'The request was paid: the list shows it paid.', actions: 'succeeded' },
        onError: [
          {
            guard: 'stepUpAsked',
            target: 'steppingUp',
            description: 'Above the threshold: the payer confirms it is them, then the same payment goes again.',
          },
          {
            target: 'ready',
            description: 'Refused (funds, limit, already closed) or no answer: nothing moved; the list says why.',
            actions: 'failed',
          },
        ],
      },
    },
    answering: {
      tags: ['busy'],
      description: 'Waiting while the server declines, cancels or reminds.',
      invoke: {
        id: 'answerRequest',
        src: 'answerRequest',
        input: ({ context }) => ({ requestId: context.requestId!, answer: context.action as RequestAnswer }),
        onDone: { target: 'ready', description: 'Done: the list shows the request’s new status or the reminder.', actions: 'succeeded' },
        onError: {
          target: 'ready',
          description: 'Refused (a reminder within a day, already closed) or no answer: the list says why.',
          actions: 'failed',
        },
      },
    },
  },
});
