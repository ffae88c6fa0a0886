import type { SnapshotFrom } from 'xstate';
import type { PriceAlert } from '../../contract/priceAlerts';
import type { Rate } from '../../contract/rates';
import { priceAlertBody, priceAlertsMachine } from '../../machines/priceAlerts/priceAlerts.machine';
import { priceAlertsView } from '../../machines/priceAlerts/priceAlerts.view';
import type { FlowModel, PageMark } from './graph/model';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts, SIGNED_IN, typedAmount, type PageLanguage } from './graph/page';
import { retriesKeepTheIntent } from './graph/callRules';
import { sessionCookieJar } from './session.model';

type Snapshot = SnapshotFrom<typeof priceAlertsMachine>;

/** The one alert the page lists, whatever was done: the list is read again after each change. */
export const SAMPLE_ALERT: PriceAlert = {
  id: '3b9c1d2e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  asset: 'BTC',
  kind: 'above',
  price: '70000',
  percent: null,
  armed: true,
  lastFiredAt: null,
  createdAt: '2026-03-02T09:00:00.000Z',
};
const CREATED: PriceAlert = { ...SAMPLE_ALERT, id: '4c0d2e3f-5a6b-4c7d-9e8f-0a1b2c3d4e5f', kind: 'move', price: null, percent: '5' };
const RATES: Rate[] = [{ asset: 'BTC', usd: '65000', usdt: '65000', at: '2026-03-02T09:00:00.000Z', stale: false }];

const ALERTS = '**/api/price-alerts';
const ONE_ALERT = '**/api/price-alerts/*';
/** The page's count of alerts, which the submit carries: the one listed. */
const LISTED = 1;

/** The form's problem, the last outcome or the refusal, as the page says them. */
function outcomeShown(s: Snapshot, language: PageLanguage): PageMark[] {
  const texts = pageTexts(language).priceAlerts;
  const view = priceAlertsView(s);
  const failure = view.createFailure ?? view.removeFailure;
  return [
    ...(view.problem ? [{ shownText: texts.problems[view.problem] }] : []),
    ...(failure ? [{ shownText: failureText(language, texts.failures, failure) }] : []),
    ...(view.created ? [{ role: 'status' as const, text: texts.created }] : []),
    ...(view.removed ? [{ role: 'status' as const, text: texts.removed }] : []),
  ];
}

