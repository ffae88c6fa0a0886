import type { SnapshotFrom } from 'xstate';
import type { Card, CardCredit } from '../../contract/cards';
import type { FlowModel, PageAction, PageExpectation } from './graph/model';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, type PageLanguage } from './graph/page';
import { cardControlsMachine } from '../../machines/cardControls/cardControls.machine';
import { sessionCookieJar } from './session.model';
import { STEP_UP_OUTCOMES, stepUpInBrowser } from './stepUp.model';

type Snapshot = SnapshotFrom<typeof cardControlsMachine>;

export const card: Card = {
  id: '6f1c1c9e-4a51-4f0e-9d1a-3c1f1a2b3c4d',
  accountId: '0b5f2a8e-2d5c-4d9b-8a55-5b2f8c1d9e10',
  form: 'virtual',
  status: 'active',
  frozen: false,
  last4: '4242',
  expiryMonth: 3,
  expiryYear: 2029,
  dailyLimit: '1000.00',
  monthlyLimit: '5000.00',
  spentToday: '0.00',
  spentThisMonth: '0.00',
  online: true,
  contactless: true,
  createdAt: '2026-03-02T09:00:00.000Z',
};

/** The card's account as /card-accounts/cards loads it first (the one, so the chosen one). */
export const cardCredit: CardCredit = {
  id: card.accountId,
  currency: 'EUR',
  name: 'Meridian card',
  collateralValue: '40000.00',
  creditLimit: '20000.00',
  used: '0.00',
  available: '20000.00',
  ltv: null,
  ltvLevel: 'none',
  stale: false,
  createdAt: '2026-03-02T09:00:00.000Z',
};

const CARD_CALL = (action: 'freeze' | 'unfreeze' | 'controls' | 'reveal') => `**/api/cards/${card.id}/${action}`;

/** The card's panel: the number masked or shown, frozen said in words, and the failure in the page's words. */
function panel(s: Snapshot, language: PageLanguage): PageExpectation {
  const texts = pageTexts(language).cards;
  const { card: shown, secrets, failure } = s.context;
  const frozen = { testId: 'card-frozen' };
  // One status at a time: "Frozen" replaces the lifecycle badge ("Active") rather than sitting beside it.
  const status = { testId: 'card-status' };
  return {
    shows: [
      secrets ? { shownText: secrets.number.replace(/(\d{4})(?=\d)/g, '$1 ') } : { shownText: `•••• ${shown.last4}` },
      ...(secrets ? [{ shownText: secrets.cvv }] : []),
      { role: 'button' as const, name: shown.frozen ? texts.unfreeze : texts.freeze },
      ...(shown.frozen ? [frozen] : [status]),
      ...(failure ? [{ shownText: failureText(language, texts.errors, failure) }] : []),
    ],
    hides: [...(shown.frozen ? [status] : [frozen]), ...(secrets ? [] : [{ testId: 'card-cvv' }])],
  };
}

const answered = (url: string, json: unknown): PageAction[] => [{ answer: url, method: 'POST', times: 1, json }];

export const cardControlsModel = {
  inputs: { 'an active virtual card': { card } },
  events: {
    FREEZE_TOGGLED: { 'freeze or unfreeze': {} },
    REVEAL_REQUESTED: { 'show the details': {} },
    HIDE_REQUESTED: { hide: {} },
    CONTROLS_SUBMITTED: {
      'online off': { controls: { online: false } },
      'new limits': { controls: { dailyLimit: '200', monthlyLimit: '900' } },
    },
  },
  actors: {
    setFrozen: { done: { frozen: { ...card, frozen: true } }, error: { offline: { code: 'network_error' } } },
    updateControls: {
      done: { saved: { ...card, online: false } },
      error: { 'limits refused': { code: 'card_limits_invalid' } },
    },
    stepUp: { done: STEP_UP_OUTCOMES },
    revealCard: {
      done: { revealed: { number: '4000001234567899', cvv: '123', expiryMonth: 3, expiryYear: 2029 } },
      error: { 'grant ran out': { code: 'step_up_required' }, offline: { code: 'network_error' } },
    },
  },
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.card.frozen, s.context.card.online, s.context.secrets !== null, s.context.failure?.code ?? null]),
  invariants: {
    // The business rules: the secrets exist only while shown, and are shown only after a step-up's reveal.
    '*': (s) => s.context.secrets === null || s.hasTag('revealed') || 'card secrets kept outside the revealed state',
    revealed: (s) => s.context.secrets !== null || 'revealed without the secrets',
    idle: (s) => s.context.secrets === null || 'the number is still held after hiding',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    // /card-accounts/cards with the one card account and this card; the page's clock is paused once the
    // details are shown, so their 30 seconds pass only in the `after` step.
    start: ({ card: shown }, language) => [
      { clock: 'install' },
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/card-accounts', method: 'GET', json: [cardCredit] },
      { answer: `**/api/card-accounts/${shown.accountId}/cards`, method: 'GET', json: [shown] },
      { open: inLanguage('/card-accounts/cards', language) },
    ],
    events: {
      FREEZE_TOGGLED: (_, before, language) => {
        const texts = pageTexts(language).cards;
        return [{ click: { role: 'button', name: before.context.card.frozen ? texts.unfreeze : texts.freeze } }];
      },
      REVEAL_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).cards.reveal } }],
      HIDE_REQUESTED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).cards.hide } }],
      CONTROLS_SUBMITTED: ({ controls }, before, language) => {
        const texts = pageTexts(language).cards;
        if (controls.online !== undefined) {
          // A switch saves at once: only a change of it is a submission.
          return controls.online === before.context.card.online ? null : [{ click: { label: texts.online } }];
        }
        return [
          { fill: { label: texts.dailyLimit }, text: controls.dailyLimit! },
          { fill: { label: texts.monthlyLimit }, text: controls.monthlyLimit! },
          { click: { role: 'button', name: texts.saveLimits } },
        ];
      },
    },
    actors: {
      setFrozen: {
        done: (output, before) => answered(CARD_CALL(before.context.card.frozen ? 'unfreeze' : 'freeze'), output),
        error: (error, before) => [failedCall(CARD_CALL(before.context.card.frozen ? 'unfreeze' : 'freeze'), error)],
      },
      updateControls: {
        done: (output) => answered(CARD_CALL('controls'), output),
        error: (error) => [failedCall(CARD_CALL('controls'), error)],
      },
      stepUp: { done: (output, _, language) => stepUpInBrowser('card.reveal', output, language) },
      revealCard: {
        done: (output) => [{ clock: 'pause' }, ...answered(CARD_CALL('reveal'), output)],
        error: (error) => [failedCall(CARD_CALL('reveal'), error)],
      },
    },
    delays: { REVEAL_VISIBLE: (ms) => [{ runClock: ms }] },
    states: { idle: panel, revealed: panel },
  },
} satisfies FlowModel<typeof cardControlsMachine>;
