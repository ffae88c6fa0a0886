import { assign, setup } from 'xstate';
import type { ChatWidgetConfig } from '../../contract/support';
import { unprovided } from '../parts/unprovided';

/** The widget the server names: its script and site id. */
export type ChatWidget = NonNullable<ChatWidgetConfig['chat']>;

type ChatEvent =
  /** "Open chat" (again, after the customer closed the widget's window). */
  | { type: 'CHAT_REQUESTED' }
  /** "Try again" after the widget did not load. */
  | { type: 'RETRY_REQUESTED' };

interface ChatContext {
  widget: ChatWidget | null;
}

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
  },
  actors: {
    /** GET /support/chat-widget: the runtime configuration, `chat: null` when no widget is configured. */
    loadChatConfig: unprovided<ChatWidgetConfig>('loadChatConfig'),
    /** Loads the widget's script once (lazily, never before the customer asks) and opens it in the page's language. */
    openWidget: unprovided<void, { widget: ChatWidget }>('openWidget'),
  },
  guards: {
    configured: ({ event }) => 'output' in event && (event.output as ChatWidgetConfig).chat !== null,
  },
}).createMachine({
  id: 'chat',
  description:
    'The chat section of /help: the third-party web-chat widget when the server’s runtime configuration names one, its script loaded only when the customer opens chat; no widget, or one that does not load, offers e-mail instead.',
  context: { widget: null },
  initial: 'checking',
  states: {
    checking: {
      description: 'Does this server name a chat widget?',
      tags: ['loading'],
      invoke: {
        id: 'loadChatConfig',
        src: 'loadChatConfig',
        onDone: [
          {
            guard: 'configured',
            target: 'offered',
            actions: assign({ widget: ({ event }) => event.output.chat }),
            description: 'A widget is configured: offer it, loading nothing yet.',
          },
          { target: 'unavailable', description: 'No widget configured: e-mail.' },
        ],
        onError: { target: 'unavailable', description: 'The configuration could not be read: e-mail, so help stays reachable.' },
      },
    },
    offered: {
      description: 'What the chat is for, and Open chat.',
      tags: ['offered'],
      meta: { route: '/help' },
      on: { CHAT_REQUESTED: { target: 'loadingWidget', description: 'The customer asked for chat: the chat widget loads.' } },
    },
    loadingWidget: {
      description: 'The widget’s script loads (the first time) and opens its window.',
      tags: ['offered', 'busy'],
      invoke: {
        id: 'openWidget',
        src: 'openWidget',
        input: ({ context }) => ({ widget: context.widget! }),
        onDone: { target: 'open', description: 'The widget loaded: the chat window opens.' },
        onError: { target: 'failed', description: 'The script did not load, set up no widget, or took too long.' },
      },
    },
    open: {
      description: 'The widget’s window shows; Open chat brings it back once closed.',
      tags: ['offered'],
      meta: { route: '/help' },
      on: { CHAT_REQUESTED: { target: 'loadingWidget', description: 'The customer asked for chat again: the widget loads anew.' } },
    },
    unavailable: {
      description: 'No chat on this server: the e-mail address.',
      tags: ['emailOnly'],
      meta: { route: '/help' },
    },
    failed: {
      description: 'The chat could not be opened: says so, offers to try again, and the e-mail address instead.',
      tags: ['emailOnly', 'failed'],
      meta: { route: '/help' },
      on: {
        RETRY_REQUESTED: {
          target: 'loadingWidget',
          description: 'Try again: the script is requested anew (a failed load is not remembered), e.g. once back online.',
        },
      },
    },
  },
});
