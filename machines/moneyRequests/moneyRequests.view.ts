import type { SnapshotFrom } from 'xstate';
import type { moneyRequestsMachine } from './moneyRequests.machine';

/** What /send/requests shows of the last action: under the form for an ask, on the request's row otherwise. */
export function moneyRequestsView(snapshot: SnapshotFrom<typeof moneyRequestsMachine>) {
  const { action, requestId, done, failure } = snapshot.context;
  return {
    busy: snapshot.hasTag('busy'),
    /** The request a pay, decline, cancel or remind is about (or was). */
    requestId: action === 'ask' ? null : requestId,
    action,
    /** The last ask's outcome and refusal, shown with the form. */
    asked: action === 'ask' && done,
    askFailure: action === 'ask' ? failure : null,
    /** The last answer's outcome and refusal, shown on its row. */
    answered: action !== 'ask' && done ? action : null,
    answerFailure: action !== 'ask' ? failure : null,
  };
}
