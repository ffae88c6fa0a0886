import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { chatMachine } from './chat.machine';

type Chat = typeof chatMachine;

/** What the chat section of /help shows, and its intents. */
export function connectChat(snapshot: SnapshotFrom<Chat>, send: Send<Chat>) {
  return {
    /** Open chat, with what the chat is for. */
    offered: snapshot.hasTag('offered'),
    busy: snapshot.hasTag('busy'),
    /** The widget did not load: say so. */
    failed: snapshot.hasTag('failed'),
    /** The e-mail address in place of chat. */
    emailOnly: snapshot.hasTag('emailOnly'),
    open: () => send({ type: 'CHAT_REQUESTED' }),
    retry: () => send({ type: 'RETRY_REQUESTED' }),
  };
}
