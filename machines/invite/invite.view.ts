import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { inviteMachine } from './invite.machine';

type Invite = typeof inviteMachine;

export type InviteOutcome = 'shared' | 'copied' | 'copyFailed' | null;

/** What the share buttons of /profile/invite show and their intents. */
export function connectInvite(snapshot: SnapshotFrom<Invite>, send: Send<Invite>) {
  const outcome: InviteOutcome = snapshot.hasTag('shared')
    ? 'shared'
    : snapshot.hasTag('copied')
      ? 'copied'
      : snapshot.hasTag('copyFailed')
        ? 'copyFailed'
        : null;
  return {
    busy: snapshot.hasTag('busy'),
    outcome,
    /** `canShare`: whether the device offers its share sheet now (asked on the press, not at render). */
    share: (link: string, canShare: boolean) => send({ type: 'SHARE_REQUESTED', link, canShare }),
    copy: (link: string) => send({ type: 'COPY_REQUESTED', link }),
  };
}
