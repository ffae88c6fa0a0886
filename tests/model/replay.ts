import { expect } from 'vitest';
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectedMicrostepEvent,
} from 'xstate';
import type { ModelledEntry } from '../models/catalog';
import type { CallRule, PathHistoryEntry } from '../models/graph/model';
import { listSteps, readMicrosteps, type FlowPath, type FlowPaths, type FlowStep } from '../models/graph/paths';

/** What the real machine went through on one path. */
export interface Replayed {
  states: Set<string>;
  transitions: Set<number>;
}

interface Settler {
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

/** Lets queued promise callbacks (an actor settling) and the events they send run to completion. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The machine with every actor of its `setup()` replaced by a promise the path settles: a `done` step
 * resolves it with the step's output, an `error` step rejects it. Keyed by the running actor's id, which
 * is the invoke id. Each call is written to `history` with its input, and later with how it settled.
 */
function withDeferredActors(machine: AnyStateMachine, history: PathHistoryEntry[], onCall: (actor: string, input: unknown) => void) {
  const running = new Map<string, Settler>();
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [
      name,
      fromPromise(({ self, input }) => {
        const call: Extract<PathHistoryEntry, { kind: 'call' }> = { kind: 'call', actor: name, input };
        onCall(name, input);
        history.push(call);
        return new Promise((resolve, reject) =>
          running.set(self.id, {
            resolve: (output) => resolve((call.settled = { done: output }).done),
            reject: (error) => reject((call.settled = { error }).error),
          }),
        );
      }),
    ]),
  );
  return { machine: machine.provide({ actors } as never) as AnyStateMachine, running };
}

/**
 * The failure with what a QA lead needs to act on it, said once: every step of the path with the failing
 * one marked, and the state and context the machine was in.
 */
function toldWhere(error: unknown, path: FlowPath, at: number, snapshot: AnyMachineSnapshot): unknown {
  if (!(error instanceof Error)) return error;
  error.message += `\n\nThe path:\n${listSteps(path, at)}\nThe machine: ${JSON.stringify(snapshot.value)} (${snapshot.status})\n  context: ${JSON.stringify(snapshot.context)}`;
  return error;
}

/**
 * Replays a generated path on the real machine — real actor, deferred actors, simulated clock — and
 * checks after every step that it settled where the path says, took the transitions the path says, and
 * that the model's invariants hold in every active state and its call rules on every actor call.
 */
