import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { idleMachine } from './idle.machine';

type Idle = typeof idleMachine;

/** “Stay signed in?”: whether it is asked, busy while the session is renewed, and the two answers. */
export function connectIdle(snapshot: SnapshotFrom<Idle>, send: Send<Idle>) {
  return {
    asking: snapshot.hasTag('askingToStay'),
    busy: snapshot.hasTag('busy'),
    stay: () => send({ type: 'STAY_SIGNED_IN_CHOSEN' }),
    signOut: () => send({ type: 'SIGN_OUT_CHOSEN' }),
  };
}
