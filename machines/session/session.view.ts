import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { sessionMachine } from './session.machine';

type Session = typeof sessionMachine;

/** What a screen shows of the app's session (logging out) and its intent. */
export function connectSession(snapshot: SnapshotFrom<Session>, send: Send<Session>) {
  return {
    loggingOut: snapshot.hasTag('loggingOut'),
    logOut: () => send({ type: 'LOG_OUT_REQUESTED' }),
  };
}
