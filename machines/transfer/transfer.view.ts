import type { SnapshotFrom } from 'xstate';
import type { transferMachine } from './transfer.machine';

/** What the transfer screens show, read through tags and what the machine would accept. */
export function transferView(snapshot: SnapshotFrom<typeof transferMachine>) {
  const { direction, fromAccountId, toAccountId, amount, side, quote, secondsLeft, refreshed, failure, result } = snapshot.context;
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
    quoting: snapshot.hasTag('quoting'),
    /** The confirmation sheet is open. */
    reviewing: snapshot.hasTag('reviewing'),
    busy: snapshot.hasTag('busy'),
    /** The quote ran out offline: it waits for the connection (the shell says it is offline). */
    waitingForConnection: snapshot.hasTag('waitingForConnection'),
    /** A quote is held that the balance does not cover: said before the customer can go on. */
    insufficientFunds: quote !== null && !quote.fundsSufficient && !snapshot.hasTag('quoting'),
    /** A held quote is above what is left of the transfer limit: said before the customer can go on. */
    aboveLimit: quote !== null && !quote.withinLimit && !snapshot.hasTag('quoting'),
    canReview: snapshot.can({ type: 'REVIEW_REQUESTED' }),
    canConfirm: snapshot.can({ type: 'CONFIRMED' }),
    /** The confirmation got no answer: only the same request may be sent again. */
    canRetry: snapshot.can({ type: 'RETRY' }),
    done: snapshot.status === 'done',
  };
}
