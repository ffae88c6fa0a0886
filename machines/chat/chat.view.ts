import type { SnapshotFrom } from 'xstate';
import type { chatMachine } from './chat.machine';

/** What the chat section of /help shows. */
export function chatView(snapshot: SnapshotFrom<typeof chatMachine>) {
  return {
    /** Open chat, with what the chat is for. */
    offered: snapshot.hasTag('offered'),
    busy: snapshot.hasTag('busy'),
    /** The widget did not load: say so. */
    failed: snapshot.hasTag('failed'),
    /** The e-mail address in place of chat. */
    emailOnly: snapshot.hasTag('emailOnly'),
  };
}
