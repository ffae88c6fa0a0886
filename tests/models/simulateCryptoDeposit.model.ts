import { failureText, pageTexts, typedAmount } from './graph/page';
import { simulateCryptoDepositMachine } from '../../machines/simulateCryptoDeposit/simulateCryptoDeposit.machine';
import { amountLabel, balanceToast, SIMULATION_ACCOUNTS, simulatePage } from './simulatePage';
import { writeModel } from './write.model';

const TETHER = SIMULATION_ACCOUNTS[1]!;

export const simulateCryptoDepositModel = writeModel(simulateCryptoDepositMachine, {
  inputs: { 'twenty tether on Base': { accountId: TETHER.id, network: 'base', amount: '20' } },
  done: { received: { transactionId: '4c3b2a19-0f8e-4d7c-8b6a-5f4e3d2c1b0a', account: { ...TETHER, balance: '1270.5' } } },
  errors: { 'over the daily limit': { code: 'limit_exceeded' }, offline: { code: 'network_error' } },
  browser: {
    start: (language) => simulatePage(language, SIMULATION_ACCOUNTS),
    request: { url: '**/api/simulate/crypto-deposit', method: 'POST' },
    submit: ({ network, amount }, _, language) => {
      const texts = pageTexts(language).simulate.crypto;
      return [
        { select: { label: texts.network }, value: network },
        // The other forms here have an amount field too.
        { fill: { label: amountLabel(language), in: texts.title }, text: typedAmount(language, amount) },
        { click: { role: 'button', name: texts.submit } },
      ];
    },
    edit: (before, language) =>
      before.hasTag('editing') ? null : [{ select: { label: pageTexts(language).simulate.crypto.network }, value: 'ethereum' }],
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).simulate.crypto.submit }] }),
      done: (s, language) => ({ shows: [balanceToast(pageTexts(language).simulate.received, s.context.output!, language)] }),
      failed: (s, language) => ({
        shows: [{ shownText: failureText(language, pageTexts(language).simulate.failures, s.context.failure!) }],
      }),
    },
  },
});
