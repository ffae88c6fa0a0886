import type { ActorRefLike, AnyActorRef, InspectionEvent, Observer } from 'xstate';
import { INSPECT_CHANNEL, isLiveMessage, type LiveActor, type LiveStep } from '../flows/live';
import { deferredObserver } from './deferredObserver';
import { maskSecrets } from './mask';

/** Steps kept for an explorer that opens later (another tab, or /flows after the flow in this one). */
const KEPT_STEPS = 500;

/**
 * Development and demo mode only (main.tsx loads this module lazily then, so no other page loads it):
 * XState's `inspect` observer for every actor the app starts, screen flows included.
 *
 * - Every machine actor's step (its event, masked, who sent it, and the state it reached) goes out on
 *   the `meridian-inspect` BroadcastChannel for the flow explorer at /flows in any tab of this origin.
 * - `?inspect=stately` also loads `@statelyai/inspect` (opens stately.ai, needs the internet), with
 *   tokens, codes, challenges, passwords and secrets masked in context and events before they leave.
 */
export function createLiveInspector(search: string, log: (message: string, error?: unknown) => void): Observer<InspectionEvent> {
  const tab = Math.random().toString(36).slice(2, 8);
  const kept: LiveStep[] = [];
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(INSPECT_CHANNEL) : null;
  const post = (step: LiveStep) => {
    try {
      channel?.postMessage(step);
    } catch (error) {
      log('Live inspection could not post a step', error);
    }
  };
  channel?.addEventListener('message', (message: MessageEvent<unknown>) => {
    if (isLiveMessage(message.data) && message.data.kind === 'hello') kept.forEach(post);
  });

  const sinks: Observer<InspectionEvent>[] = [];
  if (new URLSearchParams(search).get('inspect') === 'stately') {
    sinks.push(
      deferredObserver(
        import('@statelyai/inspect').then(
          ({ createBrowserInspector }) =>
            createBrowserInspector({
              sanitizeContext: (context) => maskSecrets(context),
              sanitizeEvent: (event) => maskSecrets(event),
              // Last line of defence: whatever else the event carries (snapshots of child actors, output).
              serialize: (event) => maskSecrets(event),
            }).inspect,
        ),
        log,
      ),
    );
  }

  // Who sent the event an actor is taking: XState reports the event, then the snapshot it led to.
  const senders = new Map<string, LiveStep['source']>();
  let seq = 0;
  return {
    next(event) {
      if (event.type === '@xstate.event' && event.actorRef) {
        const source = event.sourceRef as AnyActorRef | undefined;
        senders.set(event.actorRef.sessionId, source ? { id: `${tab}/${source.sessionId}`, name: machineIdOf(source) ?? source.id } : null);
      }
      if (event.type === '@xstate.snapshot') {
        const actor = liveActor(tab, event.actorRef as AnyActorRef);
        const snapshot = event.snapshot as { value?: unknown; status?: string; output?: unknown; error?: unknown };
        if (actor && snapshot.value !== undefined) {
          const status = snapshot.status ?? 'active';
          const step: LiveStep = {
            kind: 'step',
            tab,
            seq: seq++,
            at: Date.now(),
            actor,
            source: senders.get(event.actorRef.sessionId) ?? null,
            event: maskSecrets(event.event) as LiveStep['event'],
            value: snapshot.value,
            status,
            ...(status === 'done'
              ? { outcome: maskSecrets(snapshot.output) }
              : status === 'error'
                ? { outcome: String(snapshot.error) }
                : {}),
          };
          senders.delete(event.actorRef.sessionId);
          if (kept.push(step) > KEPT_STEPS) kept.shift();
          post(step);
        }
      }
      for (const sink of sinks) sink.next?.(event);
    },
  };
}

/** The actor as the explorer names it, when it runs a state machine (not a promise or callback actor). */
function liveActor(tab: string, actor: AnyActorRef): LiveActor | null {
  const machineId = machineIdOf(actor);
  if (!machineId) return null;
  const parent = (actor as { _parent?: AnyActorRef })._parent;
  return { id: `${tab}/${actor.sessionId}`, machineId, parentId: parent ? `${tab}/${parent.sessionId}` : null };
}

/** The id of the machine an actor runs, when it is a state machine. */
function machineIdOf(actor: ActorRefLike): string | null {
  const logic = (actor as { logic?: { root?: unknown; id?: unknown } }).logic;
  return logic && logic.root && typeof logic.id === 'string' ? logic.id : null;
}
