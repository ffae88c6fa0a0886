import type { SnapshotFrom } from 'xstate';
import type { Asset } from '../../contract/assetList';
import type { Send } from '../parts/connect';
import type { paymentMachine } from './payment.machine';

type Payment = typeof paymentMachine;

/** What /pay/{hash} shows, for the payer and for the requester, and its intents. */
export function connectPayment(snapshot: SnapshotFrom<Payment>, send: Send<Payment>) {
  const { context } = snapshot;
  const loading = snapshot.hasTag('loading');
  const loadFailed = snapshot.matches('failed');
  const notFound = snapshot.matches('notFound');
  const paid = snapshot.matches('paid');
  const closed = snapshot.matches('closed');
  const watching = snapshot.matches('watching');
  /** The payer's form: the account to pay from, its quote and “Pay”. */
  const choosing = !loading && !loadFailed && !notFound && !paid && !closed && !watching;
  const quoting = snapshot.hasTag('quoting');
  return {
    loading,
    /** The request could not be read (offline): “Try again”. */
    loadFailed,
    notFound,
    choosing,
    paid,
    /** Paid by someone else, cancelled or expired meanwhile. */
    closed,
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
    chooseAccount: (fromAccountId: string, asset: Asset) => send({ type: 'ACCOUNT_CHOSEN', fromAccountId, asset }),
    /** Takes the first account while the form has none chosen. */
    chooseFirst: (account: { id: string; asset: Asset } | undefined) => {
      if (account && choosing && context.fromAccountId === null)
        send({ type: 'ACCOUNT_CHOSEN', fromAccountId: account.id, asset: account.asset });
    },
    /** “Pay” does something: an account in the link's asset, or a quote it and the limit cover. */
    pay: snapshot.can({ type: 'PAY_CONFIRMED' }) ? () => send({ type: 'PAY_CONFIRMED' }) : null,
    /** Reads the request again, or asks for the quote again. */
    retry: () => send({ type: 'RETRY' }),
  };
}
