import { card, cardCredit } from './cardControls.model';
import { failureText, pageTexts, typedAmount, withValues } from './graph/page';
import { simulateCardPaymentMachine } from '../../machines/simulateCardPayment/simulateCardPayment.machine';
import { amountLabel, SIMULATION_ACCOUNTS, simulatePage } from './simulatePage';
import { writeModel } from './write.model';

export const simulateCardPaymentModel = writeModel(simulateCardPaymentMachine, {
  inputs: {
    'coffee online': {
      body: { cardId: card.id, amount: '4.5', merchant: 'Café Nord', channel: 'online' },
      accountId: card.accountId,
      currency: cardCredit.currency,
    },
  },
  done: {
    approved: {
      id: '3b2a1908-f7e6-4d5c-8b4a-39281706f5e4',
      cardId: card.id,
      amount: '-4.5',
      merchant: 'Café Nord',
      available: '19995.50',
      createdAt: '2026-03-02T09:00:00.000Z',
    },
  },
  errors: { 'the card is frozen': { code: 'card_frozen' }, offline: { code: 'network_error' } },
  browser: {
    start: (language) =>
      simulatePage(language, SIMULATION_ACCOUNTS, [
        { answer: '**/api/card-accounts', method: 'GET', json: [cardCredit] },
        { answer: `**/api/card-accounts/${card.accountId}/cards`, method: 'GET', json: [card] },
      ]),
    request: { url: '**/api/simulate/card-authorizations', method: 'POST' },
    submit: ({ body }, _, language) => {
      const texts = pageTexts(language).cardPayment;
      return [
        { fill: { label: texts.merchant }, text: body.merchant },
        // The other forms here have an amount field too.
        { fill: { label: amountLabel(language), in: texts.title }, text: typedAmount(language, body.amount) },
        { click: { role: 'button', name: texts.submit } },
      ];
    },
    edit: (before, language) =>
      before.hasTag('editing') ? null : [{ fill: { label: pageTexts(language).cardPayment.merchant }, text: 'Bäckerei' }],
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).cardPayment.submit }] }),
      done: (s, language) => ({
        shows: [
          { testId: 'card-payment-approved' },
          { shownText: withValues(pageTexts(language).cardPayment.approved, { merchant: s.context.output!.merchant }) },
        ],
      }),
      failed: (s, language) => {
        const texts = pageTexts(language).cardPayment;
        return {
          shows: [{ shownText: texts.declinedTitle }, { role: 'alert', text: failureText(language, texts.declined, s.context.failure!) }],
        };
      },
    },
  },
});
