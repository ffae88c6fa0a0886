import {
  createEmptyActor,
  getStateNodes as activeStateNodes,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectedMicrostepEvent,
} from 'xstate';
import { getAdjacencyMap, getStateNodes as descendantStateNodes, type AdjacencyValue } from 'xstate/graph';
import type { ModelledEntry } from '../catalog';
import type { AnyFlowModel, PageAction, PageExpectation, PageMark, StateMeta } from './model';
import type { PageLanguage } from './page';

/*
 * Path generation for the model-based tests and the flow explorer. Pure: xstate only, no Node or DOM APIs.
 *
 * `xstate/graph` walks the machine with the model's fixtures as events (the synthesized
 * `xstate.done.actor.<id>`, `xstate.error.actor.<id>` and `xstate.after.<delay>.<state>` included). Every
 * edge of that graph, appended to the shortest path to its source, is a candidate path; a greedy set cover
 * then keeps the fewest candidates that together reach every state, take every transition and use every
 * fixture (browser paths: every state and transition the bindings reach, not every fixture). `always`
 * transitions are not edges of the graph, so each candidate is replayed step by step with an inspected
 * actor scope to learn which transitions (always branches included) each step takes.
 */

export type StepKind = 'start' | 'event' | 'done' | 'error' | 'after';

export interface FlowStep {
  /** What happened, as a reader says it: `NAVIGATED (signed out, /accounts)`, `lookupRouteRules done (no rule)`. */
  label: string;
  kind: StepKind;
  /** The event the machine receives; `xstate.init` for the start. */
  event: EventObject;
  /** The invoke id, for `done` and `error` steps. */
  actor?: string;
  /** For `after` steps: the delay's name (or number) and its length. */
  delay?: { name: string; ms: number };
  /** The machine's snapshot once the step has settled: what a replay must find. */
  snapshot: AnyMachineSnapshot;
  /** Ids of the active states once settled (the root left out). */
  states: string[];
  /** Ids of every state the step passed through, the ones left at once by `always` included. */
  visited: string[];
  /** Indices into `FlowPaths.transitions` of the transitions taken, in order. */
  transitions: number[];
}

export interface FlowPath {
  /** Unique within the flow; the test's name (a number and the first and last steps; `steps` has them all). */
  name: string;
  origin: 'generated' | 'journey';
  /** The input fixture the machine starts with, if the model has inputs. */
  input: { name: string; value: unknown } | null;
  /** `steps[0]` is the start. */
  steps: FlowStep[];
}

export interface FlowStateInfo {
  id: string;
  /** Dotted path from the root, as model invariants and bindings name states. */
  path: string;
  description: string | null;
  /** How the page shows the state (`meta.view`), for the browser model tests. */
  view: PageMark | null;
}

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface FlowTransitionInfo {
  /** Position in document order (each state node, root first, its `on`/invoke/`after` transitions, then `always`). */
  index: number;
  /** `<source id>:<event type or "always">:<position among the source's transitions for that event>`. */
  id: string;
  source: string;
  kind: TransitionKind;
  eventType: string;
  guard: string | null;
  /** Target state ids; empty when the transition only runs actions. */
  targets: string[];
  description: string | null;
  /** `checkingAccess → redirecting (always if isGuestPageWhileSignedIn)`. */
  label: string;
}

export interface FlowPaths {
  id: string;
  /** Every state but the root. */
  states: FlowStateInfo[];
  transitions: FlowTransitionInfo[];
  paths: FlowPath[];
  /** Situations the model reaches that the machine does not handle (an actor failing without `onError`). */
  problems: string[];
}

export interface GenerateOptions {
  /** Only events the model's browser bindings can cause (`FlowModel.browser`), for the Playwright spec. */
  browser?: boolean;
}

const DEFAULT_LIMIT = 5_000;
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/* ---------------------------------------------------------------- the machine's states and transitions */

