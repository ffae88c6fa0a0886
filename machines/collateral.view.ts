import type { SnapshotFrom } from 'xstate';
import type { collateralMachine } from './collateral.machine';

/** What the add/withdraw form shows, read through tags. */
export function collateralView(snapshot: SnapshotFrom<typeof collateralMachine>) {
  const { direction, asset, amount, preview, failure, result } = snapshot.context;
  return {
    direction,
    asset,
    amount,
    preview,
    failure,
    result,
    checking: snapshot.hasTag('previewing'),
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.hasTag('editing') && !snapshot.hasTag('previewing') && preview?.allowed === true,
    done: snapshot.status === 'done',
  };
}
