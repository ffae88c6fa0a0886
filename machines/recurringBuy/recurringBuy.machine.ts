import { assign, setup } from 'xstate';
import { fitsAssetDecimals, type CryptoAsset, type FiatAsset } from '../../contract/assets';
import { isPositiveAmount } from '../../contract/decimal';
import {
  RECURRING_BUYS_MAX,
  type CreateRecurringBuyBody,
  type RecurringBuy,
  type RecurringBuys,
  type RecurringFrequency,
} from '../../contract/recurringBuys';
import { toFailure, type Failure } from '../parts/failure';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

export interface RecurringAccount<TAsset> {
  id: string;
  asset: TAsset;
}

export interface RecurringBuyInput {
  /** The customer's IANA time zone (the browser's): plans run on its days. */
  timeZone: string;
  /** Today in that time zone (`2026-03-30`), for the first run the form shows. */
  today: string;
  fiat: RecurringAccount<FiatAsset>[];
  crypto: RecurringAccount<CryptoAsset>[];
  /** The asset the page was opened for (an account's "Buy regularly"): a new plan buys it first. */
  asset?: CryptoAsset;
}

/** A plan as typed: the accounts, the amount in the fiat account's currency, when it runs. */
export interface RecurringDraft {
  fromAccountId: string | null;
  toAccountId: string | null;
  amount: string;
  frequency: RecurringFrequency;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  dayOfWeek: number;
  dayOfMonth: number;
}

export type PlanChange = 'pause' | 'resume' | 'cancel';

interface Context extends RecurringBuyInput {
  plans: RecurringBuy[];
  draft: RecurringDraft;
  /** The plan being paused, resumed or cancelled (or asked to confirm its cancel), and how. */
  change: { planId: string; change: PlanChange } | null;
  /** The plan just set up, which the list marks. */
  createdId: string | null;
  failure: Failure | null;
}

type Event =
  | { type: 'RETRY' }
  | { type: 'SETUP_STARTED' }
  | { type: 'SETUP_CANCELLED' }
  | { type: 'FROM_CHOSEN'; accountId: string }
  | { type: 'TO_CHOSEN'; accountId: string }
  | { type: 'AMOUNT_CHANGED'; amount: string }
  | { type: 'FREQUENCY_CHOSEN'; frequency: RecurringFrequency }
  | { type: 'DAY_OF_WEEK_CHOSEN'; dayOfWeek: number }
  | { type: 'DAY_OF_MONTH_CHOSEN'; dayOfMonth: number }
  | { type: 'SUBMITTED' }
  | { type: 'PAUSE_REQUESTED'; planId: string }
  | { type: 'RESUME_REQUESTED'; planId: string }
  | { type: 'CANCEL_REQUESTED'; planId: string }
  | { type: 'CANCEL_CONFIRMED' }
  | { type: 'CANCEL_DISMISSED' };

function freshDraft(input: RecurringBuyInput): RecurringDraft {
  return {
    fromAccountId: input.fiat[0]?.id ?? null,
    toAccountId: (input.crypto.find((account) => account.asset === input.asset) ?? input.crypto[0])?.id ?? null,
    amount: '',
    frequency: 'weekly',
    dayOfWeek: 1,
    dayOfMonth: 1,
  };
}

const fromAsset = (context: Context) => context.fiat.find((account) => account.id === context.draft.fromAccountId)?.asset ?? null;

/** What is wrong with the plan as typed, by the rules the server holds it to; null when nothing. */
export function draftRefusal(context: Context): Failure | null {
  const asset = fromAsset(context);
  if (asset === null || context.draft.toAccountId === null) return { code: 'recurring_buy_incomplete' };
  const amount = context.draft.amount.trim();
  if (!isPositiveAmount(amount)) return { code: 'amount_invalid' };
  if (!fitsAssetDecimals(amount, asset)) return { code: 'amount_too_precise' };
  return null;
}

/** The create request of a draft that passed `draftRefusal`. */
export function draftBody(context: Context): CreateRecurringBuyBody {
  const { draft, timeZone } = context;
  const plan = { fromAccountId: draft.fromAccountId!, toAccountId: draft.toAccountId!, amount: draft.amount.trim(), timeZone };
  if (draft.frequency === 'weekly') return { ...plan, frequency: 'weekly', dayOfWeek: draft.dayOfWeek };
  if (draft.frequency === 'monthly') return { ...plan, frequency: 'monthly', dayOfMonth: draft.dayOfMonth };
  return { ...plan, frequency: 'daily' };
}