/** Stable across `machine.provide()`, which rebuilds the state nodes: the replay maps its transitions by it. */
export function transitionId(t: AnyTransitionDefinition): string {
  const siblings = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id}:${t.eventType || 'always'}:${siblings.indexOf(t)}`;
}

function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith(AFTER)) return 'after';
  if (eventType.startsWith(DONE_ACTOR)) return 'done';
  if (eventType.startsWith(ERROR_ACTOR)) return 'error';
  return 'event';
}

/** `isSignedIn`, `not(isSignedIn)`, `and(a, b)`; inline functions by their name. */
function guardName(guard: unknown): string | null {
  if (guard === undefined) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combined = guard as { name: string; guards?: unknown[] };
    return combined.guards ? `${combined.name}(${combined.guards.map(guardName).join(', ')})` : combined.name || 'inline';
  }
  return (guard as { type?: string }).type ?? 'inline';
}

function isPageMark(value: unknown): value is PageMark {
  return typeof value === 'object' && value !== null && ('testId' in value || 'label' in value || 'shownText' in value || 'role' in value);
}

function pathOf(node: AnyStateNode): string {
  return node.path.join('.');
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...descendantStateNodes(machine.root)];
}

function describeStates(machine: AnyStateMachine): FlowStateInfo[] {
  return descendantStateNodes(machine.root).map((node) => {
    const view = (node.meta as StateMeta | undefined)?.view;
    if (view !== undefined && !isPageMark(view)) {
      throw new Error(`${node.id}: meta.view must be { testId }, { label } or { role, name? }`);
    }
    return { id: node.id, path: pathOf(node), description: node.description ?? null, view: view ?? null };
  });
}

function describeTransitions(machine: AnyStateMachine): FlowTransitionInfo[] {
  const nameOf = (node: AnyStateNode) => pathOf(node) || machine.id;
  return allNodes(machine)
    .flatMap((node) =>
      [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((t) => {
        const targets = (t.target ?? []) as AnyStateNode[];
        const guard = guardName(t.guard);
        const on = {
          always: 'always',
          after: `after ${String((t as { delay?: string | number }).delay)}`,
          done: `done: ${t.eventType.slice(DONE_ACTOR.length)}`,
          error: `error: ${t.eventType.slice(ERROR_ACTOR.length)}`,
          event: t.eventType,
        }[kindOf(t.eventType)];
        const to = targets.length ? targets.map(nameOf).join(', ') : `${nameOf(node)} (stays)`;
        return {
          index: 0,
          id: transitionId(t),
          source: node.id,
          kind: kindOf(t.eventType),
          eventType: t.eventType,
          guard,
          targets: targets.map((target) => target.id),
          description: t.description ?? null,
          label: `${nameOf(node)} → ${to} (${on}${guard ? ` if ${guard}` : ''})`,
        };
      }),
    )
    .map((t, index) => ({ ...t, index }));
}

/* ---------------------------------------------------------------- stepping with inspection */

/** Active state node ids of a snapshot, the root left out. */
export function activeStateIds(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  return activeStateNodes(machine.root, snapshot.value)
    .filter((node) => node !== machine.root)
    .map((node) => node.id);
}

/**
 * What a run of microsteps did: the transitions taken and every state passed through. A state left at
 * once by an `always` transition is never a settled snapshot, but it is the source of that transition.
 */
export function readMicrosteps(
  machine: AnyStateMachine,
  transitionIndex: ReadonlyMap<string, number>,
  microsteps: readonly InspectedMicrostepEvent[],
  settled: AnyMachineSnapshot,
): Pick<FlowStep, 'transitions' | 'visited'> {
  const visited = new Set<string>();
  const transitions: number[] = [];
  for (const microstep of microsteps) {
    for (const id of activeStateIds(machine, microstep.snapshot as AnyMachineSnapshot)) visited.add(id);
    for (const t of microstep._transitions) {
      transitions.push(transitionIndex.get(transitionId(t))!);
      for (let node: AnyStateNode | undefined = t.source; node?.parent; node = node.parent) visited.add(node.id);
    }
  }
  for (const id of activeStateIds(machine, settled)) visited.add(id);
  return { transitions, visited: [...visited] };
}

/**
 * An actor scope like the one `xstate/graph` uses, whose system reports microsteps: `machine.transition`
 * stays pure (no actor runs, no action executes) and the inspection says which transitions fired.
 */
function inspectedScope(): { scope: AnyActorScope; microsteps: InspectedMicrostepEvent[] } {
  const self = createEmptyActor();
  const microsteps: InspectedMicrostepEvent[] = [];
  // Only the machine's own microsteps: invoked child machines report theirs to the same system.
  self.system.inspect((event) => {
    if (event.type === '@xstate.microstep' && event.actorRef === self) microsteps.push(event);
  });
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
  return { scope, microsteps };
}

/* ---------------------------------------------------------------- the model's events */

interface EventInfo {
  label: string;
  kind: Exclude<StepKind, 'start'>;
  actor?: string;
  /** For `after` events: the delay as declared (a name from `setup({ delays })` or a number). */
  delay?: string | number;
}

function resolveDelay(machine: AnyStateMachine, delay: string | number, snapshot: AnyMachineSnapshot): number {
  if (typeof delay === 'number') return delay;
  const declared = (machine.implementations.delays as Record<string, unknown>)[delay];
  const ms =
    typeof declared === 'function'
      ? (declared as (args: { context: unknown; event: unknown }) => number)({ context: snapshot.context, event: undefined })
      : declared;
  if (typeof ms !== 'number') throw new Error(`${machine.id}: the delay ${delay} is not declared in setup({ delays })`);
  return ms;
}

/** Every event the model can send, built once so the traversal, the labels and the journeys share objects. */
function eventRegistry(machine: AnyStateMachine, model: AnyFlowModel) {
  const info = new Map<EventObject, EventInfo>();
  const byLabel = new Map<string, EventObject>();
  const add = (event: EventObject, entry: EventInfo) => {
    if (byLabel.has(entry.label)) throw new Error(`${machine.id}: two events are labelled "${entry.label}"`);
    info.set(event, entry);
    byLabel.set(entry.label, event);
    return event;
  };

  const userEvents = Object.entries(model.events).flatMap(([type, fixtures]) =>
    Object.entries(fixtures).map(([name, payload]) => add({ ...payload, type }, { label: `${type} (${name})`, kind: 'event' })),
  );

  const actorEvents = new Map<string, EventObject[]>();
  const afterEvents = new Map<string, EventObject>();
  for (const node of allNodes(machine)) {
    for (const invoke of node.invoke) {
      if (actorEvents.has(invoke.id)) continue;
      if (invoke.id.includes(':invocation[')) {
        throw new Error(`${node.id}: give the invoke of "${String(invoke.src)}" an explicit id (the actor's name)`);
      }
      const fixture = model.actors?.[invoke.id];
      if (!fixture) throw new Error(`${node.id}: the model has no actor fixture for the invoke "${invoke.id}"`);
      actorEvents.set(invoke.id, [
        ...Object.entries(fixture.done).map(([name, output]) =>
          add({ type: `${DONE_ACTOR}${invoke.id}`, output, actorId: invoke.id } as EventObject, {
            label: `${invoke.id} done (${name})`,
            kind: 'done',
            actor: invoke.id,
          }),
        ),
        ...Object.entries(fixture.error ?? {}).map(([name, error]) =>
          add({ type: `${ERROR_ACTOR}${invoke.id}`, error, actorId: invoke.id } as EventObject, {
            label: `${invoke.id} failed (${name})`,
            kind: 'error',
            actor: invoke.id,
          }),
        ),
      ]);
    }
    for (const t of node.after) {
      if (afterEvents.has(t.eventType)) continue;
      const delay = (t as { delay: string | number }).delay;
      afterEvents.set(t.eventType, add({ type: t.eventType }, { label: `after ${delay} (${pathOf(node)})`, kind: 'after', delay }));
    }
  }

  /**
   * The delays due first in a snapshot. Of delays running side by side (parallel regions), the shortest
   * fires first: a one-second countdown tick always comes before a ten-minute expiry, which fires only once
   * no shorter delay is left.
   */
  const dueDelays = (snapshot: AnyMachineSnapshot, nodes: readonly AnyStateNode[]): EventObject[] => {
    const pending = [...new Set(nodes.flatMap((node) => node.after.map((t) => afterEvents.get(t.eventType)!)))].map((event) => ({
      event,
      ms: resolveDelay(machine, info.get(event)!.delay!, snapshot),
    }));
    const first = Math.min(...pending.map(({ ms }) => ms));
    return pending.filter(({ ms }) => ms === first).map(({ event }) => event);
  };

  /** The events that can happen in a snapshot: handled fixtures, the settling of running actors, due delays. */
  const eventsFor = (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const nodes = activeStateNodes(machine.root, snapshot.value);
    const handled = new Set(nodes.flatMap((node) => [...node.transitions.keys()]));
    return [
      ...userEvents.filter((event) => handled.has(event.type) || handled.has('*')),
      ...nodes.flatMap((node) => node.invoke.flatMap((invoke) => actorEvents.get(invoke.id)!)),
      ...dueDelays(snapshot, nodes),
    ];
  };

  return { info: (event: EventObject) => info.get(event)!, byLabel, eventsFor };
}

