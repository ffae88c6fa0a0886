import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { fiatTopUpMachine } from './fiatTopUp.machine';

type FiatTopUp = typeof fiatTopUpMachine;

/** What the bank-transfer top-up screen shows, and its intent. */
export function connectFiatTopUp(snapshot: SnapshotFrom<FiatTopUp>, send: Send<FiatTopUp>) {
  const { details, failure } = snapshot.context;
  const loading = snapshot.hasTag('busy');
  return {
    loading,
    /** The bank details to pay into, once loaded. */
    details: loading ? null : details,
    /** They could not be loaded: say why and offer to try again. */
    failed: !loading && !details,
    failure,
    retry: () => send({ type: 'RETRY' }),
  };
}
