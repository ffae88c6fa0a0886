import type { CardCredit } from '../../contract/cards';
import { SAMPLE_SUMMARY } from './balances.model';
import { cardCredit } from './cardControls.model';
import { failureText, inLanguage, pageTexts, SIGNED_IN, typedAmount } from './graph/page';
import { repayCardDebtMachine } from '../../machines/repayCardDebt/repayCardDebt.machine';
import { sessionCookieJar } from './session.model';
import { writeModel } from './write.model';

const owing: CardCredit = { ...cardCredit, used: '120.50', available: '19879.50', ltv: '0.01' };
const euros = SAMPLE_SUMMARY.fiat.accounts_limit_balances[0]!;

export const repayCardDebtModel = writeModel(repayCardDebtMachine, {
  inputs: { 'ten euros': { accountId: owing.id, fromAccountId: euros.id, amount: '10.00' } },
  done: { repaid: { ...owing, used: '110.50', available: '19889.50' } },
  errors: { 'the account holds too little': { code: 'insufficient_funds' }, offline: { code: 'network_error' } },
  browser: {
    // The card account owing 120.50 EUR, repaid from the euro account.
    start: (language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { answer: '**/api/accounts-management/summary-balance', method: 'GET', json: SAMPLE_SUMMARY },
      { answer: `**/api/card-accounts/${owing.id}`, method: 'GET', json: owing },
      { open: inLanguage(`/card-accounts/${owing.id}`, language) },
    ],
    request: { url: `**/api/card-accounts/${owing.id}/repay`, method: 'POST' },
    submit: ({ amount }, _, language) => {
      const texts = pageTexts(language).cardAccounts.repay;
      return [{ fill: { label: texts.amount }, text: typedAmount(language, amount) }, { click: { role: 'button', name: texts.submit } }];
    },
    edit: (_, language) => [{ fill: { label: pageTexts(language).cardAccounts.repay.amount }, text: typedAmount(language, '5') }],
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).cardAccounts.repay.submit }] }),
      done: (_, language) => ({ shows: [{ shownText: pageTexts(language).cardAccounts.repay.done }] }),
      failed: (s, language) => ({
        shows: [{ shownText: failureText(language, pageTexts(language).cardAccounts.repay.errors, s.context.failure!) }],
      }),
    },
  },
});