type Registry = ReturnType<typeof eventRegistry>;

/* ---------------------------------------------------------------- browser bindings */

/** One browser test: a generated path and the language it runs in (`undefined`: the one its input opens). */
export interface BrowserRun<P = FlowPath> {
  path: P;
  language: PageLanguage | undefined;
}

/**
 * The browser tests of a flow: each path once, the model's languages taking turns. Every flow still runs
 * in every language and every path in one, at half the cost of every path in each (CI's time budget); a
 * fault only one language shows on one path is left to that flow's per-language journeys and screenshots.
 * A flow with fewer paths than languages runs each path in all of them.
 */
export function browserRuns<P>(paths: readonly P[], languages: readonly PageLanguage[] | undefined): BrowserRun<P>[] {
  if (!languages?.length) return paths.map((path) => ({ path, language: undefined }));
  if (paths.length < languages.length) return paths.flatMap((path) => languages.map((language) => ({ path, language })));
  return paths.map((path, index) => ({ path, language: languages[index % languages.length] }));
}

/**
 * How the page causes a step in a language, per the model's browser bindings; `null` when it cannot (which
 * must not depend on the language: the paths are generated once for all of them).
 */
export function pageActionsFor(
  model: AnyFlowModel,
  step: Pick<FlowStep, 'kind' | 'event' | 'actor' | 'delay'>,
  before: AnyMachineSnapshot,
  language: PageLanguage = 'en',
): PageAction[] | null {
  const bindings = model.browser;
  if (!bindings) return null;
  const event = step.event as EventObject & { output?: unknown; error?: unknown };
  switch (step.kind) {
    case 'event':
      return bindings.events[event.type]?.(event as never, before as never, language) ?? null;
    case 'done':
      return bindings.actors?.[step.actor!]?.done?.(event.output as never, before as never, language) ?? null;
    case 'error':
      return bindings.actors?.[step.actor!]?.error?.(event.error as never, before as never, language) ?? null;
    case 'after':
      return step.delay ? (bindings.delays?.[step.delay.name]?.(step.delay.ms, before as never, language) ?? null) : null;
    default:
      return null;
  }
}