const live = (plans: RecurringBuy[]) => plans.filter((plan) => plan.status !== 'cancelled').length;
const planOf = (context: Context, planId: string) => context.plans.find((plan) => plan.id === planId);
const output = <T>(event: unknown) => (event as { output: T }).output;
const failed = (event: unknown) => toFailure((event as { error?: unknown }).error);
const replaced = (plans: RecurringBuy[], plan: RecurringBuy) => plans.map((each) => (each.id === plan.id ? plan : each));

/**
 * /recurring-buys: the customer's plans with their latest runs (bought, or skipped with the reason), each
 * paused, resumed or cancelled (after a confirmation); and a new plan — the accounts, a fixed amount in the
 * fiat account's currency (checked as typed against its decimals), daily, weekly on a weekday or monthly on
 * a day (29th–31st: the last day of shorter months), in the customer's time zone, its first run shown —
 * set up once: the server checks it, asks for the `recurring_buy` step-up that authorises every run, and
 * the same request (the same Idempotency-Key) goes again once granted.
 */
export const recurringBuyMachine = setup({
  types: { input: {} as RecurringBuyInput, context: {} as Context, events: {} as Event },
  actors: {
    /** GET /recurring-buys. */
    loadPlans: unprovided<RecurringBuys, void>('loadPlans'),
    stepUp: stepUpMachine,
    /** POST /recurring-buys, once per plan as typed (`idempotentSubmit`, the body is the intent). */
    createPlan: unprovided<RecurringBuy, { body: CreateRecurringBuyBody } & SubmitIntent>('createPlan'),
    /** POST /recurring-buys/:id/pause, /resume or /cancel. */
    changePlan: unprovided<RecurringBuy, { planId: string; change: PlanChange }>('changePlan'),
  },
  guards: {
    full: ({ context }) => live(context.plans) >= RECURRING_BUYS_MAX,
    draftRefused: ({ context }) => draftRefusal(context) !== null,
    isActive: ({ context, event }) => 'planId' in event && planOf(context, event.planId)?.status === 'active',
    isPaused: ({ context, event }) => 'planId' in event && planOf(context, event.planId)?.status === 'paused',
    notCancelled: ({ context, event }) => 'planId' in event && (planOf(context, event.planId)?.status ?? 'cancelled') !== 'cancelled',
    stepUpGranted: ({ event }) => output<{ granted: boolean }>(event).granted,
    stepUpAsked: ({ event }) => failed(event).code === 'step_up_required',
  },
  actions: {
    failed: assign({ failure: ({ event }) => failed(event) }),
    draftRefused: assign({ failure: ({ context }) => draftRefusal(context) }),
    planChanged: assign({
      plans: ({ context, event }) => replaced(context.plans, output<RecurringBuy>(event)),
      change: null,
      failure: null,
    }),
  },
}).createMachine({
  id: 'recurringBuy',
  description:
    'Recurring buys: the plans with their runs, paused, resumed or cancelled; a new plan typed, checked, authorised once by a step-up and set up once.',
  context: ({ input }) => ({
    ...input,
    plans: [],
    draft: freshDraft(input),
    change: null,
    createdId: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'Loading the customer’s recurring buys.',
      invoke: {
        id: 'loadPlans',
        src: 'loadPlans',
        onDone: {
          target: 'listing',
          description: 'The plans arrived: the list shows them with their next run and latest runs.',
          actions: assign({ plans: ({ event }) => event.output.plans, failure: null }),
        },
        onError: { target: 'failed', description: 'The plans could not be loaded (offline).', actions: 'failed' },
      },
    },
    failed: {
      tags: ['failed'],
      description: 'The plans could not be loaded: the reason and “Try again”.',
      on: { RETRY: { target: 'loading', description: 'The customer tries again.' } },
    },
    listing: {
      description: 'The plans (or none yet) with “New recurring buy”; a refused change says why above them.',
      meta: { route: '/recurring-buys' },
      on: {
        SETUP_STARTED: [
          {
            guard: 'full',
            description: 'The customer has the most plans allowed: said at once, no form.',
            actions: assign({ failure: { code: 'recurring_buys_full' } }),
          },
          {
            target: 'editing',
            description: 'The form opens: the first accounts chosen, weekly on Mondays.',
            actions: assign({ draft: ({ context }) => freshDraft(context), failure: null, createdId: null }),
          },
        ],
        PAUSE_REQUESTED: {
          guard: 'isActive',
          target: 'changing',
          description: 'The customer pauses a running plan.',
          actions: assign({ change: ({ event }) => ({ planId: event.planId, change: 'pause' as const }), failure: null }),
        },
        RESUME_REQUESTED: {
          guard: 'isPaused',
          target: 'changing',
          description: 'The customer resumes a paused plan.',
          actions: assign({ change: ({ event }) => ({ planId: event.planId, change: 'resume' as const }), failure: null }),
        },
        CANCEL_REQUESTED: {
          guard: 'notCancelled',
          target: 'confirmingCancel',
          description: 'The customer asks to cancel a plan: asked to confirm first.',
          actions: assign({ change: ({ event }) => ({ planId: event.planId, change: 'cancel' as const }), failure: null }),
        },
      },
    },
    confirmingCancel: {
      tags: ['confirmingCancel'],
      description: 'Cancel for good? The plan’s runs stay listed; “Cancel plan” or “Keep it”.',
      on: {
        CANCEL_CONFIRMED: { target: 'changing', description: 'The customer confirms: the plan is cancelled.' },
        CANCEL_DISMISSED: {
          target: 'listing',
          description: 'The customer keeps the plan: nothing changes.',
          actions: assign({ change: null }),
        },
      },
    },
    changing: {
      tags: ['busy'],
      description: 'Waiting while the server pauses, resumes or cancels the plan.',
      invoke: {
        id: 'changePlan',
        src: 'changePlan',
        input: ({ context }) => context.change!,
        onDone: { target: 'listing', description: 'Done: the plan shows its new status and next run.', actions: 'planChanged' },
        onError: {
          target: 'listing',
          description: 'Refused (offline, already cancelled, not allowed now): the list says why, the plan unchanged.',
          actions: ['failed', assign({ change: null })],
        },
      },
    },
    editing: {
      tags: ['form'],
      description: 'The new plan’s form with its first run; what is wrong shows next to it, nothing typed is lost.',
      on: {
        FROM_CHOSEN: {
          description: 'The customer chose the fiat account that pays.',
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, fromAccountId: event.accountId }), failure: null }),
        },
        TO_CHOSEN: {
          description: 'The customer chose the crypto account that receives.',
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, toAccountId: event.accountId }), failure: null }),
        },
        AMOUNT_CHANGED: {
          description: 'The customer typed an amount (the field itself refuses more decimals than the currency has).',
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, amount: event.amount }), failure: null }),
        },
        FREQUENCY_CHOSEN: {
          description: 'Daily, weekly or monthly: the first run shown follows.',
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, frequency: event.frequency }) }),
        },
        DAY_OF_WEEK_CHOSEN: {
          description: 'The weekday a weekly plan runs on.',
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, dayOfWeek: event.dayOfWeek }) }),
        },
        DAY_OF_MONTH_CHOSEN: {
          description: 'The day a monthly plan runs on (29th–31st: the last day of shorter months).',
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, dayOfMonth: event.dayOfMonth }) }),
        },
        SUBMITTED: [
          { guard: 'draftRefused', description: 'No amount, or too precise: said before anything is sent.', actions: 'draftRefused' },
          {
            target: 'creating',
            description: 'The plan is complete: the server is asked to set it up.',
            actions: assign({ failure: null }),
          },
        ],
        SETUP_CANCELLED: {
          target: 'listing',
          description: 'The customer gave up the new plan: back to the list.',
          actions: assign({ failure: null }),
        },
      },
    },
    creating: {
      tags: ['form', 'busy'],
      description: 'Waiting while the server checks and sets up the plan (the same key on every try of the same plan).',
      invoke: {
        id: 'createPlan',
        src: 'createPlan',
        input: ({ context }) => {
          const body = draftBody(context);
          return { body, intent: JSON.stringify(body) };
        },
        onDone: {
          target: 'listing',
          description: 'Set up: the plan leads the list with its first run.',
          actions: assign({
            plans: ({ context, event }) => [event.output, ...context.plans],
            createdId: ({ event }) => event.output.id,
            failure: null,
          }),
        },
        onError: [
          {
            guard: 'stepUpAsked',
            target: 'steppingUp',
            description: 'The server allows the plan and asks the customer to confirm it is them (or the grant ran out).',
          },
          { target: 'editing', description: 'Refused (full, an account gone, offline): the form says why, as typed.', actions: 'failed' },
        ],
      },
    },
    steppingUp: {
      tags: ['form', 'steppingUp'],
      description: 'The one step-up for `recurring_buy`, which authorises every run of the plan.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'recurring_buy' },
        onDone: [
          {
            guard: 'stepUpGranted',
            target: 'creating',
            description: 'The customer confirmed it is them: the plan is sent again, same key.',
          },
          { target: 'editing', description: 'The step-up was left: the plan stays typed, not set up.' },
        ],
      },
    },
  },
});
