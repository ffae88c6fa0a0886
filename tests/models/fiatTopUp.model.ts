import type { FlowModel } from './graph/model';
import { failedCall, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN } from './graph/page';
import { fiatTopUpMachine } from '../../machines/fiatTopUp/fiatTopUp.machine';
import { sessionCookieJar } from './session.model';

const DETAILS = '**/api/inject/fiat/details';

const details = {
  holderName: 'Ann Lee',
  bic: 'MRDNDEB1XXX',
  reference: 'MRD7K2Q9XHP',
  accounts: [{ accountId: '3f1e2d4c-5b6a-4789-9abc-def012345678', currency: 'EUR' as const, iban: 'DE89100200300012345678' }],
};

export const fiatTopUpModel = {
  events: { RETRY: { 'try again': {} } },
  actors: {
    loadDetails: {
      done: {
        'the details': details,
        'no bank account yet': { ...details, accounts: [] },
        'no name yet': { ...details, holderName: null },
      },
      error: { offline: { code: 'network_error' } },
    },
  },
  invariants: {
    // The rule: the reference is never shown without the details it belongs to, nor details without one.
    shown: (s) => (s.context.details !== null && /^MRD/.test(s.context.details.reference)) || 'shown without a reference',
    failed: (s) => s.context.failure !== null || 'failed without saying why',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { open: inLanguage('/inject/fiat', language) },
    ],
    events: {
      RETRY: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).fiatTopUp.retry } }],
    },
    actors: {
      loadDetails: {
        done: (answer) => [{ answer: DETAILS, method: 'GET', times: 1, json: answer }],
        // A lost connection is not retried by the client (server errors are, once).
        error: (error) => [failedCall(DETAILS, error, 'GET')],
      },
    },
    states: {
      shown: (s, language) => {
        const texts = pageTexts(language).fiatTopUp;
        const { accounts, reference, holderName } = s.context.details!;
        if (accounts.length === 0) return { shows: [{ shownText: texts.noAccounts }] };
        const shows = [{ testId: 'fiat-reference' }, { shownText: reference }, { role: 'button', name: texts.print }] as const;
        // Without a name the page asks for it, and never names an e-mail address as the holder.
        return holderName === null
          ? {
              shows: [...shows, { shownText: texts.nameMissing }, { role: 'link', name: texts.addName }],
              hides: [{ shownText: SIGNED_IN.user.email }],
            }
          : { shows: [...shows, { shownText: holderName }] };
      },
      failed: (_, language) => ({ shows: [{ role: 'button', name: pageTexts(language).fiatTopUp.retry }] }),
    },
  },
} satisfies FlowModel<typeof fiatTopUpMachine>;
