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
    /** Why the previewed move cannot be made: more than is pledged, or the loan-to-value it would reach past the credit limit. */
    refusal: !preview || preview.allowed ? null : preview.overPledged ? ('more_than_pledged' as const) : ('ltv_too_high' as const),
    /** The loan-to-value the move would leave, for the gauge; none for a move that cannot be made at all. */
    ltvAfter: preview && !preview.overPledged ? preview.ltv : null,
    checking: snapshot.hasTag('previewing'),
    busy: snapshot.hasTag('busy'),
    canSubmit: snapshot.hasTag('editing') && !snapshot.hasTag('previewing') && preview?.allowed === true,
    done: snapshot.status === 'done',
  };
}
