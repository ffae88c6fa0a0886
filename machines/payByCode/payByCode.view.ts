import type { SnapshotFrom } from 'xstate';
import type { payByCodeMachine } from './payByCode.machine';

export type PayByCodeStep = 'form' | 'lockedOut' | 'redeemed';

/** What the pay-by-code screen shows. */
export function payByCodeView(snapshot: SnapshotFrom<typeof payByCodeMachine>) {
  const { code, problem, failure, retryAfterSeconds, redemption } = snapshot.context;
  const step: PayByCodeStep = snapshot.hasTag('lockedOut') ? 'lockedOut' : redemption ? 'redeemed' : 'form';
  return {
    step,
    code,
    problem,
    failure,
    /** Whole minutes to wait, rounded up (the server asks in seconds). */
    waitMinutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
    redemption,
    busy: snapshot.hasTag('busy'),
  };
}
