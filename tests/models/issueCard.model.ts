import type { Card } from '../../contract/cards';
import { card, cardCredit } from './cardControls.model';
import { failureText, inLanguage, pageTexts, type PageLanguage } from './graph/page';
import { issueCardMachine } from '../../machines/issueCard/issueCard.machine';
import { sessionCookieJar } from './session.model';
import { writeModel } from './write.model';

/** The card account with its cards, on /card-accounts/cards. */
export const cardsPage = (cards: Card[], language: PageLanguage) => [
  sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
  { answer: '**/api/card-accounts', method: 'GET', json: [cardCredit] },
  { answer: `**/api/card-accounts/${cardCredit.id}/cards`, method: 'GET', json: cards },
  { open: inLanguage('/card-accounts/cards', language) },
];

const addVirtual = (language: PageLanguage) => ({ role: 'button' as const, name: pageTexts(language).cards.issue.virtual });

export const issueCardModel = writeModel(issueCardMachine, {
  inputs: {
    'a virtual card': { accountId: cardCredit.id, form: 'virtual' },
    'a physical card': { accountId: cardCredit.id, form: 'physical' },
  },
  done: { issued: card },
  errors: { 'the most cards already': { code: 'cards_limit_reached' }, offline: { code: 'network_error' } },
  browser: {
    // No card yet (the list stays empty when read again): both buttons stay.
    start: (language) => cardsPage([], language),
    request: { url: `**/api/card-accounts/${cardCredit.id}/cards`, method: 'POST' },
    submit: ({ form }, _, language) => {
      const texts = pageTexts(language).cards.issue;
      return [{ click: { role: 'button', name: form === 'virtual' ? texts.virtual : texts.physical } }];
    },
    states: {
      editing: (_, language) => ({ shows: [addVirtual(language)] }),
      done: (_, language) => ({ shows: [addVirtual(language)] }),
      failed: (s, language) => ({ shows: [{ shownText: failureText(language, pageTexts(language).cards.errors, s.context.failure!) }] }),
    },
  },
});
