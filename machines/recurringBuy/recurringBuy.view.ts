import type { SnapshotFrom } from 'xstate';
import { firstRun } from '../../contract/recurringCalendar';
import type { recurringBuyMachine } from './recurringBuy.machine';

/** Which part of /recurring-buys shows. */
export type RecurringBuyStep = 'loading' | 'failed' | 'list' | 'form';

/** What /recurring-buys shows: the list or the form, the first run of the plan as typed, the plan being changed. */
export function recurringBuyView(snapshot: SnapshotFrom<typeof recurringBuyMachine>) {
  const { context } = snapshot;
  const tagged = (['loading', 'failed', 'form'] as const).find((tag) => snapshot.hasTag(tag));
  const { draft } = context;
  return {
    step: (tagged ?? 'list') as RecurringBuyStep,
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
  };
}
