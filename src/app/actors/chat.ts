import { fromPromise } from 'xstate';
import { profileApi } from '../../api/profile';
import type { chatMachine } from '../../../machines/chat/chat.machine';
import { openChatWidget } from '../../platform/chatWidget';
import type { FlowHost } from './host';
import { unwrap } from './unwrap';

/** The chat widget the server's runtime configuration names, opened in the language of the page. */
export function chatActors(host: FlowHost) {
  return {
    actors: {
      loadChatConfig: fromPromise(() => unwrap(profileApi(host.client).getChatWidget({ retry: false }))),
      openWidget: fromPromise(({ input }) => openChatWidget(input.widget, host.currentLocale())),
    },
  } satisfies Parameters<typeof chatMachine.provide>[0];
}
