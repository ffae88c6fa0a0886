import { assign, setup } from 'xstate';
import { checkBankAccount, ibanProblem } from '../../contract/bankAccount';
import {
  BENEFICIARY_LABEL_MAX_LENGTH,
  type Beneficiaries,
  type Beneficiary,
  type Payout,
  type PayoutCurrency,
  type PayoutQuote,
} from '../../contract/payouts';
import type { Failure } from '../parts/failure';
import { bookActions, bookGuards, destinationBook, type BookContext, type BookEvent } from '../parts/destinationBook';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import { amountOnForm, quoteToSettled, sendOutActions, sendOutGuards, stepUpThenSave } from '../parts/sendOut';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

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

interface Context extends BookContext {
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
  | { type: 'IBAN_TYPED'; iban: string }
  | BookEvent
  | { type: 'CONFIRMED' }
  | { type: 'EDIT_REQUESTED' }
  | { type: 'RETRY' };

const output = <T>(event: unknown) => (event as { output: T }).output;
const draftOf = (event: BeneficiaryDraft): BeneficiaryDraft => ({
  holderName: event.holderName.trim(),
  iban: event.iban.trim(),
  bic: event.bic.trim(),
  label: event.label.trim(),
});
/** What is wrong with a typed beneficiary, by the contract's rules (the server checks again); null when nothing. */
function draftRefusal(draft: BeneficiaryDraft): Failure | null {
  if (draft.holderName === '') return { code: 'holder_name_required' };
  // The IBAN's own problem names what is wrong (length, country, check digits); the BIC's is the contract's.
  const iban = ibanProblem(draft.iban);
  if (iban) return { code: iban };
  const account = checkBankAccount({ iban: draft.iban, bic: draft.bic });
  return account.ok ? null : { code: account.code };
}

const form = amountOnForm({ destination: 'Beneficiary', incomplete: 'payout_incomplete' });
const save = stepUpThenSave({
  what: 'beneficiary',
  form: 'addingBeneficiary',
  stepUpState: 'steppingUpForBeneficiary',
  saveState: 'savingBeneficiary',
  save: 'saveBeneficiary',
  // A beneficiary saved without a label is named by its holder.
  input: ({ context }: { context: Context }) => ({ ...context.draft, label: context.draft.label || context.draft.holderName }),
  saved: 'beneficiarySaved',
});
const book = destinationBook({
  what: 'bank account',
  form: 'editing',
  label: 'labelBeneficiary',
  remove: 'removeBeneficiary',
  removal: 'Payouts already made to it keep it; adding it again waits the cooling-off period.',
});
const tail = quoteToSettled({
  what: 'payout',
  submitState: 'payingOut',
  final: '#bankPayout.settled',
  quote: 'requestPayoutQuote',
  quoteInput: ({ context }: { context: Context }) => ({
    currency: context.currency,
    beneficiaryId: context.beneficiaryId!,
    amount: context.amount.trim(),
  }),
  submit: 'payOut',
  check: 'checkPayout',
  checkInput: ({ context }: { context: Context }) => ({ id: context.payout!.id }),
  delay: 'PAYOUT_POLL',
  descriptions: {
    quoting: 'Waiting for the quote: the fee, what reaches the bank account and when.',
    quoted: 'The quote arrived: the fee, what arrives, where and by when show for review.',
    unquoted: 'No quote (cooling off, minimum, funds, limit, offline): the form says why and keeps what was typed.',
    reviewing: 'The quote: amount, fee, what arrives, the account and the arrival date; “Confirm” or “Change”.',
    following: 'Submitted, then in transit with the bank: the status and the arrival date, asked again every few seconds.',
    settled: 'The bank account received it, or the bank sent it back: the page shows the outcome.',
  },
});

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
    /** PATCH /beneficiaries/:id. */
    labelBeneficiary: unprovided<Beneficiary, { id: string; label: string }>('labelBeneficiary'),
    /** DELETE /beneficiaries/:id: the book as it is now. */
    removeBeneficiary: unprovided<Beneficiaries, { id: string }>('removeBeneficiary'),
    /** POST /payouts/quotes. */
    requestPayoutQuote: unprovided<PayoutQuote, { currency: PayoutCurrency; beneficiaryId: string; amount: string }>('requestPayoutQuote'),
    /** POST /payouts, once per quote (`idempotentSubmit`); refreshes the balances when it went through. */
    payOut: unprovided<Payout, { quoteId: string } & SubmitIntent>('payOut'),
    /** GET /payouts/:id. */
    checkPayout: unprovided<Payout, { id: string }>('checkPayout'),
  },
  guards: {
    ...sendOutGuards<Context>((context) => context.beneficiaryId),
    ...bookGuards<Context>((context) => context.beneficiaries, BENEFICIARY_LABEL_MAX_LENGTH),
    draftRefused: ({ event }) => event.type === 'BENEFICIARY_SUBMITTED' && draftRefusal(draftOf(event)) !== null,
    settled: ({ event }) => ['settled', 'returned'].includes(output<Payout>(event).status),
  },
  actions: {
    ...sendOutActions<Context, Event>(),
    statusRead: assign({ payout: ({ event }) => output<Payout>(event) }),
    beneficiarySaved: assign({
      beneficiaries: ({ context, event }) => [output<Beneficiary>(event), ...context.beneficiaries],
      beneficiaryId: ({ event }) => output<Beneficiary>(event).id,
      draft: NO_DRAFT,
    }),
    ...bookActions<Context, Event, Beneficiary>({
      entries: (context) => context.beneficiaries,
      // The chosen beneficiary stays chosen unless it was the one removed; then the newest left is.
      kept: (context, beneficiaries) => ({
        beneficiaries,
        beneficiaryId: beneficiaries.some((beneficiary) => beneficiary.id === context.beneficiaryId)
          ? context.beneficiaryId
          : (beneficiaries[0]?.id ?? null),
      }),
      fromBook: (answer: Beneficiaries) => answer.beneficiaries,
      maxLength: BENEFICIARY_LABEL_MAX_LENGTH,
    }),
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
    entryId: null,
    labelError: null,
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
      tags: ['failed'],
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
        AMOUNT_CHANGED: form.AMOUNT_CHANGED,
        ADD_BENEFICIARY_STARTED: {
          target: 'addingBeneficiary',
          description: 'The customer asked to add a bank account: its form opens.',
          actions: assign({ failure: null }),
        },
        QUOTE_REQUESTED: form.QUOTE_REQUESTED,
        ...book.on,
      },
    },
    ...book.states,
    addingBeneficiary: {
      tags: ['newDestination'],
      description: 'A new bank account: holder, IBAN, BIC where needed and a label, kept as typed on a refusal.',
      on: {
        IBAN_TYPED: {
          description: 'The customer typed or pasted the IBAN: its country, length and check digits are judged as it grows.',
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, iban: event.iban }), failure: null }),
        },
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
    steppingUpForBeneficiary: save.stepUp,
    savingBeneficiary: save.saving,
    quoting: tail.quoting,
    reviewing: tail.reviewing,
    steppingUp: tail.steppingUp,
    payingOut: tail.submitting,
    following: tail.following,
    settled: {
      type: 'final',
      description: 'On the bank account, or returned with the bank’s reason and the amount back on the account.',
    },
  },
});
