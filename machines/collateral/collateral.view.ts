import type { SnapshotFrom } from 'xstate';
import type { CryptoAsset } from '../../contract/assets';
import type { CollateralDirection } from '../../contract/cards';
import type { Send } from '../parts/connect';
import type { collateralMachine } from './collateral.machine';

type Collateral = typeof collateralMachine;

/** What the add/withdraw form shows, read through tags, and its intents. */
export function connectCollateral(snapshot: SnapshotFrom<Collateral>, send: Send<Collateral>) {
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
    chooseDirection: (direction: CollateralDirection) => send({ type: 'DIRECTION_CHOSEN', direction }),
    chooseAsset: (asset: CryptoAsset) => send({ type: 'ASSET_CHOSEN', asset }),
    typeAmount: (amount: string) => send({ type: 'AMOUNT_CHANGED', amount }),
    submit: () => send({ type: 'SUBMITTED' }),
  };
}