export async function replayPath(entry: ModelledEntry, flow: FlowPaths, path: FlowPath): Promise<Replayed> {
  const history: PathHistoryEntry[] = [];
  const callRules = (entry.model?.calls ?? {}) as Record<string, CallRule<unknown> | undefined>;
  /** Broken call rules, said at the step whose transition made the call. */
  const brokenCalls: string[] = [];
  const { machine, running } = withDeferredActors(entry.machine, history, (actor, input) => {
    const verdict = callRules[actor]?.(input, history) ?? true;
    if (verdict !== true) brokenCalls.push(`${actor} was called with ${JSON.stringify(input)}: ${verdict}`);
  });
  const transitionIndex = new Map(flow.transitions.map((t) => [t.id, t.index]));
  const transitionLabel = (index: number) => flow.transitions[index]!.label;
  const statePath = new Map(flow.states.map((state) => [state.id, state.path]));
  const invariants = (entry.model?.invariants ?? {}) as Record<string, ((snapshot: AnyMachineSnapshot) => true | string) | undefined>;
  const replayed: Replayed = { states: new Set(), transitions: new Set() };

  const microsteps: InspectedMicrostepEvent[] = [];
  const clock = new SimulatedClock();
  /**
   * The timers the machine itself started, by delayed event type: when, and for how long. An `after`
   * transition is a delayed raise of `xstate.after.<delay>.<state>` on entering its state, its delay
   * resolved then from `setup({ delays })` and the context of that moment; leaving the state cancels it.
   */
  const timers = new Map<string, { startedAt: number; ms: number }>();
  const actor = createActor(machine, {
    input: path.input?.value,
    clock,
    inspect: (event) => {
      if (event.type === '@xstate.microstep') microsteps.push(event);
      if (event.type !== '@xstate.action' || event.actorRef !== actor) return;
      const { type, params } = event.action as { type: string; params?: { event?: EventObject; delay?: unknown; sendId?: string } };
      if (type === 'xstate.raise' && typeof params?.delay === 'number' && params.event) {
        timers.set(params.event.type, { startedAt: clock.now(), ms: params.delay });
      } else if (type === 'xstate.cancel' && params?.sendId) {
        timers.delete(params.sendId);
      }
    },
  });
  const ownMicrosteps = (from: number) => microsteps.slice(from).filter((m) => m.actorRef === actor);

  const check = (step: FlowStep, index: number, from: number) => {
    const where = `step ${index}: ${step.label}`;
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    if (snapshot.status === 'error') throw new Error(`${where}\n  the machine stopped with an error: ${String(snapshot.error)}`);
    if (brokenCalls.length > 0) throw new Error(`${where}\n  ${brokenCalls.join('\n  ')}`);
    expect(snapshot.value, `${where}: state`).toEqual(step.snapshot.value);
    expect(snapshot.context, `${where}: context`).toEqual(step.snapshot.context);
    expect(snapshot.status, `${where}: status`).toBe(step.snapshot.status);
    const seen = readMicrosteps(machine, transitionIndex, ownMicrosteps(from), snapshot);
    expect(seen.transitions.map(transitionLabel), `${where}: transitions taken`).toEqual(step.transitions.map(transitionLabel));
    for (const id of seen.visited) replayed.states.add(id);
    for (const t of seen.transitions) replayed.transitions.add(t);
    for (const key of ['*', ...step.states.map((id) => statePath.get(id)!)]) {
      const verdict = invariants[key]?.(snapshot) ?? true;
      if (verdict !== true) throw new Error(`${where}\n  invariant of ${key === '*' ? 'every state' : key}: ${verdict}`);
    }
  };

  let at = 0;
  try {
    actor.start();
    await settle();
    check(path.steps[0]!, 0, 0);
    for (let index = 1; index < path.steps.length; index++) {
      at = index;
      const step = path.steps[index]!;
      const from = microsteps.length;
      const where = `step ${index}: ${step.label}`;
      switch (step.kind) {
        case 'event':
          history.push({ kind: 'event', type: step.event.type, event: step.event });
          actor.send(step.event);
          break;
        case 'done':
        case 'error': {
          const actorRun = running.get(step.actor!);
          if (!actorRun) throw new Error(`${where}\n  the actor ${step.actor} is not running`);
          running.delete(step.actor!);
          const { output, error } = step.event as { output?: unknown; error?: unknown };
          if (step.kind === 'done') actorRun.resolve(output);
          else actorRun.reject(error);
          break;
        }
        case 'after': {
          // Due when the machine's own timer says, however many steps ago its state was entered (a
          // ten-minute expiry counts the seconds a countdown beside it already took).
          const timer = timers.get(step.event.type);
          if (!timer) throw new Error(`${where}\n  no timer for ${step.event.type} is running`);
          const dueIn = timer.startedAt + timer.ms - clock.now();
          // The delay must not fire a millisecond early (nor anything else first), and must fire on time.
          if (dueIn > 0) clock.increment(dueIn - 1);
          expect(ownMicrosteps(from), `${where}: something fired before the ${timer.ms} ms of ${step.delay!.name}`).toEqual([]);
          clock.increment(dueIn > 0 ? 1 : 0);
          break;
        }
      }
      await settle();
      check(step, index, from);
    }
  } catch (error) {
    throw toldWhere(error, path, at, actor.getSnapshot() as AnyMachineSnapshot);
  }
  actor.stop();
  return replayed;
}
