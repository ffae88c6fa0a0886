import { failureText, pageTexts, typedAmount } from './graph/page';
import { simulateBankTransferMachine } from '../../machines/simulateBankTransfer/simulateBankTransfer.machine';
import { amountLabel, SIMULATION_ACCOUNTS, simulatePage } from './simulatePage';
import { writeModel } from './write.model';

export const simulateBankTransferModel = writeModel(simulateBankTransferMachine, {
  inputs: { 'a hundred euros from Jonas': { currency: 'EUR', amount: '100', senderName: 'Jonas Weber', reference: 'MRD-K4T7-Q2' } },
  done: {
    'credited to the customer': { transferId: '6d5c4b3a-2e1f-4a0b-9c8d-7e6f5a4b3c2d', status: 'credited' },
    'held for review': { transferId: '6d5c4b3a-2e1f-4a0b-9c8d-7e6f5a4b3c2e', status: 'held' },
  },
  errors: { 'prices are moving': { code: 'rate_stale' }, offline: { code: 'network_error' } },
  browser: {
    start: (language) => simulatePage(language, SIMULATION_ACCOUNTS),
    request: { url: '**/api/simulate/bank-transfer', method: 'POST' },
    submit: ({ amount, senderName, reference }, _, language) => {
      const texts = pageTexts(language).simulate.bank;
      return [
        { fill: { label: texts.sender }, text: senderName },
        { fill: { label: texts.reference }, text: reference },
        // The other forms here have an amount field too.
        { fill: { label: amountLabel(language), in: texts.title }, text: typedAmount(language, amount) },
        { click: { role: 'button', name: texts.submit } },
      ];
    },
    edit: (before, language) =>
      before.hasTag('editing') ? null : [{ fill: { label: pageTexts(language).simulate.bank.sender }, text: 'Jonas A. Weber' }],
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).simulate.bank.submit }] }),
      done: (s, language) => {
        const texts = pageTexts(language).simulate.bank;
        return { shows: [{ shownText: s.context.output!.status === 'credited' ? texts.credited : texts.held }] };
      },
      failed: (s, language) => ({
        shows: [{ shownText: failureText(language, pageTexts(language).simulate.failures, s.context.failure!) }],
      }),
    },
  },
});
