import type { FlowModel, PageAction } from './graph/model';
import { toFailure } from '../../machines/parts/failure';
import { failedCall, failureText, inLanguage, PAGE_LANGUAGES, pageTexts } from './graph/page';
import { pushMachine } from '../../machines/push/push.machine';
import { sessionCookieJar } from './session.model';

const CONFIG = '**/api/push/config';
const SUBSCRIPTIONS = '**/api/push/subscriptions';

/** The server's runtime configuration with Web Push on (a P-256 public key, as the server serves its VAPID key). */
const WEB_PUSH: PageAction = {
  answer: CONFIG,
  method: 'GET',
  json: { mode: 'webpush', vapidPublicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM' },
};

/** The page's answers when push works here and the browser has not been asked yet: the page explains first. */
export const pushAsksFirst: PageAction[] = [WEB_PUSH, { notifications: { permission: 'default' } }];

export const pushModel = {
  events: {
    ENABLE_PRESSED: { 'turn on': {} },
    SKIPPED: { 'not now': {} },
    RETRIED: { 'try again': {} },
    CONTINUED: { continue: {} },
  },
  actors: {
    loadPushSetup: {
      done: {
        'push here, not asked yet': { available: true, permission: 'default' },
        'allowed before': { available: true, permission: 'granted' },
        'blocked before': { available: true, permission: 'denied' },
        'push off, unsupported or its SDK failed to load': { available: false, permission: 'default' },
      },
      error: { 'configuration unreadable': { code: 'network_error' } },
    },
    askPermission: {
      done: { allowed: 'granted', blocked: 'denied', 'prompt dismissed': 'default' },
      error: { 'no prompt': { code: 'unknown' } },
    },
    subscribe: {
      done: { subscribed: undefined },
      error: { offline: { code: 'network_error' }, 'the browser refuses': { code: 'push_subscribe_failed' } },
    },
  },
  invariants: {
    failed: (s) => s.context.failure !== null || 'not subscribed, without saying why',
    enabled: (s) => s.context.failure === null || 'on, yet showing a failure',
    done: (s) => s.status === 'done' || 'home, but the flow still runs',
  },
  browser: {
    chainPaths: true,
    languages: PAGE_LANGUAGES,
    start: (_, language) => [
      sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }),
      { open: inLanguage('/onboarding/push-notifications', language) },
    ],
    events: {
      ENABLE_PRESSED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).push.enable } }],
      SKIPPED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).push.notNow } }],
      RETRIED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).push.tryAgain } }],
      CONTINUED: (_, __, language) => [{ click: { role: 'button', name: pageTexts(language).push.continue } }],
    },
    actors: {
      loadPushSetup: {
        done: ({ available, permission }) =>
          available ? [WEB_PUSH, { notifications: { permission } }] : [{ answer: CONFIG, method: 'GET', json: { mode: 'off' } }],
        error: (error) => [failedCall(CONFIG, error, 'GET')],
      },
      askPermission: {
        done: (answer) => [{ notifications: { prompt: answer } }],
        error: () => [{ notifications: { prompt: 'fails' } }],
      },
      subscribe: {
        done: () => [WEB_PUSH, { notifications: { subscribe: 'answers' } }, { answer: SUBSCRIPTIONS, method: 'POST', json: { ok: true } }],
        // The browser refusing the subscription, or the server not storing it.
        error: (error) =>
          toFailure(error).code === 'push_subscribe_failed'
            ? [WEB_PUSH, { notifications: { subscribe: 'refuses' } }]
            : [WEB_PUSH, { notifications: { subscribe: 'answers' } }, failedCall(SUBSCRIPTIONS, error)],
      },
    },
    states: {
      failed: (s, language) => {
        const failure = s.context.failure!;
        const texts = pageTexts(language).push;
        return {
          shows: [{ shownText: failure.code === 'push_subscribe_failed' ? texts.failedDevice : failureText(language, {}, failure) }],
        };
      },
      done: (_, language) => ({ url: inLanguage('/', language) }),
    },
  },
} satisfies FlowModel<typeof pushMachine>;