/** What the page must show in a settled snapshot: the active states' `meta.view` and the bindings' expectations. */
export function pageExpectationsFor(
  flow: Pick<FlowPaths, 'states'>,
  model: AnyFlowModel,
  snapshot: AnyMachineSnapshot,
  states: readonly string[],
  language: PageLanguage = 'en',
): PageExpectation[] {
  const byId = new Map(flow.states.map((state) => [state.id, state]));
  const active = states.map((id) => byId.get(id)!);
  const views = active.flatMap((state) => (state.view ? [{ shows: [state.view] }] : []));
  const bound = ['*', ...active.map((state) => state.path)].flatMap((key) => {
    const expectation = model.browser?.states?.[key];
    return expectation ? [expectation(snapshot as never, language)] : [];
  });
  return [...views, ...bound];
}

/* ---------------------------------------------------------------- generation */

interface Runner {
  start(input: FlowPath['input']): FlowStep;
  step(before: FlowStep, event: EventObject): FlowStep;
}

function createRunner(machine: AnyStateMachine, registry: Registry, transitionIndex: ReadonlyMap<string, number>): Runner {
  const settle = (snapshot: AnyMachineSnapshot, microsteps: InspectedMicrostepEvent[]) => ({
    snapshot,
    states: activeStateIds(machine, snapshot),
    ...readMicrosteps(machine, transitionIndex, microsteps, snapshot),
  });
  return {
    start(input) {
      const { scope, microsteps } = inspectedScope();
      const snapshot = machine.getInitialSnapshot(scope, input?.value) as AnyMachineSnapshot;
      return {
        label: input ? `start (${input.name})` : 'start',
        kind: 'start',
        event: { type: 'xstate.init' },
        ...settle(snapshot, microsteps),
      };
    },
    step(before, event) {
      const { label, kind, actor, delay } = registry.info(event);
      const { scope, microsteps } = inspectedScope();
      const snapshot = machine.transition(before.snapshot, event, scope) as AnyMachineSnapshot;
      return {
        label,
        kind,
        event,
        ...(actor === undefined ? {} : { actor }),
        ...(delay === undefined ? {} : { delay: { name: String(delay), ms: resolveDelay(machine, delay, before.snapshot) } }),
        ...settle(snapshot, microsteps),
      };
    },
  };
}

