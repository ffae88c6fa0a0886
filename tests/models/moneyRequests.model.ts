import type { SnapshotFrom } from 'xstate';
import type { MoneyRequest } from '../../contract/sendMoney';
import { SAMPLE_SUMMARY } from './balances.model';
import type { FlowModel, PageMark } from './graph/model';
import { allOf, grantedStepUpFirst, retriesKeepTheIntent, stepUpOnlyWhenAsked, wasUnanswered } from './graph/callRules';
import { failedCall, failureText, PAGE_LANGUAGES, pageTexts, typedAmount, type PageLanguage } from './graph/page';
import { moneyRequestsMachine } from '../../machines/moneyRequests/moneyRequests.machine';
import { payCustomersPage, SAMPLE_SEND } from './sendMoney.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser } from './stepUp.model';

type Snapshot = SnapshotFrom<typeof moneyRequestsMachine>;

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
/** The euro account the page pays from: the balances' one, as the page has it. */
const EUROS = { id: SAMPLE_SUMMARY.fiat.accounts_limit_balances[0]!.id, balance: SAMPLE_SUMMARY.fiat.accounts_limit_balances[0]!.balance };

const REQUESTS = '**/api/money-requests';
const ONE_REQUEST = '**/api/money-requests/*/*';

/** The last action's outcome: said under the form for an ask, on the request's row otherwise. */
function outcomeShown(s: Snapshot, language: PageLanguage): PageMark[] {
  const texts = pageTexts(language).sendMoney;
  const { action, done, failure } = s.context;
  if (failure) return [{ shownText: failureText(language, texts.failures, failure) }];
  if (!done || action === null) return [];
  return [{ role: 'status', text: action === 'ask' ? texts.requests.asked : texts.requests.done[action] }];
}

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
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // One request each way, open, whatever was done to them: the list is read again after each action.
    start: (_, language) => [
      { answer: REQUESTS, method: 'GET', json: [SAMPLE_REQUEST, ASKED] },
      ...payCustomersPage('/send/requests', SAMPLE_SUMMARY, language),
    ],
    events: {
      REQUEST_SUBMITTED: ({ draft }, before, language) => {
        const texts = pageTexts(language).sendMoney;
        return before.matches('ready')
          ? [
              { fill: { label: texts.requests.from }, text: draft.from },
              { select: { label: texts.requests.asset }, value: draft.asset },
              { fill: { label: texts.amount }, text: typedAmount(language, draft.amount) },
              { fill: { label: texts.note }, text: draft.note },
              { click: { role: 'button', name: texts.requests.submit } },
            ]
          : null;
      },
      // The page pays from its account in the request's asset, with the balance the page was answered.
      PAY_REQUESTED: ({ account }, before, language) =>
        before.matches('ready') && account.balance === EUROS.balance
          ? [{ click: { role: 'button', name: pageTexts(language).sendMoney.requests.pay } }]
          : null,
      ANSWER_REQUESTED: ({ answer }, before, language) =>
        before.matches('ready') ? [{ click: { role: 'button', name: pageTexts(language).sendMoney.requests[answer] } }] : null,
    },
    actors: {
      askMoney: {
        done: (output) => [{ answer: REQUESTS, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(REQUESTS, error)],
      },
      stepUp: { done: (output, _, language) => stepUpInBrowser('send', output, language) },
      payRequest: {
        done: (output) => [{ answer: ONE_REQUEST, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(ONE_REQUEST, error)],
      },
      answerRequest: {
        done: (output) => [{ answer: ONE_REQUEST, method: 'POST', times: 1, json: output }],
        error: (error) => [failedCall(ONE_REQUEST, error)],
      },
    },
    states: {
      ready: (s, language) => ({ shows: outcomeShown(s, language) }),
    },
  },
  notInBrowser: {
    transitions: {
      'ready → ready (stays) (PAY_REQUESTED if overBalance)':
        'The page pays from its account with the balance answered at the start, which covers the request; a smaller one would need another balance answer mid-path. The view tests and the unit paths hold the refusal.',
    },
  },
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
