import type { Account } from '../../contract/accounts';
import { SAMPLE_SUMMARY } from './balances.model';
import { failureText, inLanguage, pageTexts, SIGNED_IN } from './graph/page';
import { openAccountMachine } from '../../machines/openAccount/openAccount.machine';
import { sessionCookieJar } from './session.model';
import { writeModel } from './write.model';

const OPENED: Account = {
  id: '5d0c7b1e-8f3a-4c2d-9e6b-1a2b3c4d5e6f',
  type: 'fiat',
  currency: 'USD',
  name: 'US dollar account',
  balance: '0.00',
  iban: 'DE02120300000000202051',
  bic: 'MRDNDEB1XXX',
  createdAt: '2026-03-02T09:00:00.000Z',
};

export const openAccountModel = writeModel(openAccountMachine, {
  inputs: { 'US dollars': { currency: 'USD' } },
  done: { opened: OPENED },
  errors: { 'e-mail not verified': { code: 'email_unverified' }, offline: { code: 'network_error' } },
  browser: {
    // /accounts holding EUR and BTC: the form offers the other currencies, US dollars first.
    start: (language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { answer: '**/api/accounts-management/summary-balance', method: 'GET', json: SAMPLE_SUMMARY },
      { answer: `**/api/accounts-management/accounts/${OPENED.id}`, method: 'GET', json: OPENED },
      { open: inLanguage('/accounts', language) },
    ],
    request: { url: '**/api/accounts-management/open-account', method: 'POST' },
    // Once opened, the page is the new account's: no form to send again.
    submit: (_, before, language) =>
      before.hasTag('done') ? null : [{ click: { role: 'button', name: pageTexts(language).accounts.open.submit } }],
    edit: (before, language) =>
      before.hasTag('done') ? null : [{ select: { label: pageTexts(language).accounts.open.currency }, value: 'GBP' }],
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).accounts.open.submit }] }),
      done: (_, language) => ({ url: inLanguage(`/accounts/${OPENED.id}`, language) }),
      failed: (s, language) => ({ shows: [{ shownText: failureText(language, {}, s.context.failure!) }] }),
    },
  },
});
