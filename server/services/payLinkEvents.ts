import type { Database } from '../db/database';

/** The channel a paid or cancelled link is announced on; the payload is its hash. */
export const PAY_LINK_CHANNEL = 'pay_links';

export type Listen = Database['listen'];

/**
 * Changes of pay links as they happen, on whichever server instance made them: the change's own
 * transaction sends `NOTIFY pay_links, '<hash>'` (delivered at commit, never for a rollback), and each
 * instance LISTENs on one connection while at least one of its streams is open, fanning out by hash.
 * Without `listen` (nothing to subscribe to) streams still answer the status and the app polls.
 */
export function createPayLinkEvents(listen: Listen | undefined) {
  const watchers = new Map<string, Set<() => void>>();
  let listening: Promise<(() => Promise<void>) | null> | null = null;

  const deliver = (hash: string) => {
    for (const watcher of watchers.get(hash) ?? []) watcher();
  };

  function start() {
    // A failed LISTEN leaves the streams to the app's polling; the next first subscriber tries again.
    listening ??= listen ? listen(PAY_LINK_CHANNEL, deliver).catch(() => (listening = null)) : Promise.resolve(null);
    return listening;
  }

  async function stopWhenUnwatched() {
    if (watchers.size > 0 || !listening) return;
    const current = listening;
    listening = null;
    await (
      await current
    )?.();
  }

  /** Calls `onChange` whenever the link may have changed; resolves, once listening, to the unsubscribe. */
  async function subscribe(hash: string, onChange: () => void): Promise<() => void> {
    const set = watchers.get(hash) ?? new Set();
    set.add(onChange);
    watchers.set(hash, set);
    await start();
    return () => {
      set.delete(onChange);
      if (set.size === 0) watchers.delete(hash);
      void stopWhenUnwatched();
    };
  }

  return { subscribe };
}

export type PayLinkEvents = ReturnType<typeof createPayLinkEvents>;
