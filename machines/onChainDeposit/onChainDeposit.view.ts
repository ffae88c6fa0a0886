import type { SnapshotFrom } from 'xstate';
import type { Network } from '../../contract/assets';
import type { Send } from '../parts/connect';
import type { onChainDepositMachine } from './onChainDeposit.machine';

type OnChainDeposit = typeof onChainDepositMachine;

/** What the deposit screen shows (it never names a state), one part at a time, and its intents. */
export function connectOnChainDeposit(snapshot: SnapshotFrom<OnChainDeposit>, send: Send<OnChainDeposit>) {
  const { network, address, deposit, failure, dropped } = snapshot.context;
  const loading = snapshot.matches('loadingAddress');
  const failed = snapshot.matches('addressFailed');
  const pending = snapshot.matches('depositPending');
  const credited = snapshot.matches('credited');
  /** Shown from the address on (also while a deposit is pending or credited). */
  const addressShown = snapshot.matches('showingAddress') || pending || credited;
  return {
    choosingNetwork: !loading && !failed && !addressShown,
    loading,
    failed,
    /** A deposit was seen and waits for its confirmations. */
    pending,
    credited,
    network,
    address: addressShown ? address : null,
    deposit: pending || credited ? deposit : null,
    failure,
    dropped,
    busy: snapshot.hasTag('busy'),
    chooseNetwork: (chosen: Network) => send({ type: 'NETWORK_CHOSEN', network: chosen }),
    changeNetwork: () => send({ type: 'NETWORK_CHANGE_REQUESTED' }),
    retry: () => send({ type: 'RETRY_REQUESTED' }),
  };
}
