import { fromCallback } from 'xstate';
import type { ConnectionEvent } from '../../../machines/parts/quoteClock';
import type { AppSystem } from '../system';

/**
 * The quote clock's `watchConnection` (machines/parts/quoteClock.ts): tells a flow the app's connection — the
 * app machine's `offline` state, the one the shell's notice shows — at its start when offline, then each change.
 */
export function watchConnection({ app }: Pick<AppSystem, 'app'>) {
  return fromCallback<ConnectionEvent>(({ sendBack }) => {
    let offline = false;
    const follow = (snapshot: ReturnType<AppSystem['app']['getSnapshot']>) => {
      if (snapshot.hasTag('offline') === offline) return;
      offline = !offline;
      sendBack({ type: offline ? 'CONNECTION_LOST' : 'CONNECTION_BACK' });
    };
    follow(app.getSnapshot());
    const subscription = app.subscribe(follow);
    return () => subscription.unsubscribe();
  });
}
