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
  const quoting = snapshot.hasTag('quoting');
  return {
    step,
    link: context.link,
    receipt: context.receipt,
    busy: snapshot.hasTag('busy') || snapshot.matches('steppingUp'),
    failure: context.failure,
    /** The quote is shown only while it holds, never while a fresh one is on its way. */
    quote: quoting ? null : context.quote,
    quoting,
    fromAccountId: context.fromAccountId,
    secondsLeft: context.secondsLeft,
    refreshed: context.refreshed,
    /** The quote ran out offline: it waits for the connection (the shell says it is offline). */
    waitingForConnection: snapshot.hasTag('waitingForConnection'),
    /** No quote could be had for the chosen account: “Try again”. */
    quoteFailed: snapshot.matches({ choosing: 'quoteFailed' }),
    /** “Pay” does something: an account in the link's asset, or a quote it and the limit cover. */
    canPay: snapshot.can({ type: 'PAY_CONFIRMED' }),
  };
}
