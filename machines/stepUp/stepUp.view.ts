import type { SnapshotFrom } from 'xstate';
import { resendView } from '../parts/resendCooldown';
import type { stepUpMachine } from './stepUp.machine';

/** The part of the step-up sheet on screen. */
export type StepUpStep = 'loading' | 'passkey' | 'passkeyOffered' | 'code' | 'failed' | 'done';

/** What the step-up sheet shows. */
export function stepUpView(snapshot: SnapshotFrom<typeof stepUpMachine>) {
  const { context } = snapshot;
  const step: StepUpStep =
    snapshot.status === 'done'
      ? 'done'
      : snapshot.matches('confirmingWithPasskey') || snapshot.matches('verifyingPasskey')
        ? 'passkey'
        : snapshot.matches('passkeyOffered')
          ? 'passkeyOffered'
          : snapshot.matches('codeStep')
            ? 'code'
            : snapshot.matches('failed')
              ? 'failed'
              : 'loading';
  return {
    step,
    action: context.action,
    busy: snapshot.hasTag('busy'),
    verifying: snapshot.matches({ codeStep: { code: 'verifying' } }),
    codeChannel: context.codeChannel,
    /** A passkey may be used instead of the code. */
    canUsePasskey: context.passkey !== null,
    failure: context.failure,
    ...resendView(snapshot),
  };
}
