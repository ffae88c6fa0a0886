import type { Card } from '../../contract/cards';
import { activateCardMachine } from '../../machines/activateCard/activateCard.machine';
import { card } from './cardControls.model';
import { failureText, pageTexts, type PageLanguage } from './graph/page';
import { cardsPage } from './issueCard.model';
import { writeModel } from './write.model';

const shipped: Card = { ...card, form: 'physical', status: 'shipped' };

const activate = (language: PageLanguage) => ({ role: 'button' as const, name: pageTexts(language).cards.activate });

export const activateCardModel = writeModel(activateCardMachine, {
  inputs: { 'the shipped card': { cardId: shipped.id } },
  done: { activated: { ...shipped, status: 'active' } },
  errors: { 'not shipped yet': { code: 'card_not_shipped' }, offline: { code: 'network_error' } },
  browser: {
    // The list read again still says shipped, so the button stays for the paths that go on.
    start: (language) => cardsPage([shipped], language),
    request: { url: `**/api/cards/${shipped.id}/activate`, method: 'POST' },
    submit: (_, __, language) => [{ click: activate(language) }],
    states: {
      editing: (_, language) => ({ shows: [activate(language)] }),
      done: (_, language) => ({ shows: [activate(language)] }),
      failed: (s, language) => ({ shows: [{ shownText: failureText(language, pageTexts(language).cards.errors, s.context.failure!) }] }),
    },
  },
});
