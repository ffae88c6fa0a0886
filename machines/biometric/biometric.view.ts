import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { biometricMachine } from './biometric.machine';

type Biometric = typeof biometricMachine;
type BiometricSnapshot = SnapshotFrom<Biometric>;

/** What the passkeys section of /profile/security shows and its intents. */
export function connectBiometric(snapshot: BiometricSnapshot, send: Send<Biometric>) {
  const is = (...states: Parameters<BiometricSnapshot['matches']>[0][]) => states.some((state) => snapshot.matches(state));
  return {
    /** Nothing under way: the buttons are offered. */
    idle: is('idle'),
    /** Adding a passkey, from the request to the confirm: the add button is busy. */
    adding: is('steppingUpToAdd', 'requestingEnable', 'verifyingEnableCode', 'registering', 'confirmingEnable'),
    /** The passkey whose row asks about its removal, until the removal ends, or null. */
    removalAsked: is('confirmingRemoval', 'steppingUpToRemove', 'removingPasskey') ? snapshot.context.removing : null,
    /** The passkey being removed (the step-up, then the removal), or null: its question's buttons are busy. */
    removing: is('steppingUpToRemove', 'removingPasskey') ? snapshot.context.removing : null,
    /** Which code form is open: the one confirming an addition, or the removal of all passkeys. */
    codeFor: is('awaitingEnableCode', 'verifyingEnableCode') ? 'enable' : is('awaitingDisableCode', 'confirmingDisable') ? 'disable' : null,
    checkingCode: is('verifyingEnableCode', 'confirmingDisable'),
    /** The last step of a change: back to idle without a failure, it went through. */
    finishing: is('confirmingEnable') ? 'enable' : is('confirmingDisable') ? 'disable' : is('removingPasskey') ? 'remove' : null,
    enabled: snapshot.context.enabled,
    channel: snapshot.context.codeChannel,
    failure: snapshot.context.failure,
    add: () => send({ type: 'ENABLE_REQUESTED' }),
    removeAll: () => send({ type: 'DISABLE_ALL_REQUESTED' }),
    /** Asks in the passkey's row whether to remove it; null while another change is under way. */
    askRemoval: is('idle', 'confirmingRemoval') ? (id: string) => send({ type: 'REMOVE_REQUESTED', id }) : null,
    /** The answer to the question: the step-up, then the removal. */
    confirmRemoval: () => send({ type: 'REMOVE_CONFIRMED' }),
    keep: () => send({ type: 'REMOVE_CANCELLED' }),
    submitCode: (code: string) => send({ type: 'CODE_SUBMITTED', code }),
    cancel: () => send({ type: 'CANCELLED' }),
  };
}