/**
 * Replays event sequences, each prefix once: the candidates of an input are its shortest paths (a tree)
 * each with one more edge, and chains extend chosen paths, so replaying each from the start again took
 * most of the generation's time (seconds per large machine, paid by every Playwright worker that loads
 * the browser paths). A step is a pure function of the step before it and the event; the arrays it answers
 * are shared, so callers copy before adding to one.
 */
function sharedReplay(runner: Runner, registry: Registry) {
  const replayed = new Map<string, readonly FlowStep[]>();
  const replay = (input: FlowPath['input'], events: readonly EventObject[]): readonly FlowStep[] => {
    const key = [input?.name ?? '', ...events.map((event) => registry.info(event).label)].join('\n');
    let steps = replayed.get(key);
    if (!steps) {
      const before = events.length === 0 ? [] : replay(input, events.slice(0, -1));
      steps = events.length === 0 ? [runner.start(input)] : [...before, runner.step(before.at(-1)!, events.at(-1)!)];
      replayed.set(key, steps);
    }
    return steps;
  };
  return (input: FlowPath['input'], events: readonly EventObject[]): FlowStep[] => [...replay(input, events)];
}

const MAX_SETTLING_STEPS = 10;

const hasRunningActor = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot) =>
  snapshot.status === 'active' && activeStateNodes(machine.root, snapshot.value).some((node) => node.invoke.length > 0);

/**
 * A path that stops while an actor runs ends in mid-air (and a browser test could not check the page), so
 * it goes on with the first outcome of the running actors until none runs. The shortest path to a vertex
 * with a running actor may have been another one; this keeps the edges that lead there.
 */
function settleActors(
  machine: AnyStateMachine,
  runner: Runner,
  registry: Registry,
  steps: FlowStep[],
  filterEvents: ((snapshot: AnyMachineSnapshot, event: EventObject) => boolean) | undefined,
): void {
  for (let i = 0; i < MAX_SETTLING_STEPS && hasRunningActor(machine, steps.at(-1)!.snapshot); i++) {
    const last = steps.at(-1)!;
    const outcome = registry
      .eventsFor(last.snapshot)
      .find((event) => registry.info(event).actor !== undefined && (!filterEvents || filterEvents(last.snapshot, event)));
    if (!outcome) return;
    steps.push(runner.step(last, outcome));
  }
}

/**
 * What a path contributes: the states and transitions it covers, and the fixtures it uses from its input —
 * so every input meets every event payload it can, and the invariants are checked there.
 */
function coverageItems(path: FlowPath, fixtures: boolean): Set<string> {
  const input = path.input ? `[${path.input.name}] ` : '';
  return new Set([
    ...path.steps.flatMap((step) => [
      ...(fixtures ? [`step ${input}${step.label}`] : []),
      ...step.visited.map((id) => `state ${id}`),
      ...step.transitions.map((i) => `transition ${i}`),
    ]),
  ]);
}

/** Fewest paths that together cover every item any candidate covers: greedy, largest gain first, ties to the shorter path. */
function cover(chosen: FlowPath[], candidates: FlowPath[], fixtures: boolean): FlowPath[] {
  const covered = new Set(chosen.flatMap((path) => [...coverageItems(path, fixtures)]));
  const items = candidates.map((path) => ({ path, items: coverageItems(path, fixtures) }));
  const picked: FlowPath[] = [];
  for (;;) {
    let best: { path: FlowPath; gain: number } | null = null;
    for (const candidate of items) {
      let gain = 0;
      for (const item of candidate.items) if (!covered.has(item)) gain++;
      if (gain > 0 && (!best || gain > best.gain || (gain === best.gain && candidate.path.steps.length < best.path.steps.length))) {
        best = { path: candidate.path, gain };
      }
    }
    if (!best) return picked;
    picked.push(best.path);
    for (const item of coverageItems(best.path, fixtures)) covered.add(item);
  }
}

/** The traversal's graph of one input: each vertex's outgoing events and the vertex each leads to. */
type Graph = Map<string, Array<{ event: EventObject; to: string }>>;

/**
 * The events of a shortest route from `from` to each vertex it reaches within `maxDepth` steps: breadth
 * first, the first route found. From the start vertex without a limit it is what `getShortestPaths` of
 * xstate/graph answers, without traversing the machine a second time.
 */
