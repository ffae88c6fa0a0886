import type { SnapshotFrom } from 'xstate';
import type { phoneChangeMachine } from './phoneChange.machine';
import { resendView } from '../parts/resendCooldown';

/** The part of the phone section on screen. */
export type PhoneSectionStep = 'loading' | 'loadFailed' | 'current' | 'number' | 'channel' | 'code';

/** What the phone section of /profile/security shows. */
export function phoneChangeView(snapshot: SnapshotFrom<typeof phoneChangeMachine>) {
  const sending = snapshot.matches('sendingCode');
  // While the step-up runs or the code is being sent, the form that asked for it stays: the number for a first one, the channels for a change.
  const asking = sending || snapshot.matches('steppingUp');
  const removal = snapshot.matches('confirmingRemoval')
    ? 'confirm'
    : snapshot.matches('steppingUpToRemove') || snapshot.matches('removing')
      ? 'busy'
      : null;
  const step: PhoneSectionStep = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('loadFailed')
      ? 'loadFailed'
      : snapshot.matches('idle') || removal
        ? 'current'
        : snapshot.matches('enteringNumber') || (asking && snapshot.context.route === 'set')
          ? 'number'
          : snapshot.matches('choosingChannel') || asking
            ? 'channel'
            : 'code';
  return {
    step,
    sending,
    /** Removing the number: asking to confirm, or under way (the step-up, then the call). */
    removal,
    confirming: snapshot.matches({ codeStep: { code: 'confirming' } }) || snapshot.matches({ codeStep: { code: 'confirmingEmail' } }),
    ...resendView(snapshot),
  };
}
