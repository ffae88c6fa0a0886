import type { MoneyRequest } from '../../contract/sendMoney';
import type { FlowModel } from './graph/model';
import { allOf, grantedStepUpFirst, retriesKeepTheIntent, stepUpOnlyWhenAsked, wasUnanswered } from './graph/callRules';
import { moneyRequestsMachine } from '../../machines/moneyRequests.machine';
import { SAMPLE_SEND } from './sendMoney.model';
import { STEP_UP_OUTCOMES } from './stepUp.model';

export const SAMPLE_REQUEST: MoneyRequest = {
  id: '7d5f6a8b-9cad-4ebf-8acb-4c5d6e7f8a9b',
  direction: 'incoming',
  counterpartyName: 'Dana Dahl',
  asset: 'EUR',
  amount: '25',
  note: 'Dinner',
  status: 'open',
  createdAt: '2026-03-02T09:00:00.000Z',
  decidedAt: null,
  remindedAt: null,
};
const ASKED: MoneyRequest = { ...SAMPLE_REQUEST, id: '8e6a7b9c-adbe-4fca-9bdc-5d6e7f8a9bac', direction: 'outgoing' };
const EUROS = { id: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', balance: '2450.75' };

const stepUpAsked = (error: unknown) => (error as { code?: string }).code === 'step_up_required';

export const moneyRequestsModel = {
  inputs: { 'a customer in Germany': { country: 'DE' } },
  events: {
    REQUEST_SUBMITTED: {
      'from an e-mail address': { draft: { from: 'dana@example.com', asset: 'EUR', amount: '25', note: 'Dinner' } },
      'from no address': { draft: { from: 'dana', asset: 'EUR', amount: '25', note: '' } },
      'more decimals than euros have': { draft: { from: '+4915112345678', asset: 'EUR', amount: '1.005', note: '' } },
    },
    PAY_REQUESTED: {
      'from the euro account': { request: SAMPLE_REQUEST, account: EUROS },
      'from an account holding less': { request: SAMPLE_REQUEST, account: { ...EUROS, balance: '10' } },
    },
    ANSWER_REQUESTED: {
      decline: { requestId: SAMPLE_REQUEST.id, answer: 'decline' },
      cancel: { requestId: ASKED.id, answer: 'cancel' },
      remind: { requestId: ASKED.id, answer: 'remind' },
    },
  },
  actors: {
    askMoney: {
      done: { asked: ASKED },
      error: { 'no customer at that address': { code: 'recipient_not_customer' }, offline: { code: 'network_error' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    payRequest: {
      done: { paid: { ...SAMPLE_SEND, to: null } },
      error: {
        'above the threshold': { code: 'step_up_required' },
        'cancelled meanwhile': { code: 'money_request_cancelled' },
        offline: { code: 'network_error' },
      },
    },
    answerRequest: {
      done: { answered: { ...ASKED, status: 'cancelled' } },
      error: { 'reminded less than a day ago': { code: 'reminder_too_soon' }, offline: { code: 'network_error' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.action, s.context.payment !== null, s.context.done, s.context.failure?.code ?? null]),
  notInBrowser:
    'Driven in the browser against the real server instead: e2e/social.spec.ts sends, requests and pays between two signed-in customers, in two browser contexts.',
  calls: {
    // A payment retried after its answer was lost or the server asked for the step-up is the same payment
    // (the same key); after a step-up only once it was granted.
    payRequest: allOf(
      retriesKeepTheIntent('payRequest', {
        isOpen: (error) => wasUnanswered(error) || stepUpAsked(error),
        endedBy: ['REQUEST_SUBMITTED', 'ANSWER_REQUESTED'],
      }),
      grantedStepUpFirst('payRequest', { askedFor: stepUpAsked, newTryBy: ['PAY_REQUESTED'] }),
    ),
    stepUp: stepUpOnlyWhenAsked('payRequest', { confirmedBy: [], askedFor: stepUpAsked }),
  },
  invariants: {
    // The business rules: nothing is asked for from no address, nothing is paid beyond the account.
    asking: (s) => s.context.draft !== null || 'asks with nothing typed',
    paying: (s) => s.context.payment !== null || 'pays from no account',
    ready: (s) => !(s.context.done && s.context.failure) || 'says an action both went through and was refused',
  },
} satisfies FlowModel<typeof moneyRequestsMachine>;
