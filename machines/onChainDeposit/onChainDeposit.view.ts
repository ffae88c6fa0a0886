import type { SnapshotFrom } from 'xstate';
import type { onChainDepositMachine } from './onChainDeposit.machine';

type Step = 'network' | 'loading' | 'failed' | 'address' | 'pending' | 'credited';

/** What the deposit screen shows; it never names a state. */
export function onChainDepositView(snapshot: SnapshotFrom<typeof onChainDepositMachine>) {
  const { network, address, deposit, failure, dropped } = snapshot.context;
  const steps: [Parameters<typeof snapshot.matches>[0], Step][] = [
    ['choosingNetwork', 'network'],
    ['loadingAddress', 'loading'],
    ['addressFailed', 'failed'],
    ['showingAddress', 'address'],
    ['depositPending', 'pending'],
    ['credited', 'credited'],
  ];
  const step = steps.find(([state]) => snapshot.matches(state))?.[1] ?? 'network';
  return {
    step,
    network,
    /** Shown from the address step on (also while a deposit is pending or credited). */
    address: step === 'address' || step === 'pending' || step === 'credited' ? address : null,
    deposit: step === 'pending' || step === 'credited' ? deposit : null,
    failure,
    dropped,
    busy: snapshot.hasTag('busy'),
  };
}

export type OnChainDepositView = ReturnType<typeof onChainDepositView>;
