import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { pushMachine } from './push.machine';

type Push = typeof pushMachine;

/** What /onboarding/push-notifications shows (the explanation until an outcome) and its intents. */
export function connectPush(snapshot: SnapshotFrom<Push>, send: Send<Push>) {
  const enabled = snapshot.hasTag('enabled');
  const blocked = snapshot.hasTag('blocked');
  const failed = snapshot.hasTag('failed');
  return {
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    /** Over (finished, skipped, or no push here): the screen goes home. */
    finished: snapshot.status === 'done',
    /** What push notifications tell, and the button that asks the browser. */
    explaining: !enabled && !blocked && !failed,
    enabled,
    /** The browser blocks them: how to unblock. */
    blocked,
    failed,
    failure: snapshot.context.failure,
    enable: () => send({ type: 'ENABLE_PRESSED' }),
    skip: () => send({ type: 'SKIPPED' }),
    retry: () => send({ type: 'RETRIED' }),
    proceed: () => send({ type: 'CONTINUED' }),
  };
}
