import type { SnapshotFrom } from 'xstate';
import type { walletTopUpMachine } from './walletTopUp.machine';

/** What the wallet top-up block shows; it never names a state. */
export function walletTopUpView(snapshot: SnapshotFrom<typeof walletTopUpMachine>) {
  const { problem, transactionHash, minimum } = snapshot.context;
  return {
    /** The hash of what this block had the wallet send; the form until then. */
    sent: transactionHash,
    busy: snapshot.hasTag('busy'),
    problem,
    minimum,
  };
}

export type WalletTopUpView = ReturnType<typeof walletTopUpView>;
