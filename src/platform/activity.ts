/**
 * Tabs of the app tell each other when the customer does something (a request the customer made), so
 * a tab left in the background does not ask “Stay signed in?” while the customer works in another. The
 * message is a bare timestamp: nothing secret crosses.
 */
export const ACTIVITY_CHANNEL = 'meridian-activity';

export interface ActivityChannel {
  /** Tells the other tabs. */
  announce(): void;
  close(): void;
}

export function openActivityChannel(onOtherTab: () => void): ActivityChannel {
  if (typeof BroadcastChannel === 'undefined') return { announce() {}, close() {} };
  const channel = new BroadcastChannel(ACTIVITY_CHANNEL);
  channel.onmessage = () => onOtherTab();
  return {
    announce: () => channel.postMessage({ at: Date.now() }),
    close: () => channel.close(),
  };
}