function routesFrom(graph: Graph, from: string, maxDepth = Infinity): Map<string, EventObject[]> {
  const routes = new Map<string, EventObject[]>([[from, []]]);
  for (let frontier = [from], depth = 0; depth < maxDepth && frontier.length; depth++) {
    const further: string[] = [];
    for (const vertex of frontier) {
      for (const { event, to } of graph.get(vertex) ?? []) {
        if (routes.has(to)) continue;
        routes.set(to, [...routes.get(vertex)!, event]);
        further.push(to);
      }
    }
    frontier = further;
  }
  return routes;
}

/** How many steps a chained path may take to get from where one path ends to where the next one goes on. */
const MAX_DETOUR = 3;

/**
 * Browser paths only: a path goes on from where an earlier one ends instead of starting a test of its own,
 * when the machine can get there (its tail from the nearest of its own vertices the earlier path's end
 * reaches in at most `MAX_DETOUR` steps). Every browser test pays a new context and a first page load (two
 * thirds of its time, docs/testing.md), a step a fraction of that. Kept only when the replayed chain covers
 * every state and transition both paths did, so the coverage is the same.
 */
function chain(
  paths: FlowPath[],
  make: (input: FlowPath['input'], events: EventObject[]) => FlowPath | null,
  graphs: ReadonlyMap<FlowPath['input'], Graph>,
  serialize: (snapshot: AnyMachineSnapshot) => string,
): FlowPath[] {
  const eventsOf = (path: FlowPath) => path.steps.slice(1).map((step) => step.event);
  const join = (first: FlowPath, next: FlowPath): FlowPath | null => {
    const end = first.steps.at(-1)!.snapshot;
    const graph = graphs.get(first.input);
    if (first.input !== next.input || end.status !== 'active' || !graph) return null;
    const routes = routesFrom(graph, serialize(end), MAX_DETOUR);
    const wanted = new Set([...coverageItems(first, false), ...coverageItems(next, false)]);
    for (let j = next.steps.length - 2; j >= 0; j--) {
      const route = routes.get(serialize(next.steps[j]!.snapshot));
      if (!route) continue;
      const joined = make(first.input, [...eventsOf(first), ...route, ...eventsOf(next).slice(j)]);
      if (!joined) continue;
      const covered = coverageItems(joined, false);
      if ([...wanted].every((item) => covered.has(item))) return joined;
    }
    return null;
  };
  const chains: FlowPath[] = [];
  for (const path of paths) {
    let joined: FlowPath | null = null;
    const at = chains.findIndex((earlier) => (joined = join(earlier, path)) !== null);
    if (joined) chains[at] = joined;
    else chains.push(path);
  }
  return chains;
}

function pathName(input: FlowPath['input'], steps: readonly FlowStep[]): string {
  const events = steps.slice(1).map((step) => step.label);
  return [input ? `[${input.name}]` : null, events.length ? events.join(' → ') : 'start'].filter(Boolean).join(' ');
}

/** Every step of a path on its own line, numbered, the one at `at` marked: how a failure says where it was. */
export function listSteps(path: FlowPath, at: number): string {
  return path.steps.map((step, index) => `  ${index === at ? '→' : ' '} ${index} ${index === 0 ? 'start' : step.label}`).join('\n');
}

/**
 * What a test is called: its number in the flow (which keeps the name unique), its input, and its first and
 * last steps — a failure prints the whole list of steps once, where it happened, instead of in every line
 * that names the test.
 */
function shortPathName(number: number, { input, steps }: FlowPath): string {
  const events = steps.slice(1).map((step) => step.label);
  const shown = events.length <= 2 ? events.join(' → ') || 'start' : `${events[0]} → … → ${events.at(-1)} (${events.length} steps)`;
  return [`#${number}`, input ? `[${input.name}]` : null, shown].filter(Boolean).join(' ');
}

/** A machine's states and transitions as the coverage counts them, without generating its paths. */
export function describeFlow(entry: ModelledEntry): Pick<FlowPaths, 'id' | 'states' | 'transitions'> {
  return { id: entry.id, states: describeStates(entry.machine), transitions: describeTransitions(entry.machine) };
}

