import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { walletTopUpMachine } from './walletTopUp.machine';

type WalletTopUp = typeof walletTopUpMachine;

/** What the wallet top-up block shows (it never names a state), and its intents. */
export function connectWalletTopUp(snapshot: SnapshotFrom<WalletTopUp>, send: Send<WalletTopUp>) {
  const { problem, transactionHash, minimum } = snapshot.context;
  return {
    /** The hash of what this block had the wallet send; the form until then. */
    sent: transactionHash,
    busy: snapshot.hasTag('busy'),
    problem,
    minimum,
    /** A new amount is being typed: the last one's problem no longer applies. */
    typeAmount: () => send({ type: 'AMOUNT_CHANGED' }),
    send: (amount: string) => send({ type: 'AMOUNT_SUBMITTED', amount }),
  };
}
