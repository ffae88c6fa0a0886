import type { SnapshotFrom } from 'xstate';
import type { CountryCode } from '../../contract/countries';
import type { Send } from '../parts/connect';
import type { phoneChangeMachine } from './phoneChange.machine';
import { resendView } from '../parts/resendCooldown';

type PhoneChange = typeof phoneChangeMachine;

/** What the phone section of /profile/security shows, one part at a time, and its intents. */
export function connectPhoneChange(snapshot: SnapshotFrom<PhoneChange>, send: Send<PhoneChange>) {
  const { route } = snapshot.context;
  const sending = snapshot.matches('sendingCode');
  // While the step-up runs or the code is being sent, the form that asked for it stays: the number for a first one, the channels for a change.
  const asking = sending || snapshot.matches('steppingUp');
  const confirmingRemoval = snapshot.matches('confirmingRemoval');
  const removing = snapshot.matches('steppingUpToRemove') || snapshot.matches('removing');
  const loading = snapshot.matches('loading');
  const loadFailed = snapshot.matches('loadFailed');
  /** The current number (or none), with Change and Remove; also while a removal is asked or under way. */
  const showingCurrent = snapshot.matches('idle') || confirmingRemoval || removing;
  const askingNumber = snapshot.matches('enteringNumber') || (asking && route === 'set');
  const choosingChannel = !askingNumber && (snapshot.matches('choosingChannel') || asking);
  return {
    loading,
    loadFailed,
    showingCurrent,
    askingNumber,
    choosingChannel,
    askingCode: !loading && !loadFailed && !showingCurrent && !askingNumber && !choosingChannel,
    sending,
    /** Removing the number: asking to confirm, or under way (the step-up, then the call). */
    confirmingRemoval,
    removing,
    confirming: snapshot.matches({ codeStep: { code: 'confirming' } }) || snapshot.matches({ codeStep: { code: 'confirmingEmail' } }),
    ...resendView(snapshot),
    retry: () => send({ type: 'RETRY' }),
    startEditing: () => send({ type: 'EDIT_STARTED' }),
    remove: () => send({ type: 'REMOVE_REQUESTED' }),
    confirmRemoval: () => send({ type: 'REMOVE_CONFIRMED' }),
    cancel: () => send({ type: 'CANCELLED' }),
    /** The typed number, and its E.164 form when it parses (else the flow says what is wrong). */
    submitNumber: (country: CountryCode, national: string, e164: string | null) =>
      send({ type: 'NUMBER_SUBMITTED', country, national, e164 }),
    chooseChannel: (channel: 'email' | 'sms') => send({ type: 'CHANNEL_CHOSEN', channel }),
    /** While a code is asked for: have it sent the other way instead. */
    otherChannel:
      route === 'email' || route === 'sms' ? () => send({ type: 'CHANNEL_CHOSEN', channel: route === 'email' ? 'sms' : 'email' }) : null,
    submitCode: (code: string) => send({ type: 'CODE_SUBMITTED', code }),
    resend: () => send({ type: 'RESEND_REQUESTED' }),
  };
}