/**
 * Each entry's paths, unit and browser, made once per process: the flow docs, the model replay, the
 * browser plan and docs/testing.md's counts all read them, and making every machine's takes seconds. An
 * entry changed for a test (tests/model/refusal.ts) is another object, so it gets paths of its own.
 */
const made = new WeakMap<ModelledEntry, { unit?: FlowPaths; browser?: FlowPaths }>();

/**
 * The paths of a catalogued flow: every state reached and every transition taken (as far as the model's
 * fixtures reach), plus the model's journeys, with the states and transitions to compute coverage against.
 */
export function generateFlowPaths(entry: ModelledEntry, options: GenerateOptions = {}): FlowPaths {
  const kind = options.browser ? 'browser' : 'unit';
  const ofEntry = made.get(entry) ?? {};
  made.set(entry, ofEntry);
  return (ofEntry[kind] ??= makeFlowPaths(entry, options));
}

/**
 * A path as its input's name and its steps' labels (unique per flow): all it takes to replay it, small
 * enough to hand to another process as JSON. Playwright's workers take the browser paths the listing
 * process made instead of making them again (e2e/model.spec.ts).
 */
export interface PathPlan {
  name: string;
  origin: FlowPath['origin'];
  input: string | null;
  labels: string[];
}

export const planOf = ({ name, origin, input, steps }: FlowPath): PathPlan => ({
  name,
  origin,
  input: input?.name ?? null,
  labels: steps.slice(1).map((step) => step.label),
});

/** What replaying a flow's steps needs, made once per entry. */
function flowParts(entry: ModelledEntry) {
  const { machine, model } = entry;
  if (!model) throw new Error(`${entry.id}: no model registered in tests/models/catalog.ts`);
  const states = describeStates(machine);
  const transitions = describeTransitions(machine);
  const transitionIndex = new Map(transitions.map((t) => [t.id, t.index]));
  const registry = eventRegistry(machine, model);
  const runner = createRunner(machine, registry, transitionIndex);
  return { machine, model, states, transitions, registry, runner };
}
const partsMade = new WeakMap<ModelledEntry, ReturnType<typeof flowParts>>();
const partsOf = (entry: ModelledEntry) => partsMade.get(entry) ?? partsMade.set(entry, flowParts(entry)).get(entry)!;

/** The path a plan names, its steps replayed: the same snapshots, states and transitions as when it was made. */
export function replayPlan(entry: ModelledEntry, plan: PathPlan): FlowPath {
  const { model, registry, runner } = partsOf(entry);
  const input =
    plan.input === null ? null : { name: plan.input, value: (model.inputs as Record<string, unknown> | undefined)?.[plan.input] };
  if (input && input.value === undefined)
    throw new Error(`${entry.id}: the plan "${plan.name}" starts with an unknown input "${plan.input}"`);
  const steps = [runner.start(input)];
  for (const label of plan.labels) {
    const event = registry.byLabel.get(label);
    if (!event) throw new Error(`${entry.id}: the plan "${plan.name}" has an unknown step "${label}"`);
    steps.push(runner.step(steps.at(-1)!, event));
  }
  return { name: plan.name, origin: plan.origin, input, steps };
}

