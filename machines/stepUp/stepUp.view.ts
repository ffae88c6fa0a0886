import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import { resendView } from '../parts/resendCooldown';
import type { stepUpMachine } from './stepUp.machine';

type StepUp = typeof stepUpMachine;

/** What the step-up sheet shows, one part at a time, and its intents. */
export function connectStepUp(snapshot: SnapshotFrom<StepUp>, send: Send<StepUp>) {
  const { context } = snapshot;
  const done = snapshot.status === 'done';
  /** During the passkey ceremony the Biometric Authentication sheet is the one on screen. */
  const withPasskey = snapshot.matches('confirmingWithPasskey') || snapshot.matches('verifyingPasskey');
  const passkeyOffered = snapshot.matches('passkeyOffered');
  const askingCode = snapshot.matches('codeStep');
  const failed = snapshot.matches('failed');
  return {
    /** The sheet is up: not once done, nor while the passkey's own sheet is. */
    open: !done && !withPasskey,
    preparing: !done && !withPasskey && !passkeyOffered && !askingCode && !failed,
    /** The passkey did not confirm: try it again or use a code. */
    passkeyOffered,
    askingCode,
    failed,
    action: context.action,
    busy: snapshot.hasTag('busy'),
    verifying: snapshot.matches({ codeStep: { code: 'verifying' } }),
    codeChannel: context.codeChannel,
    failure: context.failure,
    ...resendView(snapshot),
    submitCode: (code: string) => send({ type: 'CODE_SUBMITTED', code }),
    resend: () => send({ type: 'RESEND_REQUESTED' }),
    /** A passkey may be used instead of the code. */
    canUsePasskey: context.passkey !== null,
    usePasskey: () => send({ type: 'PASSKEY_CHOSEN' }),
    useCode: () => send({ type: 'CODE_CHOSEN' }),
    retry: () => send({ type: 'RETRY' }),
    cancel: () => send({ type: 'CANCELLED' }),
  };
}
