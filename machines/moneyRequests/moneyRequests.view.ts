import type { SnapshotFrom } from 'xstate';
import type { MoneyRequest } from '../../contract/sendMoney';
import type { Send } from '../parts/connect';
import type { MoneyRequestDraft, moneyRequestsMachine, RequestAnswer } from './moneyRequests.machine';

type MoneyRequests = typeof moneyRequestsMachine;

/**
 * What /send/requests shows of the last action (under the form for an ask, on the request's row otherwise)
 * and its intents.
 */
export function connectMoneyRequests(snapshot: SnapshotFrom<MoneyRequests>, send: Send<MoneyRequests>) {
  const { action, requestId, done, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    busy,
    /** An ask is on its way (its button shows it). */
    asking: busy && action === 'ask',
    /** The request a pay, decline, cancel or remind is about (or was). */
    requestId: action === 'ask' ? null : requestId,
    /** A payment of this request is on its way (its button shows it). */
    paying: (id: string) => busy && action === 'pay' && requestId === id,
    /** The last ask's outcome and refusal, shown with the form. */
    asked: action === 'ask' && done,
    askFailure: action === 'ask' ? failure : null,
    /** The last answer's outcome and refusal, shown on its row. */
    answered: action !== 'ask' && done ? action : null,
    answerFailure: action !== 'ask' ? failure : null,
    ask: (draft: MoneyRequestDraft) => send({ type: 'REQUEST_SUBMITTED', draft }),
    /** Pays an incoming request from the customer's account in its asset. */
    pay: (request: Pick<MoneyRequest, 'id' | 'amount'>, account: { id: string; balance: string }) =>
      send({ type: 'PAY_REQUESTED', request, account }),
    answer: (requestId: string, answer: RequestAnswer) => send({ type: 'ANSWER_REQUESTED', requestId, answer }),
  };
}
