import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { passkeySignInMachine } from './passkeySignIn.machine';

type PasskeySignIn = typeof passkeySignInMachine;

/** "Sign in with a passkey": busy while the browser asks, why the last try failed, and the intent. */
export function connectPasskeySignIn(snapshot: SnapshotFrom<PasskeySignIn>, send: Send<PasskeySignIn>) {
  return {
    busy: snapshot.hasTag('busy'),
    failure: snapshot.context.failure,
    choose: () => send({ type: 'PASSKEY_CHOSEN' }),
  };
}
