import { chatMachine, type ChatWidget } from '../../machines/chat/chat.machine';
import type { FlowModel } from './graph/model';
import { failedCall, inLanguage, PAGE_LANGUAGES, pageTexts, type PageLanguage } from './graph/page';
import { sessionCookieJar } from './session.model';

const CONFIG = '**/api/support/chat-widget';
/** The widget's script; in the browser on the app's own origin, which the CSP admits ('self'), whatever the test server's port. */
const SCRIPT = '/model-chat-widget.js';
const WIDGET: ChatWidget = { scriptUrl: `https://chat.example${SCRIPT}`, siteId: 'site-42' };

/** A stand-in for the vendor's script: one window saying which site and language it was opened with. */
const WIDGET_SOURCE = `window.meridianChatWidget = {
  open({ siteId, language }) {
    const box = document.querySelector('[data-testid="model-chat"]') ?? document.body.appendChild(document.createElement('aside'));
    box.dataset.testid = 'model-chat';
    box.setAttribute('aria-label', 'Chat');
    box.textContent = 'chat ' + siteId + ' ' + language;
  },
};`;

const texts = (language: PageLanguage) => pageTexts(language).chat;
const openChat = (language: PageLanguage) => ({ role: 'button', name: texts(language).open }) as const;
const retry = (language: PageLanguage) => ({ role: 'button', name: texts(language).retry }) as const;
const email = { role: 'link', name: 'support@meridian.test' } as const;

export const chatModel = {
  events: { CHAT_REQUESTED: { 'open chat': {} }, RETRY_REQUESTED: { 'try again': {} } },
  actors: {
    loadChatConfig: {
      done: { 'a widget configured': { chat: WIDGET }, 'no widget': { chat: null } },
      error: { offline: { code: 'network_error' } },
    },
    openWidget: { done: { opened: undefined }, error: { 'the script does not load': new Error('chat widget script did not load') } },
  },
  invariants: {
    offered: (s) => s.context.widget !== null || 'chat offered without a widget',
    loadingWidget: (s) => s.context.widget !== null || 'loading no widget',
  },
  browser: {
    languages: PAGE_LANGUAGES,
    start: (_, language) => [sessionCookieJar({ hasAuthToken: true, hasRefreshToken: true }), { open: inLanguage('/help', language) }],
    events: {
      CHAT_REQUESTED: (_, __, language) => [{ click: openChat(language) }],
      RETRY_REQUESTED: (_, __, language) => [{ click: retry(language) }],
    },
    actors: {
      loadChatConfig: {
        done: (config) => [{ answer: CONFIG, method: 'GET', json: config.chat ? { chat: { ...config.chat, scriptUrl: SCRIPT } } : config }],
        error: (error) => [failedCall(CONFIG, error, 'GET')],
      },
      openWidget: {
        done: () => [{ answer: `**${SCRIPT}`, script: WIDGET_SOURCE }],
        error: () => [{ answer: `**${SCRIPT}`, offline: true }],
      },
    },
    states: {
      offered: (_, language) => ({ shows: [openChat(language)], hides: [email, retry(language), { testId: 'model-chat' }] }),
      open: (_, language) => ({ shows: [openChat(language), { testId: 'model-chat' }], hides: [email, retry(language)] }),
      unavailable: (_, language) => ({
        shows: [email],
        hides: [openChat(language), retry(language), { role: 'alert', text: texts(language).failed }],
      }),
      failed: (_, language) => ({
        shows: [email, retry(language), { role: 'alert', text: texts(language).failed }],
        hides: [openChat(language)],
      }),
    },
  },
} satisfies FlowModel<typeof chatMachine>;
