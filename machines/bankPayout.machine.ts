import { assign, setup } from 'xstate';
import { checkBankAccount } from '../contract/bankAccount';
import { compare, isPositive } from '../contract/decimal';
import type { Beneficiaries, Beneficiary, Payout, PayoutCurrency, PayoutQuote } from '../contract/payouts';
import { toFailure, type Failure } from './failure';
import type { SubmitIntent } from './idempotentSubmit';
import { pollRegion, sessionGone } from './poll';
import { stepUpMachine } from './stepUp.machine';
import { unprovided } from './unprovided';

export interface BankPayoutInput {
  currency: PayoutCurrency;
  /** The account's balance as the page opened (0 without an account); null when it could not be read, and the quote checks alone. */
  balance: string | null;
}

/** How often a payout is asked about until it is settled or returned (the simulated bank settles the next business day). */
export const PAYOUT_POLL_MS = 5_000;

/** A new beneficiary as typed. */
export interface BeneficiaryDraft {
  holderName: string;
  iban: string;
  bic: string;
  label: string;
}

const NO_DRAFT: BeneficiaryDraft = { holderName: '', iban: '', bic: '', label: '' };

interface Context {
  currency: PayoutCurrency;
  beneficiaries: Beneficiary[];
  /** From the book's answer: how long a new beneficiary waits before it can be paid. */
  coolingOffSeconds: number;
  beneficiaryId: string | null;
  /** What the balance allows, updated as it changes (`BALANCE_CHANGED`); null when unknown. */
  balance: string | null;
  /** As typed, kept through every refusal. */
  amount: string;
  draft: BeneficiaryDraft;
  quote: PayoutQuote | null;
  payout: Payout | null;
  failure: Failure | null;
}

type Event =
  | { type: 'BALANCE_CHANGED'; balance: string }
  | { type: 'BENEFICIARY_CHOSEN'; beneficiaryId: string }
  | { type: 'AMOUNT_CHANGED'; amount: string }
  | { type: 'QUOTE_REQUESTED' }
  | { type: 'ADD_BENEFICIARY_STARTED' }
  | ({ type: 'BENEFICIARY_SUBMITTED' } & BeneficiaryDraft)
  | { type: 'ADD_BENEFICIARY_CANCELLED' }
  | { type: 'CONFIRMED' }
  | { type: 'EDIT_REQUESTED' }
  | { type: 'RETRY' };

const output = <T>(event: unknown) => (event as { output: T }).output;
const failed = (event: unknown) => toFailure((event as { error?: unknown }).error);
/** More than a known balance: refused as it is typed, before any quote or step-up. */
const exceeds = (amount: string, balance: string | null) => balance !== null && isPositive(amount) && compare(amount, balance) > 0;
const draftOf = (event: BeneficiaryDraft): BeneficiaryDraft => ({
  holderName: event.holderName.trim(),
  iban: event.iban.trim(),
  bic: event.bic.trim(),
  label: event.label.trim(),
});
/** What is wrong with a typed beneficiary, by the contract's rules (the server checks again); null when nothing. */
function draftRefusal(draft: BeneficiaryDraft): Failure | null {
  if (draft.holderName === '') return { code: 'holder_name_required' };
  const account = checkBankAccount({ iban: draft.iban, bic: draft.bic });
  return account.ok ? null : { code: account.code };
}

/**
 * /accounts/fiat/withdraw/{iso}: a saved beneficiary (or a new one: holder, IBAN and BIC checked by the
 * contract's rules before anything is sent, saved with its own step-up and payable after the cooling-off
 * period), the amount (more than the balance refused as it is typed); the server quotes the fee and the
 * arrival date; confirming asks the server, which checks funds and limit before it asks for the step-up for
 * `withdrawal`; it pays out once; the payout is then followed until it is settled or returned with the
 * bank's reason.
 */
