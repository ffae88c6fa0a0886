import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { phoneRecoveryMachine } from './phoneRecovery.machine';
import { resendView } from '../parts/resendCooldown';

type PhoneRecovery = typeof phoneRecoveryMachine;

/** What /2fa/phone/lost shows, one part at a time, and its intents. */
export function connectPhoneRecovery(snapshot: SnapshotFrom<PhoneRecovery>, send: Send<PhoneRecovery>) {
  const explaining = snapshot.matches('explaining') || snapshot.matches('sendingCode');
  return {
    /** Why the recovery waits, and the button that starts it. */
    explaining,
    /** The e-mailed code and the password. */
    askingProof: snapshot.matches('awaitingProof'),
    /** The new phone takes effect later: when, and the way back to sign-in. */
    scheduled: snapshot.matches('scheduled'),
    /** The account has a passkey: signing in with it is the way, not a recovery. */
    passkeyInstead: snapshot.matches('passkeyInstead'),
    sending: snapshot.matches('sendingCode'),
    confirming: snapshot.matches({ awaitingProof: { proof: 'confirming' } }),
    emailHint: snapshot.context.emailHint,
    effectiveAt: snapshot.context.effectiveAt,
    failure: snapshot.context.failure,
    /** The password, not the code, was refused: the password field says so. */
    passwordRefused: snapshot.context.failure?.code === 'invalid_credentials',
    ...resendView(snapshot),
    start: () => send({ type: 'RECOVERY_REQUESTED' }),
    submit: (code: string, password: string) => send({ type: 'PROOF_SUBMITTED', code, password }),
    resend: () => send({ type: 'RESEND_REQUESTED' }),
  };
}
