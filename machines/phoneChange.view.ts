import type { SnapshotFrom } from 'xstate';
import type { phoneChangeMachine } from './phoneChange.machine';
import { resendView } from './resendCooldown';

/** The part of the phone section on screen. */
export type PhoneSectionStep = 'loading' | 'loadFailed' | 'current' | 'number' | 'channel' | 'code';

/** What the phone section of /profile/security shows. */
export function phoneChangeView(snapshot: SnapshotFrom<typeof phoneChangeMachine>) {
  const sending = snapshot.matches('sendingCode');
  // While the code is being sent, the form that asked for it stays: the number for a first one, the channels for a change.
  const step: PhoneSectionStep = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('loadFailed')
      ? 'loadFailed'
      : snapshot.matches('idle')
        ? 'current'
        : snapshot.matches('enteringNumber') || (sending && snapshot.context.route === 'set')
          ? 'number'
          : snapshot.matches('choosingChannel') || sending
            ? 'channel'
            : 'code';
  return { step, sending, confirming: snapshot.matches({ codeStep: { code: 'confirming' } }), ...resendView(snapshot) };
}
