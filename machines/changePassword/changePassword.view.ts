import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { changePasswordMachine } from './changePassword.machine';

type ChangePassword = typeof changePasswordMachine;

/** What the password section of /profile/security shows and its intents. */
export function connectChangePassword(snapshot: SnapshotFrom<ChangePassword>, send: Send<ChangePassword>) {
  const { context } = snapshot;
  return {
    /** The form is on screen (behind the step-up sheet too, so nothing typed is lost). */
    formShown: !snapshot.matches('closed'),
    busy: snapshot.matches('changing'),
    currentError: context.currentError,
    newError: context.newError,
    failure: context.failure,
    otherSessionsEnded: context.otherSessionsEnded,
    open: () => send({ type: 'OPENED' }),
    /** The passwords stay in the form: they travel in this event only. */
    submit: (current: string, next: string) => send({ type: 'PASSWORDS_SUBMITTED', current, next }),
    cancel: () => send({ type: 'CANCELLED' }),
  };
}
