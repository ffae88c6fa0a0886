import type { SnapshotFrom } from 'xstate';
import type { inviteMachine } from './invite.machine';

export type InviteOutcome = 'shared' | 'copied' | 'copyFailed' | null;

/** What the share buttons of /profile/invite show. */
export function inviteView(snapshot: SnapshotFrom<typeof inviteMachine>) {
  const outcome: InviteOutcome = snapshot.hasTag('shared')
    ? 'shared'
    : snapshot.hasTag('copied')
      ? 'copied'
      : snapshot.hasTag('copyFailed')
        ? 'copyFailed'
        : null;
  return { busy: snapshot.hasTag('busy'), outcome };
}