export const priceAlertsModel = {
  // Opened from the profile, no asset named (an account's link names one: tests/price-alerts-view.test.ts).
  inputs: { 'from the profile': {} },
  events: {
    ASSET_CHOSEN: { Ether: { asset: 'ETH' } },
    KIND_CHOSEN: { 'a move in 24 hours': { kind: 'move' }, 'falls below': { kind: 'below' } },
    VALUE_CHANGED: {
      // A price but no percent (above 100), and a figure that is both.
      'seventy thousand': { text: '70000', value: '70000' },
      five: { text: '5', value: '5' },
    },
    SUBMITTED: { 'with room for one more': { alertCount: LISTED }, 'at the limit': { alertCount: 20 } },
    REMOVE_REQUESTED: { 'the alert listed': { alertId: SAMPLE_ALERT.id } },
    REMOVE_CONFIRMED: { confirmed: {} },
    REMOVE_CANCELLED: { 'kept after all': {} },
  },
  actors: {
    createPriceAlert: {
      done: { created: CREATED },
      error: { 'the limit reached in another tab': { code: 'price_alerts_full' }, offline: { code: 'network_error' } },
    },
    removePriceAlert: {
      done: { removed: { alerts: [] } },
      error: { 'removed in another tab': { code: 'price_alert_not_found' }, offline: { code: 'network_error' } },
    },
  },
  // What changes what the flow does or shows: the kind and whether the figure is one, not the asset or the digits.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.draft.kind,
      s.context.draft.text === '' ? 'empty' : priceAlertBody(s.context.draft) ? 'valid' : 'invalid',
      s.context.attempted,
      s.context.action,
      s.context.done,
      s.context.failure?.code ?? null,
    ]),
  calls: {
    // An alert sent again after a lost answer is the same request (the same key) until the form is edited.
    createPriceAlert: retriesKeepTheIntent('createPriceAlert', { endedBy: ['ASSET_CHOSEN', 'KIND_CHOSEN', 'VALUE_CHANGED'] }),
  },
  invariants: {
    // The business rules: nothing but a valid alert is sent, a removal is about an alert, never both outcomes.
    creating: (s) => priceAlertBody(s.context.draft) !== null || 'sends an alert the contract refuses',
    confirmingRemoval: (s) => s.context.alertId !== null || 'asks to remove no alert',
    removing: (s) => s.context.alertId !== null || 'removes no alert',
    ready: (s) => !(s.context.done && s.context.failure) || 'says an action both went through and was refused',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { answer: '**/api/users/me', method: 'GET', json: SIGNED_IN.user },
      { answer: ALERTS, method: 'GET', json: { alerts: [SAMPLE_ALERT] } },
      { answer: '**/api/rates', method: 'GET', json: RATES },
      { open: inLanguage('/alerts', language) },
    ],
    events: {
      ASSET_CHOSEN: ({ asset }, before, language) =>
        before.matches('ready') ? [{ select: { label: pageTexts(language).priceAlerts.asset }, value: asset }] : null,
      KIND_CHOSEN: ({ kind }, before, language) =>
        before.matches('ready') ? [{ select: { label: pageTexts(language).priceAlerts.kind }, value: kind }] : null,
      VALUE_CHANGED: ({ value }, before, language) => {
        const texts = pageTexts(language).priceAlerts;
        // Typing what the field already holds changes nothing on the page.
        if (!before.matches('ready') || before.context.draft.value === value) return null;
        return [
          { fill: { label: before.context.draft.kind === 'move' ? texts.percent : texts.price }, text: typedAmount(language, value) },
        ];
      },
      // The page counts the alerts it lists; a full list is the unit paths' and the server's (its refusal is bound below).
      SUBMITTED: ({ alertCount }, before, language) =>
        before.matches('ready') && alertCount === LISTED
          ? [{ click: { role: 'button', name: pageTexts(language).priceAlerts.create } }]
          : null,
      REMOVE_REQUESTED: (_, before, language) =>
        before.matches('ready') ? [{ click: { role: 'button', name: pageTexts(language).priceAlerts.remove } }] : null,
      REMOVE_CONFIRMED: (_, before, language) =>
        before.matches('confirmingRemoval') ? [{ click: { role: 'button', name: pageTexts(language).priceAlerts.confirmRemove } }] : null,
      REMOVE_CANCELLED: (_, before, language) =>
        before.matches('confirmingRemoval') ? [{ click: { role: 'button', name: pageTexts(language).priceAlerts.keep } }] : null,
    },
    actors: {
      createPriceAlert: {
        done: (output) => [{ answer: ALERTS, method: 'POST', times: 1, status: 201, json: output }],
        error: (error) => [failedCall(ALERTS, error)],
      },
      removePriceAlert: {
        done: (output) => [{ answer: ONE_ALERT, method: 'DELETE', times: 1, json: output }],
        error: (error) => [failedCall(ONE_ALERT, error, 'DELETE')],
      },
    },
    states: {
      ready: (s, language) => ({
        shows: outcomeShown(s, language),
        hides: [{ role: 'dialog', name: pageTexts(language).priceAlerts.confirmTitle }],
      }),
      confirmingRemoval: (_, language) => ({ shows: [{ role: 'dialog', name: pageTexts(language).priceAlerts.confirmTitle }] }),
    },
  },
  notInBrowser: {
    transitions: {
      'ready → ready (stays) (SUBMITTED if atAlertLimit)':
        'The page counts the one alert it lists; twenty would need another list answer mid-path. The unit paths hold the refusal before asking, and the browser shows the server’s same refusal (createPriceAlert failed).',
    },
  },
} satisfies FlowModel<typeof priceAlertsMachine>;
