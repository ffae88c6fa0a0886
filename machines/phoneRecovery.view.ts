import type { SnapshotFrom } from 'xstate';
import type { phoneRecoveryMachine } from './phoneRecovery.machine';
import { resendView } from './resendCooldown';

/** What /2fa/phone/lost shows: one step at a time. */
export function phoneRecoveryView(snapshot: SnapshotFrom<typeof phoneRecoveryMachine>) {
  const step =
    snapshot.matches('explaining') || snapshot.matches('sendingCode')
      ? ('explain' as const)
      : snapshot.matches('awaitingProof')
        ? ('proof' as const)
        : snapshot.matches('scheduled')
          ? ('scheduled' as const)
          : snapshot.matches('passkeyInstead')
            ? ('passkey' as const)
            : ('leaving' as const);
  return {
    step,
    sending: snapshot.matches('sendingCode'),
    confirming: snapshot.matches({ awaitingProof: { proof: 'confirming' } }),
    emailHint: snapshot.context.emailHint,
    effectiveAt: snapshot.context.effectiveAt,
    failure: snapshot.context.failure,
    ...resendView(snapshot),
  };
}
