import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import { resendView } from '../parts/resendCooldown';
import type { twoFactorPhoneMachine } from './twoFactorPhone.machine';

type TwoFactorPhone = typeof twoFactorPhoneMachine;

/** What /2fa/phone shows: the code form while a code is awaited; nothing once the flow leaves the page. */
export function connectTwoFactorPhone(snapshot: SnapshotFrom<TwoFactorPhone>, send: Send<TwoFactorPhone>) {
  const signedIn = snapshot.matches('signedIn');
  const verifying = snapshot.matches({ awaitingCode: { code: 'verifying' } }) || signedIn;
  return {
    /** Leaving for /login or the app: nothing to show meanwhile. */
    showsForm: snapshot.matches('awaitingCode') || signedIn,
    verifying,
    phoneHint: snapshot.context.phoneHint,
    failure: snapshot.context.failure,
    ...resendView(snapshot),
    submit: (code: string) => send({ type: 'CODE_SUBMITTED', code }),
    resend: () => send({ type: 'RESEND_REQUESTED' }),
  };
}