export const bankPayoutMachine = setup({
  types: { input: {} as BankPayoutInput, context: {} as Context, events: {} as Event },
  actors: {
    /** GET /beneficiaries. */
    loadBeneficiaries: unprovided<Beneficiaries, void>('loadBeneficiaries'),
    stepUp: stepUpMachine,
    /** POST /beneficiaries. */
    saveBeneficiary: unprovided<Beneficiary, BeneficiaryDraft>('saveBeneficiary'),
    /** POST /payouts/quotes. */
    requestPayoutQuote: unprovided<PayoutQuote, { currency: PayoutCurrency; beneficiaryId: string; amount: string }>('requestPayoutQuote'),
    /** POST /payouts, once per quote (`idempotentSubmit`); refreshes the balances when it went through. */
    payOut: unprovided<Payout, { quoteId: string } & SubmitIntent>('payOut'),
    /** GET /payouts/:id. */
    checkPayout: unprovided<Payout, { id: string }>('checkPayout'),
  },
  guards: {
    sessionGone,
    canQuote: ({ context }) => context.beneficiaryId !== null && isPositive(context.amount) && !exceeds(context.amount, context.balance),
    typedOverBalance: ({ context, event }) => event.type === 'AMOUNT_CHANGED' && exceeds(event.amount, context.balance),
    overBalance: ({ context }) => exceeds(context.amount, context.balance),
    draftRefused: ({ event }) => event.type === 'BENEFICIARY_SUBMITTED' && draftRefusal(draftOf(event)) !== null,
    stepUpGranted: ({ event }) => output<{ granted: boolean }>(event).granted,
    stepUpExpired: ({ event }) => failed(event).code === 'step_up_required',
    quoteOver: ({ event }) => ['quote_expired', 'quote_used'].includes(failed(event).code),
    settled: ({ event }) => ['settled', 'returned'].includes(output<Payout>(event).status),
  },
  actions: {
    failed: assign({ failure: ({ event }) => failed(event) }),
    statusRead: assign({ payout: ({ event }) => output<Payout>(event) }),
  },
  delays: { PAYOUT_POLL: PAYOUT_POLL_MS },
}).createMachine({
  id: 'bankPayout',
  description:
    'Withdraw a fiat account to a bank account: a saved or new beneficiary (IBAN checked as typed), the amount, the quote with the fee and arrival date, the step-up, then the payout followed until it is settled or returned.',
  context: ({ input }) => ({
    currency: input.currency,
    balance: input.balance,
    beneficiaries: [],
    coolingOffSeconds: 0,
    beneficiaryId: null,
    amount: '',
    draft: NO_DRAFT,
    quote: null,
    payout: null,
    failure: null,
  }),
  initial: 'loading',
  on: {
    BALANCE_CHANGED: {
      actions: assign({ balance: ({ event }) => event.balance }),
      description: 'Money came or left: the checks use the new balance.',
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      description: "Loading the customer's beneficiaries.",
      invoke: {
        id: 'loadBeneficiaries',
        src: 'loadBeneficiaries',
        onDone: {
          description: 'The beneficiaries arrived: the form opens with the newest chosen.',
          target: 'editing',
          actions: assign({
            beneficiaries: ({ event }) => event.output.beneficiaries,
            coolingOffSeconds: ({ event }) => event.output.coolingOffSeconds,
            beneficiaryId: ({ event }) => event.output.beneficiaries[0]?.id ?? null,
          }),
        },
        onError: {
          target: 'failed',
          description: 'The beneficiaries could not be loaded (offline): the page offers to try again.',
          actions: 'failed',
        },
      },
    },
    failed: {
      description: 'The beneficiaries could not be loaded (offline): “Try again”.',
      on: {
        RETRY: {
          target: 'loading',
          description: 'The customer tries again: the beneficiaries are loaded once more.',
          actions: assign({ failure: null }),
        },
      },
    },
    editing: {
      description:
        'The form: beneficiary (with the date a new one can be paid from) and amount; a refusal shows next to it, nothing typed is lost.',
      meta: { route: '/accounts/fiat/withdraw/:iso' },
      on: {
        BENEFICIARY_CHOSEN: {
          description: 'The customer chose one of the saved beneficiaries.',
          actions: assign({ beneficiaryId: ({ event }) => event.beneficiaryId, failure: null }),
        },
        AMOUNT_CHANGED: [
          {
            guard: 'typedOverBalance',
            actions: assign({ amount: ({ event }) => event.amount, failure: { code: 'insufficient_funds' } }),
            description: 'More than the balance: said at once, before any quote.',
          },
          {
            description: 'The customer typed an amount within the balance.',
            actions: assign({ amount: ({ event }) => event.amount, failure: null }),
          },
        ],
        ADD_BENEFICIARY_STARTED: {
          target: 'addingBeneficiary',
          description: 'The customer asked to add a bank account: its form opens.',
          actions: assign({ failure: null }),
        },
        QUOTE_REQUESTED: [
          {
            guard: 'canQuote',
            target: 'quoting',
            description: 'Beneficiary and amount are there and within the balance: the server is asked for a quote.',
            actions: assign({ failure: null }),
          },
          {
            guard: 'overBalance',
            actions: assign({ failure: { code: 'insufficient_funds' } }),
            description: 'The balance went down below the amount.',
          },
          { actions: assign({ failure: { code: 'payout_incomplete' } }), description: 'No beneficiary or no amount yet.' },
        ],
      },
    },
    addingBeneficiary: {
      description: 'A new bank account: holder, IBAN, BIC where needed and a label, kept as typed on a refusal.',
      on: {
        BENEFICIARY_SUBMITTED: [
          {
            guard: 'draftRefused',
            description: 'No holder, or an IBAN or BIC the rules refuse: said at once, before the step-up.',
            actions: assign({ draft: ({ event }) => draftOf(event), failure: ({ event }) => draftRefusal(draftOf(event)) }),
          },
          {
            description: 'The account is well formed: the customer confirms it is them before it is saved.',
            target: 'steppingUpForBeneficiary',
            actions: assign({ draft: ({ event }) => draftOf(event), failure: null }),
          },
        ],
        ADD_BENEFICIARY_CANCELLED: {
          target: 'editing',
          description: 'The customer gave up adding the account: back to the form.',
          actions: assign({ failure: null, draft: NO_DRAFT }),
        },
      },
    },
    steppingUpForBeneficiary: {
      description: 'The one step-up for `withdrawal.address`.',
      invoke: {
        // The same actor as the payout's own step-up, for another action; never both at once.
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'withdrawal.address' },
        onDone: [
          { guard: 'stepUpGranted', target: 'savingBeneficiary', description: 'The customer confirmed it is them: the account is saved.' },
          { target: 'addingBeneficiary', description: 'The step-up was left: the account stays typed, unsaved.' },
        ],
      },
    },
    savingBeneficiary: {
      tags: ['busy'],
      description: 'Waiting while the server saves the beneficiary; it is chosen once saved (payable after its cooling-off period).',
      invoke: {
        id: 'saveBeneficiary',
        src: 'saveBeneficiary',
        // A beneficiary saved without a label is named by its holder.
        input: ({ context }) => ({ ...context.draft, label: context.draft.label || context.draft.holderName }),
        onDone: {
          description: 'The beneficiary was saved and is now chosen in the form.',
          target: 'editing',
          actions: assign({
            beneficiaries: ({ context, event }) => [event.output, ...context.beneficiaries],
            beneficiaryId: ({ event }) => event.output.id,
            draft: NO_DRAFT,
          }),
        },
        onError: [
          {
            guard: 'stepUpExpired',
            target: 'steppingUpForBeneficiary',
            description: 'The step-up ran out before the save: the customer confirms it is them again.',
          },
          {
            target: 'addingBeneficiary',
            description: 'The server refused the account: the form says why and keeps it.',
            actions: 'failed',
          },
        ],
      },
    },
    quoting: {
      tags: ['busy'],
      description: 'Waiting for the quote: the fee, what reaches the bank account and when.',
      invoke: {
        id: 'requestPayoutQuote',
        src: 'requestPayoutQuote',
        input: ({ context }) => ({ currency: context.currency, beneficiaryId: context.beneficiaryId!, amount: context.amount.trim() }),
        onDone: {
          target: 'reviewing',
          description: 'The quote arrived: the fee, what arrives, where and by when show for review.',
          actions: assign({ quote: ({ event }) => event.output }),
        },
        onError: {
          target: 'editing',
          description: 'No quote (cooling off, minimum, funds, limit, offline): the form says why and keeps what was typed.',
          actions: 'failed',
        },
      },
    },
    reviewing: {
      description: 'The quote: amount, fee, what arrives, the account and the arrival date; “Confirm” or “Change”.',
      on: {
        CONFIRMED: {
          target: 'payingOut',
          actions: assign({ failure: null }),
          description:
            'Asked first without a step-up: the server checks funds and limit, and asks for the step-up only when they allow it.',
        },
        EDIT_REQUESTED: {
          target: 'editing',
          description: 'The customer wants to change something: back to the form, the quote dropped.',
          actions: assign({ quote: null, failure: null }),
        },
      },
    },
    steppingUp: {
      description: 'The one step-up for `withdrawal`, once the server said the payout would go through.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'withdrawal' },
        onDone: [
          {
            guard: 'stepUpGranted',
            target: 'payingOut',
            description: 'The customer confirmed it is them: the payout is sent again, same key.',
          },
          { target: 'reviewing', description: 'The step-up was left: back to the review, nothing paid out.' },
        ],
      },
    },
    payingOut: {
      tags: ['busy'],
      description:
        'Waiting while the server takes the payout: the amount is held at once, or refused with nothing moved, or a confirmation is asked for first when funds and limit allow it.',
      invoke: {
        id: 'payOut',
        src: 'payOut',
        // One quote is one payout: a retry of it (a step-up that ran out, a lost answer) keeps its key.
        input: ({ context }) => ({ quoteId: context.quote!.id, intent: context.quote!.id }),
        onDone: {
          target: 'following',
          description: 'The server took the payout: the amount is held and its progress is followed.',
          actions: assign({ payout: ({ event }) => event.output }),
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
            actions: ['failed', assign({ quote: null })],
          },
          { target: 'reviewing', description: 'Refused (funds, limit, offline): nothing moved; the review says why.', actions: 'failed' },
        ],
      },
    },
    following: {
      description: 'Submitted, then in transit with the bank: the status and the arrival date, asked again every few seconds.',
      ...pollRegion({
        ask: 'checkPayout',
        delay: 'PAYOUT_POLL',
        first: 'waiting',
        input: ({ context }: { context: Context }) => ({ id: context.payout!.id }),
        onDone: [
          {
            guard: 'settled',
            target: '#bankPayout.settled',
            description: 'The bank account received it, or the bank sent it back: the page shows the outcome.',
            actions: 'statusRead',
          },
          {
            target: 'waiting',
            description: 'Still under way: the status shows and is asked again at the next poll.',
            actions: 'statusRead',
          },
        ],
      }),
    },
    settled: {
      type: 'final',
      description: 'On the bank account, or returned with the bank’s reason and the amount back on the account.',
    },
  },
});
