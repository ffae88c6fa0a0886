import type { SnapshotFrom } from 'xstate';
import type { QuoteSide } from '../../contract/transfers';
import type { Send } from '../parts/connect';
import type { transferMachine } from './transfer.machine';

type Transfer = typeof transferMachine;

/** What the transfer screens show, read through tags and what the machine would accept, and their intents. */
export function connectTransfer(snapshot: SnapshotFrom<Transfer>, send: Send<Transfer>) {
  const { direction, fromAccountId, toAccountId, amount, side, quote, secondsLeft, refreshed, failure, result } = snapshot.context;
  const quoting = snapshot.hasTag('quoting');
  return {
    direction,
    fromAccountId,
    toAccountId,
    amount,
    side,
    quote,
    secondsLeft,
    refreshed,
    failure,
    result,
    quoting,
    /** The confirmation sheet is open. */
    reviewing: snapshot.hasTag('reviewing'),
    busy: snapshot.hasTag('busy'),
    /** The quote ran out offline: it waits for the connection (the shell says it is offline). */
    waitingForConnection: snapshot.hasTag('waitingForConnection'),
    /** A quote is held that the balance does not cover: said before the customer can go on. */
    insufficientFunds: quote !== null && !quote.fundsSufficient && !quoting,
    /** A held quote is above what is left of the transfer limit: said before the customer can go on. */
    aboveLimit: quote !== null && !quote.withinLimit && !quoting,
    done: snapshot.status === 'done',
    /** Takes each side's first account while the customer has chosen none there. */
    chooseFirst: (from: string | undefined, to: string | undefined) => {
      if (from && fromAccountId === null) send({ type: 'FROM_CHOSEN', accountId: from });
      if (to && toAccountId === null) send({ type: 'TO_CHOSEN', accountId: to });
    },
    chooseFrom: (accountId: string) => send({ type: 'FROM_CHOSEN', accountId }),
    chooseTo: (accountId: string) => send({ type: 'TO_CHOSEN', accountId }),
    /** The amount typed on one side (what is paid, or what arrives); empty while it is no amount. */
    typeAmount: (amount: string, side: QuoteSide) => send({ type: 'AMOUNT_CHANGED', amount, side }),
    /** Opens the confirmation sheet: only for a held quote the balance and the limit allow. */
    review: snapshot.can({ type: 'REVIEW_REQUESTED' }) ? () => send({ type: 'REVIEW_REQUESTED' }) : null,
    /** Closes the sheet, keeping the amounts. */
    cancelReview: () => send({ type: 'REVIEW_CANCELLED' }),
    confirm: snapshot.can({ type: 'CONFIRMED' }) ? () => send({ type: 'CONFIRMED' }) : null,
    /** The confirmation got no answer: only the same request may be sent again. */
    retry: snapshot.can({ type: 'RETRY' }) ? () => send({ type: 'RETRY' }) : null,
  };
}
