import type { ActorRefLike, InspectionEvent, Observer } from 'xstate';
import { INSPECT_CHANNEL, isLiveMessage, type LiveSnapshot } from '../flows/live';
import { maskSecrets } from './mask';

/**
 * Development only (main.tsx imports this module behind `import.meta.env.DEV`, so production bundles
 * never contain it): XState's `inspect` observer for the app's actors.
 *
 * - Every machine actor's snapshot goes out on the `meridian-inspect` BroadcastChannel (state value,
 *   status and event type only) for the flow explorer at /flows in any tab of this origin.
 * - `?inspect=stately` also loads `@statelyai/inspect` (opens stately.ai, needs the internet), with
 *   tokens, codes, challenges, passwords and secrets masked in context and events before they leave.
 */
export function createDevInspector(search: string, log: (message: string, error?: unknown) => void): Observer<InspectionEvent> {
  const tab = Math.random().toString(36).slice(2, 8);
  const latest = new Map<string, LiveSnapshot>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(INSPECT_CHANNEL) : null;
  channel?.addEventListener('message', (message: MessageEvent<unknown>) => {
    if (isLiveMessage(message.data) && message.data.kind === 'hello') {
      for (const snapshot of latest.values()) channel.postMessage(snapshot);
    }
  });

  const sinks: Observer<InspectionEvent>[] = [];
  if (new URLSearchParams(search).get('inspect') === 'stately') {
    // The inspector loads asynchronously; keep what happens meanwhile and replay it.
    const pending: InspectionEvent[] = [];
    const buffer: Observer<InspectionEvent> = { next: (event) => void pending.push(event) };
    sinks.push(buffer);
    import('@statelyai/inspect')
      .then(({ createBrowserInspector }) => {
        const inspector = createBrowserInspector({
          sanitizeContext: (context) => maskSecrets(context),
          sanitizeEvent: (event) => maskSecrets(event),
          // Last line of defence: whatever else the event carries (snapshots of child actors, output).
          serialize: (event) => maskSecrets(event),
        });
        sinks.splice(sinks.indexOf(buffer), 1, inspector.inspect);
        for (const event of pending.splice(0)) inspector.inspect.next?.(event);
      })
      .catch((error: unknown) => log('The Stately inspector could not be loaded', error));
  }

  return {
    next(event) {
      if (event.type === '@xstate.snapshot') {
        const machineId = machineIdOf(event.actorRef);
        const snapshot = event.snapshot as { value?: unknown; status?: string };
        if (machineId && snapshot.value !== undefined) {
          const message: LiveSnapshot = {
            kind: 'snapshot',
            tab,
            machineId,
            value: snapshot.value,
            status: snapshot.status ?? 'active',
            event: event.event.type,
            at: Date.now(),
          };
          latest.set(machineId, message);
          try {
            channel?.postMessage(message);
          } catch (error) {
            log('Live inspection could not post a snapshot', error);
          }
        }
      }
      for (const sink of sinks) sink.next?.(event);
    },
  };
}

/** The id of the machine an actor runs, when it is a state machine (not a promise or callback actor). */
function machineIdOf(actor: ActorRefLike): string | null {
  const logic = (actor as { logic?: { root?: unknown; id?: unknown } }).logic;
  return logic && logic.root && typeof logic.id === 'string' ? logic.id : null;
}
