import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { LoginField, loginMachine } from './login.machine';

type Login = typeof loginMachine;

/** What /login shows (busy, why signing in failed, which field is empty) and its intent. */
export function connectLogin(snapshot: SnapshotFrom<Login>, send: Send<Login>) {
  const { failure, missing } = snapshot.context;
  return {
    busy: snapshot.hasTag('busy'),
    failure,
    /** Whether a field was left empty (then nothing was sent). */
    isMissing: (field: LoginField) => missing.includes(field),
    submit: (email: string, password: string) => send({ type: 'CREDENTIALS_SUBMITTED', email, password }),
  };
}
