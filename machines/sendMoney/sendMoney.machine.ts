import { assign, setup } from 'xstate';
import { assetDecimals, type Asset } from '../../contract/assetList';
import type { CountryCode } from '../../contract/countryCodes';
import { compare, divide, fitsDecimals, isPositive } from '../../contract/decimal';
import type { RecipientLookup, SendMoneyBody, SendReceipt } from '../../contract/sendMoney';
import { toFailure, type Failure } from '../parts/failure';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import { recipientAddress } from '../parts/recipientAddress';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

/** What is left of the sender's `payment` limit today and this month, in US dollars, as the server counts it. */
export interface SendLimit {
  day: string;
  month: string;
}

export interface SendMoneyInput {
  /** The customer's country: a phone number typed without `+` is read in it. */
  country: CountryCode;
  /** Null when it could not be read: the server still refuses what passes it. */
  limit: SendLimit | null;
}

/** The account the money leaves, with its balance and its asset's rate as the page knows them. */
export interface SendingAccount {
  id: string;
  asset: Asset;
  balance: string;
  /** US dollars per unit of the asset: the limit, counted in dollars, is converted with it. */
  rate: string;
}

/** The most the limit lets leave the account now, in its asset, and which period sets it. */
export interface SendAllowance {
  left: string;
  period: 'day' | 'month';
}

/**
 * The limit in the account's asset: each remainder divided by the rate, rounded down to the asset's
 * decimals, so an amount fits it exactly when its dollar value fits the remainder, as the server checks
 * it (at the server's rate of the moment, which may have moved: the server has the last word).
 */
export function sendAllowance(limit: SendLimit | null, account: SendingAccount | null): SendAllowance | null {
  if (!limit || !account || !isPositive(account.rate)) return null;
  const decimals = assetDecimals(account.asset);
  const day = divide(limit.day, account.rate, decimals);
  const month = divide(limit.month, account.rate, decimals);
  return compare(month, day) < 0 ? { left: month, period: 'month' } : { left: day, period: 'day' };
}

interface Context {
  country: CountryCode;
  /** The recipient as typed (or chosen from the contacts). */
  to: string;
  /** What `to` reads as once the review was asked for: the e-mail or E.164 number sent to. */
  address: string | null;
  account: SendingAccount | null;
  limit: SendLimit | null;
  amount: string;
  note: string;
  /** The look-up's answer, once the review was asked for. */
  recipient: RecipientLookup | null;
  receipt: SendReceipt | null;
  failure: Failure | null;
}

type Event =
  | { type: 'LIMIT_CHANGED'; limit: SendLimit }
  | { type: 'RECIPIENT_CHANGED'; to: string }
  | { type: 'ACCOUNT_CHOSEN'; account: SendingAccount }
  | { type: 'AMOUNT_CHANGED'; amount: string }
  | { type: 'NOTE_CHANGED'; note: string }
  | { type: 'REVIEW_REQUESTED' }
  | { type: 'CONFIRMED' }
  | { type: 'EDIT_REQUESTED' }
  | { type: 'NEW_REQUESTED' };

const failed = (event: unknown) => toFailure((event as { error?: unknown }).error);
const exceeds = (amount: string, account: SendingAccount | null) =>
  account !== null && isPositive(amount) && compare(amount, account.balance) > 0;
/** Why the limit refuses the amount from the account (the period and what is left of it), or null. */
function overLimit(amount: string, account: SendingAccount | null, limit: SendLimit | null): Failure | null {
  const allowance = sendAllowance(limit, account);
  if (!allowance || !isPositive(amount) || compare(amount, allowance.left) <= 0) return null;
  return { code: allowance.period === 'day' ? 'over_daily_limit' : 'over_monthly_limit', fields: { left: allowance.left } };
}
const fits = (amount: string, account: SendingAccount) => isPositive(amount) && fitsDecimals(amount, assetDecimals(account.asset));

/** The body sent, which is also the intent: the same send retried is one send on the server. */
export function sendBody(context: Pick<Context, 'address' | 'account' | 'amount' | 'note'>): SendMoneyBody {
  const note = context.note.trim();
  return { to: context.address!, fromAccountId: context.account!.id, amount: context.amount, ...(note ? { note } : {}) };
}

/**
 * /send: another customer's e-mail address or phone number (or a recent contact), the account and the
 * amount (more than its balance or than the sending limit leaves is refused as it is typed, so no
 * look-up and no step-up is spent on it), then the review, which names the recipient
 * masked ("Dana D.") or says that they will be invited and the money waits for them; confirming sends it
 * once, with the one step-up when the server asks for it (above the threshold). The outcome: sent, partly
 * held until the receiver's level takes it, or waiting for the invitee.
 */
