import { endpoint } from './define';
import { chatWidgetSchema } from '../support';

/** Customer support: how the help page offers chat. */
export const supportEndpoints = {
  getChatWidget: endpoint('GET', '/support/chat-widget', undefined, chatWidgetSchema, {
    summary: 'The web-chat widget this server is configured with (script URL and site id), or `chat: null`.',
    auth: 'none',
  }),
};
