import type { SnapshotFrom } from 'xstate';
import type { fiatTopUpMachine } from './fiatTopUp.machine';

/** What the bank-transfer top-up screen shows. */
export function fiatTopUpView(snapshot: SnapshotFrom<typeof fiatTopUpMachine>) {
  const { details, failure } = snapshot.context;
  return {
    step: snapshot.hasTag('busy') ? ('loading' as const) : details ? ('shown' as const) : ('failed' as const),
    details,
    failure,
  };
}
