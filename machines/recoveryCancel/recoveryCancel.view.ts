import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { recoveryCancelMachine } from './recoveryCancel.machine';

type RecoveryCancel = typeof recoveryCancelMachine;

/** What the cancel link's page shows (the question, then cancelled or the link no longer works) and its intent. */
export function connectRecoveryCancel(snapshot: SnapshotFrom<RecoveryCancel>, send: Send<RecoveryCancel>) {
  return {
    busy: snapshot.hasTag('busy'),
    /** The recovery is cancelled. */
    done: snapshot.hasTag('done'),
    /** The link is malformed, spent or past its time. */
    invalid: snapshot.hasTag('invalid'),
    failure: snapshot.context.failure,
    confirm: () => send({ type: 'CANCEL_CONFIRMED' }),
  };
}