export const sendMoneyMachine = setup({
  types: { input: {} as SendMoneyInput, context: {} as Context, events: {} as Event },
  actors: {
    /** POST /send/lookup: whether the address is a customer's, and their masked name. */
    lookupRecipient: unprovided<RecipientLookup, { to: string }>('lookupRecipient'),
    stepUp: stepUpMachine,
    /** POST /send, once per intent (`idempotentSubmit`); refreshes the balances when it went through. */
    sendMoney: unprovided<SendReceipt, SendMoneyBody & SubmitIntent>('sendMoney'),
  },
  guards: {
    incomplete: ({ context }) => context.to.trim() === '' || context.account === null || context.amount.trim() === '',
    recipientInvalid: ({ context }) => recipientAddress(context.to, context.country) === null,
    amountInvalid: ({ context }) => !fits(context.amount, context.account!),
    overBalance: ({ context }) => exceeds(context.amount, context.account),
    typedOverBalance: ({ context, event }) => event.type === 'AMOUNT_CHANGED' && exceeds(event.amount, context.account),
    chosenOverBalance: ({ context, event }) => event.type === 'ACCOUNT_CHOSEN' && exceeds(context.amount, event.account),
    overLimit: ({ context }) => overLimit(context.amount, context.account, context.limit) !== null,
    typedOverLimit: ({ context, event }) =>
      event.type === 'AMOUNT_CHANGED' && overLimit(event.amount, context.account, context.limit) !== null,
    chosenOverLimit: ({ context, event }) =>
      event.type === 'ACCOUNT_CHOSEN' && overLimit(context.amount, event.account, context.limit) !== null,
    stepUpGranted: ({ event }) => (event as unknown as { output: { granted: boolean } }).output.granted,
    stepUpAsked: ({ event }) => failed(event).code === 'step_up_required',
  },
  actions: {
    failed: assign({ failure: ({ event }) => failed(event) }),
    limitRead: assign({ limit: ({ event }) => (event as Extract<Event, { type: 'LIMIT_CHANGED' }>).limit }),
    refusedByLimit: assign({ failure: ({ context }) => overLimit(context.amount, context.account, context.limit) }),
  },
}).createMachine({
  id: 'sendMoney',
  description:
    'Send money to another customer by e-mail address or phone number: the account and amount (within the balance and the sending limit), the review naming the recipient masked (or saying they will be invited), the step-up above the threshold, then sent, held over their limit, or waiting for the invitee.',
  context: ({ input }) => ({
    country: input.country,
    to: '',
    address: null,
    account: null,
    limit: input.limit,
    amount: '',
    note: '',
    recipient: null,
    receipt: null,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      description: 'The form: recipient (or a recent contact), account, amount and note; a refusal shows next to it.',
      meta: { route: '/send' },
      on: {
        LIMIT_CHANGED: {
          description: 'The sending limit was read again: the next checks use what is left now.',
          actions: 'limitRead',
        },
        RECIPIENT_CHANGED: {
          description: 'The customer typed a recipient or picked a recent contact.',
          actions: assign({ to: ({ event }) => event.to, failure: null }),
        },
        ACCOUNT_CHOSEN: [
          {
            guard: 'chosenOverBalance',
            description: 'The chosen account holds less than the amount typed: said at once.',
            actions: assign({ account: ({ event }) => event.account, failure: { code: 'insufficient_funds' } }),
          },
          {
            guard: 'chosenOverLimit',
            description: 'From the chosen account the amount typed is more than the sending limit leaves: said at once, naming the limit.',
            actions: [assign({ account: ({ event }) => event.account }), 'refusedByLimit'],
          },
          {
            description: 'The customer chose the account the money leaves.',
            actions: assign({ account: ({ event }) => event.account, failure: null }),
          },
        ],
        AMOUNT_CHANGED: [
          {
            guard: 'typedOverBalance',
            description: 'More than the account holds: said at once, before any look-up.',
            actions: assign({ amount: ({ event }) => event.amount, failure: { code: 'insufficient_funds' } }),
          },
          {
            guard: 'typedOverLimit',
            description: 'More than the sending limit leaves today or this month: said at once, naming the limit and what is left.',
            actions: [assign({ amount: ({ event }) => event.amount }), 'refusedByLimit'],
          },
          {
            description: 'The customer typed an amount the account and the limit cover.',
            actions: assign({ amount: ({ event }) => event.amount, failure: null }),
          },
        ],
        NOTE_CHANGED: { description: 'The customer wrote what the money is for.', actions: assign({ note: ({ event }) => event.note }) },
        REVIEW_REQUESTED: [
          {
            guard: 'incomplete',
            description: 'A recipient, an account or an amount is missing: the form asks for it.',
            actions: assign({ failure: { code: 'send_incomplete' } }),
          },
          {
            guard: 'recipientInvalid',
            description: 'The recipient is neither an e-mail address nor a phone number: the form says so.',
            actions: assign({ failure: { code: 'recipient_invalid' } }),
          },
          {
            guard: 'amountInvalid',
            description: 'The amount is zero or has more decimals than the asset: the form says so.',
            actions: assign({ failure: { code: 'amount_invalid' } }),
          },
          {
            guard: 'overBalance',
            description: 'The account holds less than the amount: nothing is looked up.',
            actions: assign({ failure: { code: 'insufficient_funds' } }),
          },
          {
            guard: 'overLimit',
            description: 'More than the sending limit leaves: nothing is looked up, no step-up is asked for.',
            actions: 'refusedByLimit',
          },
          {
            target: 'lookingUp',
            description: 'The form is complete: the app finds out whom the address reaches.',
            actions: assign({ address: ({ context }) => recipientAddress(context.to, context.country), failure: null }),
          },
        ],
      },
    },
    lookingUp: {
      tags: ['busy', 'form'],
      description: 'Waiting while the server says whether the address is a customer’s, and their masked name.',
      invoke: {
        id: 'lookupRecipient',
        src: 'lookupRecipient',
        input: ({ context }) => ({ to: context.address! }),
        onDone: {
          target: 'reviewing',
          description: 'The answer came: the review names the customer, or says the address will be invited.',
          actions: assign({ recipient: ({ event }) => event.output }),
        },
        onError: {
          target: 'editing',
          description:
            'Refused (the customer’s own address, or the day’s new addresses used up, which the send would be too) or no answer: the form says why, as typed.',
          actions: 'failed',
        },
      },
    },
    reviewing: {
      tags: ['review'],
      description: 'The review: to whom (masked name, or an invitation and 14 days of waiting), how much, from which account.',
      on: {
        CONFIRMED: {
          target: 'sending',
          description: 'The customer confirmed: the money is sent, asked first without a step-up.',
          actions: assign({ failure: null }),
        },
        EDIT_REQUESTED: {
          target: 'editing',
          description: 'The customer wants to change something: back to the form as typed.',
          actions: assign({ recipient: null, failure: null }),
        },
      },
    },
    steppingUp: {
      tags: ['review'],
      description: 'The one step-up for `send`, asked for by the server above the threshold.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'send' },
        onDone: [
          { guard: 'stepUpGranted', target: 'sending', description: 'The customer confirmed it is them: the send goes again, same key.' },
          { target: 'reviewing', description: 'The step-up was left: back to the review, nothing sent.' },
        ],
      },
    },
    sending: {
      tags: ['busy', 'review'],
      description: 'Waiting while the server moves the money, or refuses with nothing moved.',
      invoke: {
        id: 'sendMoney',
        src: 'sendMoney',
        input: ({ context }) => {
          const body = sendBody(context);
          return { ...body, intent: JSON.stringify(body) };
        },
        onDone: {
          target: 'sent',
          description: 'The money left the account: the outcome shows (sent, held or waiting for the invitee).',
          actions: assign({ receipt: ({ event }) => event.output }),
        },
        onError: [
          {
            guard: 'stepUpAsked',
            target: 'steppingUp',
            description: 'Above the threshold: the customer confirms it is them, then the same send goes again.',
          },
          {
            target: 'reviewing',
            description: 'Refused (funds, limit, a stale price) or no answer: nothing moved; the review says why.',
            actions: 'failed',
          },
        ],
      },
    },
    sent: {
      tags: ['sent'],
      description: 'The receipt: sent, partly held until the receiver’s level allows it, or waiting 14 days for the invitee.',
      on: {
        LIMIT_CHANGED: {
          description: 'The limit was read again after the send: the next send is checked against what is left.',
          actions: 'limitRead',
        },
        NEW_REQUESTED: {
          target: 'editing',
          description: 'The customer sends again: an empty form with the same account.',
          actions: assign({ to: '', address: null, amount: '', note: '', recipient: null, receipt: null }),
        },
      },
    },
  },
});