function makeFlowPaths(entry: ModelledEntry, options: GenerateOptions): FlowPaths {
  const { machine, model, states, transitions, registry, runner } = partsOf(entry);
  const replay = sharedReplay(runner, registry);
  const serialize =
    (model.serializeState as ((snapshot: AnyMachineSnapshot) => string) | undefined) ??
    ((snapshot: AnyMachineSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }));

  const inputs: Array<FlowPath['input']> = model.inputs ? Object.entries(model.inputs).map(([name, value]) => ({ name, value })) : [null];
  if (options.browser && model.inputs && !model.browser?.start) {
    throw new Error(`${entry.id}: the browser bindings need \`start\` to open the page for each input`);
  }
  const filterEvents = options.browser
    ? (snapshot: AnyMachineSnapshot, event: EventObject) => {
        const { delay, ...info } = registry.info(event);
        const timed = delay === undefined ? {} : { delay: { name: String(delay), ms: resolveDelay(machine, delay, snapshot) } };
        return pageActionsFor(model, { ...info, ...timed, event }, snapshot) !== null;
      }
    : undefined;

  const journeys = Object.entries(model.journeys ?? {}).flatMap(([name, journey]): FlowPath[] => {
    const input = journey.input === undefined ? (inputs[0] ?? null) : inputs.find((i) => i?.name === journey.input);
    if (input === undefined) throw new Error(`${entry.id}: journey "${name}" starts with an unknown input "${journey.input}"`);
    const steps = [runner.start(input)];
    for (const label of journey.steps) {
      const event = registry.byLabel.get(label);
      if (!event)
        throw new Error(`${entry.id}: journey "${name}" has an unknown step "${label}". Steps: ${[...registry.byLabel.keys()].join('; ')}`);
      const before = steps.at(-1)!;
      const next = runner.step(before, event);
      const fault =
        next.snapshot.status === 'error' ? 'stops the machine with an error' : next.transitions.length === 0 ? 'changes nothing' : null;
      if (fault) throw new Error(`${entry.id}: journey "${name}": "${label}" ${fault} in ${before.states.join(', ')}`);
      steps.push(next);
    }
    const runnable = !filterEvents || steps.slice(1).every((step, i) => filterEvents(steps[i]!.snapshot, step.event));
    return runnable ? [{ name: `journey: ${name}`, origin: 'journey', input, steps }] : [];
  });

  const problems = new Set<string>();
  const candidates = new Map<string, FlowPath>();
  const graphs = new Map<FlowPath['input'], Graph>();
  for (const input of inputs) {
    const traversal = {
      input: input?.value,
      events: registry.eventsFor,
      filterEvents,
      serializeState: serialize,
      serializeEvent: (event: EventObject) => registry.info(event).label,
      limit: model.limit ?? DEFAULT_LIMIT,
    };
    // Keys are branded strings, which Object.entries cannot see through.
    const vertices = Object.entries(getAdjacencyMap(machine, traversal)) as Array<
      [string, AdjacencyValue<AnyMachineSnapshot, EventObject>]
    >;
    const graph: Graph = new Map(
      vertices.map(([vertex, { transitions: edges }]) => [
        vertex,
        (Object.values(edges) as Array<{ event: EventObject; state: AnyMachineSnapshot }>).map(({ event, state }) => ({
          event,
          to: serialize(state),
        })),
      ]),
    );
    graphs.set(input, graph);
    // The adjacency map lists the start vertex first.
    const shortest = routesFrom(graph, vertices[0]![0]);
    for (const [vertex, { state, transitions: edges }] of vertices) {
      const prefix = shortest.get(vertex)!;
      const edgeEvents = (Object.values(edges) as Array<{ event: EventObject }>).map(({ event }) => event);
      for (const events of [prefix, ...edgeEvents.map((event) => [...prefix, event])]) {
        const steps = replay(input, events);
        const last = steps.at(-1)!;
        if (last.snapshot.status === 'error') {
          problems.add(`${last.label} in ${activeStateIds(machine, state).join(', ')} stops the machine with an error`);
        }
        settleActors(machine, runner, registry, steps, filterEvents);
        const name = pathName(input, steps);
        if (!candidates.has(name)) candidates.set(name, { name, origin: 'generated', input, steps });
      }
    }
  }

  // Browser paths cover every state and transition the bindings reach, not every fixture: the unit replays
  // and the view tests see each payload (each error code's message…) in milliseconds, a browser path
  // takes seconds — a third fewer browser tests for the same states and transitions (docs/testing.md).
  const covering = cover(journeys, [...candidates.values()], !options.browser).sort(
    (a, b) => inputs.indexOf(a.input) - inputs.indexOf(b.input) || a.steps.length - b.steps.length || a.name.localeCompare(b.name),
  );
  const generated =
    options.browser && model.browser?.chainPaths
      ? chain(
          covering,
          (input, events) => {
            // Bindings are written for the snapshots their paths meet: one that cannot read this one refuses it.
            try {
              const steps = replay(input, events);
              settleActors(machine, runner, registry, steps, filterEvents);
              const runnable = steps
                .slice(1)
                .every((step, i) => steps[i]!.snapshot.status !== 'error' && filterEvents!(steps[i]!.snapshot, step.event));
              return runnable && steps.at(-1)!.snapshot.status !== 'error'
                ? { name: pathName(input, steps), origin: 'generated', input, steps }
                : null;
            } catch {
              return null;
            }
          },
          graphs,
          serialize,
        )
      : covering;
  const paths = [...journeys, ...generated].map((path, index) =>
    path.origin === 'journey' ? path : { ...path, name: shortPathName(index + 1, path) },
  );
  return { id: entry.id, states, transitions, paths, problems: [...problems] };
}
