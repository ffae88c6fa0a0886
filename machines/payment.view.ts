import type { SnapshotFrom } from 'xstate';
import type { paymentMachine } from './payment.machine';

/** Which part of /pay/{hash} shows. */
export type PaymentStep = 'loading' | 'failed' | 'notFound' | 'choosing' | 'paid' | 'closed' | 'watching';

/** What /pay/{hash} shows, for the payer and for the requester. */
export function paymentView(snapshot: SnapshotFrom<typeof paymentMachine>) {
  const { context } = snapshot;
  const step: PaymentStep = snapshot.hasTag('loading')
    ? 'loading'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('notFound')
        ? 'notFound'
        : snapshot.matches('paid')
          ? 'paid'
          : snapshot.matches('closed')
            ? 'closed'
            : snapshot.matches('watching')
              ? 'watching'
              : 'choosing';
  return {
    step,
    link: context.link,
    receipt: context.receipt,
    busy: snapshot.hasTag('busy') || snapshot.matches('steppingUp'),
    failure: context.failure,
  };
}
