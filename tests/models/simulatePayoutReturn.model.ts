import type { Payout } from '../../contract/payouts';
import { failureText, pageTexts } from './graph/page';
import { simulatePayoutReturnMachine } from '../../machines/simulatePayoutReturn/simulatePayoutReturn.machine';
import { SIMULATION_ACCOUNTS, simulatePage } from './simulatePage';
import { writeModel } from './write.model';

/** A payout on its way to the bank: the one the form offers. */
const SENT: Payout = {
  id: '4e5f6a7b-8c9d-4e0f-9a2b-3c4d5e6f7a8b',
  currency: 'EUR',
  holderName: 'Dana Dupont',
  iban: 'DE89370400440532013000',
  bic: null,
  amount: '100.00',
  fee: '0.50',
  received: '99.50',
  status: 'sent',
  arrivesBy: '2026-03-03T09:00:00.000Z',
  returnReason: null,
  activityId: '5f6a7b8c-9d0e-4f1a-8b3c-4d5e6f7a8b9c',
  createdAt: '2026-03-02T09:00:10.000Z',
  settledAt: null,
};

export const simulatePayoutReturnModel = writeModel(simulatePayoutReturnMachine, {
  inputs: {
    'account closed': { payoutId: SENT.id, reason: 'AC04' },
    'wrong account number': { payoutId: SENT.id, reason: 'AC01' },
  },
  done: { returned: { ...SENT, status: 'returned', returnReason: 'AC04', settledAt: '2026-03-02T10:00:00.000Z' } },
  errors: { 'returned already': { code: 'payout_returned' }, offline: { code: 'network_error' } },
  browser: {
    start: (language) =>
      simulatePage(language, SIMULATION_ACCOUNTS, [{ answer: '**/api/payouts', method: 'GET', json: { payouts: [SENT] } }]),
    request: { url: `**/api/simulate/payouts/${SENT.id}/return`, method: 'POST' },
    submit: ({ reason }, before, language) => {
      const texts = pageTexts(language).simulate.payoutReturn;
      // Once returned, the payout is no longer offered (its list is read again and the form goes).
      if (before.hasTag('done')) return null;
      return [{ select: { label: texts.reason }, value: reason }, { click: { role: 'button', name: texts.submit } }];
    },
    edit: (before, language) =>
      before.hasTag('failed') ? [{ select: { label: pageTexts(language).simulate.payoutReturn.reason }, value: 'MS03' }] : null,
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).simulate.payoutReturn.submit }] }),
      done: (_, language) => ({ shows: [{ shownText: pageTexts(language).simulate.payoutReturn.returned }] }),
      failed: (s, language) => ({
        shows: [{ shownText: failureText(language, pageTexts(language).simulate.failures, s.context.failure!) }],
      }),
    },
  },
});
