import type { SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from './changePassword.machine';

/** What the password section of /profile/security shows. */
export function changePasswordView(snapshot: SnapshotFrom<typeof changePasswordMachine>) {
  const { context } = snapshot;
  return {
    /** The form is on screen (behind the step-up sheet too, so nothing typed is lost). */
    formShown: !snapshot.matches('closed'),
    busy: snapshot.matches('changing'),
    currentError: context.currentError,
    newError: context.newError,
    failure: context.failure,
    otherSessionsEnded: context.otherSessionsEnded,
  };
}
