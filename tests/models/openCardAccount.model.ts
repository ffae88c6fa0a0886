import type { CardAccount } from '../../contract/accounts';
import { failureText, inLanguage, pageTexts } from './graph/page';
import { openCardAccountMachine } from '../../machines/openCardAccount/openCardAccount.machine';
import { sessionCookieJar } from './session.model';
import { writeModel } from './write.model';

const OPENED: CardAccount = {
  id: '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10',
  type: 'card',
  currency: 'EUR',
  name: 'Meridian card',
  balance: '0.00',
  createdAt: '2026-03-02T09:00:00.000Z',
};

export const openCardAccountModel = writeModel(openCardAccountMachine, {
  inputs: { open: undefined },
  done: { opened: OPENED },
  errors: { offline: { code: 'network_error' } },
  browser: {
    start: (language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      // No card account yet: the page offers to open one, and lists none while it opens.
      { answer: '**/api/card-accounts', method: 'GET', json: [] },
      { open: inLanguage('/card-accounts', language) },
    ],
    request: { url: '**/api/accounts-management/create-accounts-card', method: 'POST' },
    submit: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).cardAccounts.open.submit } }],
    states: {
      editing: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).cardAccounts.open.submit }] }),
      done: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).cardAccounts.open.submit }] }),
      failed: (s, language) => ({ shows: [{ shownText: failureText(language, {}, s.context.failure!) }] }),
    },
  },
});
