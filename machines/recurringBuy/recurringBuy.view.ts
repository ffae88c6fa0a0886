import type { SnapshotFrom } from 'xstate';
import { firstRun } from '../../contract/recurringCalendar';
import type { RecurringFrequency } from '../../contract/recurringBuys';
import type { Send } from '../parts/connect';
import type { recurringBuyMachine } from './recurringBuy.machine';

type RecurringBuy = typeof recurringBuyMachine;

/**
 * What /recurring-buys shows: the plans (once loaded), or the new plan's form with its first run as typed, the
 * plan being changed; and its intents.
 */
export function connectRecurringBuy(snapshot: SnapshotFrom<RecurringBuy>, send: Send<RecurringBuy>) {
  const { context } = snapshot;
  const { draft } = context;
  return {
    loading: snapshot.hasTag('loading'),
    /** The plans could not be loaded: why, and “Try again”. */
    loadFailed: snapshot.hasTag('failed'),
    /** The new plan's form is on screen (also while it is sent or stepped up). */
    editing: snapshot.hasTag('form'),
    busy: snapshot.hasTag('busy') || snapshot.hasTag('steppingUp'),
    plans: context.plans,
    fiat: context.fiat,
    crypto: context.crypto,
    timeZone: context.timeZone,
    draft,
    firstRun: firstRun(draft, context.today),
    createdId: context.createdId,
    /** The plan whose cancel waits for a confirmation. */
    confirmingCancel: snapshot.hasTag('confirmingCancel') ? context.change!.planId : null,
    /** The plan being paused, resumed or cancelled now. */
    changingId: snapshot.hasTag('busy') ? (context.change?.planId ?? null) : null,
    failure: context.failure,
    retry: () => send({ type: 'RETRY' }),
    startSetup: () => send({ type: 'SETUP_STARTED' }),
    /** Back to the list from the form. */
    cancelSetup: () => send({ type: 'SETUP_CANCELLED' }),
    chooseFrom: (accountId: string) => send({ type: 'FROM_CHOSEN', accountId }),
    chooseTo: (accountId: string) => send({ type: 'TO_CHOSEN', accountId }),
    /** The amount typed, as a decimal; empty while it is no amount. */
    typeAmount: (amount: string) => send({ type: 'AMOUNT_CHANGED', amount }),
    chooseFrequency: (frequency: RecurringFrequency) => send({ type: 'FREQUENCY_CHOSEN', frequency }),
    chooseDayOfWeek: (dayOfWeek: number) => send({ type: 'DAY_OF_WEEK_CHOSEN', dayOfWeek }),
    chooseDayOfMonth: (dayOfMonth: number) => send({ type: 'DAY_OF_MONTH_CHOSEN', dayOfMonth }),
    submit: () => send({ type: 'SUBMITTED' }),
    pause: (planId: string) => send({ type: 'PAUSE_REQUESTED', planId }),
    resume: (planId: string) => send({ type: 'RESUME_REQUESTED', planId }),
    /** Asks to confirm cancelling the plan. */
    cancel: (planId: string) => send({ type: 'CANCEL_REQUESTED', planId }),
    confirmCancel: () => send({ type: 'CANCEL_CONFIRMED' }),
    keepPlan: () => send({ type: 'CANCEL_DISMISSED' }),
  };
}
