import type { AdminCustomer } from '../../contract/simulate';
import { adjustAccountMachine } from '../../machines/adjustAccount/adjustAccount.machine';
import { failureText, pageTexts, typedAmount } from './graph/page';
import { adminPage, amountLabel, balanceToast, SIMULATION_ACCOUNTS } from './simulatePage';
import { writeModel } from './write.model';

const [EUROS] = SIMULATION_ACCOUNTS;
const CUSTOMER: AdminCustomer = {
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  email: 'lena@meridian.test',
  firstName: 'Lena',
  lastName: 'Vogel',
  role: 'customer',
  kycStatus: 'approved',
  accounts: [EUROS!],
};

export const adjustAccountModel = writeModel(adjustAccountMachine, {
  inputs: { 'credit ten euros': { accountId: EUROS!.id, direction: 'credit', amount: '10', reason: 'Goodwill refund.' } },
  done: { credited: { transactionId: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9', account: { ...EUROS!, balance: '2460.75' } } },
  errors: { 'the account is gone': { code: 'account_not_found' }, offline: { code: 'network_error' } },
  browser: {
    start: (language) => adminPage(language, [{ answer: '**/api/simulate/admin/customers*', method: 'GET', json: [CUSTOMER] }]),
    request: { url: '**/api/simulate/admin/adjustments', method: 'POST' },
    submit: ({ amount, reason }, _, language) => {
      const texts = pageTexts(language).simulate.admin.adjust;
      return [
        // The voucher form below has an amount field too.
        { fill: { label: amountLabel(language), in: texts.title }, text: typedAmount(language, amount) },
        { fill: { label: texts.reason }, text: reason },
        { click: { role: 'button', name: texts.submitCredit } },
      ];
    },
    edit: (before, language) =>
      before.hasTag('editing') ? null : [{ fill: { label: pageTexts(language).simulate.admin.adjust.reason }, text: 'Checked again.' }],
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).simulate.admin.adjust.submitCredit }] }),
      // The toast shows as the answer comes; the form is emptied once the lists it changed are read again.
      done: (s, language) => {
        const texts = pageTexts(language).simulate.admin.adjust;
        return {
          shows: [
            balanceToast(texts.done, s.context.output!, language),
            { label: amountLabel(language), in: texts.title, value: '' },
            { label: texts.reason, value: '' },
          ],
        };
      },
      failed: (s, language) => ({
        shows: [{ shownText: failureText(language, pageTexts(language).simulate.failures, s.context.failure!) }],
      }),
    },
  },
});
