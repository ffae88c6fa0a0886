import { and, getInitialSnapshot, not, or, stateIn, type AnyStateMachine, type AnyStateNode } from 'xstate';

/**
 * A reviewer's view of a statechart, read from the machine definition (`machine.root`): every state
 * with its description, tags and route, every transition with its event, guard, delay and targets.
 * Pure: no DOM, no Node APIs — the diagram generator (`npm run flows`) and the in-app flow explorer
 * both build on it, so they cannot disagree.
 */

export type FlowStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface FlowState {
  /** The XState id: `routeGuard.checkingAccess`, or a custom `#id`. */
  id: string;
  /** Keys from the root: `['checkingAccess']`; the root's path is `[]`. */
  path: string[];
  key: string;
  type: FlowStateType;
  /** The parent's id; null for the root. */
  parent: string | null;
  /** Children's ids in definition order. */
  children: string[];
  /** The initial child's id (compound states). */
  initial: string | null;
  /** `shallow` or `deep` for history states. */
  history: 'shallow' | 'deep' | null;
  description: string | null;
  tags: string[];
  /** Routes the state shows (from `meta.route` / `meta.routes`), English form. */
  routes: string[];
  invokes: FlowInvoke[];
}

export interface FlowInvoke {
  id: string;
  /** The actor's name in `setup({ actors })`, or `inline` for logic given in place. */
  src: string;
}

export type FlowTransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'snapshot' | 'stateDone' | 'route' | 'wildcard';

export interface FlowTransition {
  /** Position in `FlowModel.transitions`; stable for a given definition. */
  index: number;
  /**
   * `<source id>:<event type or "always">:<position among the source's transitions for that event>` —
   * the same key tests/models/graph/paths.ts gives its transitions, so generated paths map onto this model.
   */
  id: string;
  /** The id of the state that declares the transition. */
  source: string;
  kind: FlowTransitionKind;
  /** The XState event type (`NAVIGATED`, `xstate.done.actor.lookupRouteRules`, `` for always). */
  eventType: string;
  /** What a reviewer reads: `NAVIGATED`, `done: lookupRouteRules`, `after BUILD_CHECK_INTERVAL`, `always`. */
  event: string;
  /** The guard rendered readably (`isWalletPath`, `not isSignedIn`), or null. */
  guard: string | null;
  /** The delay's name from `setup({ delays })`, or `<n> ms`, for `after` transitions. */
  delay: string | null;
  /**
   * How long the timer waits: the machine's `delays` value, or a delay given as a function of the
   * context evaluated on the context the machine starts with; null when that says nothing (zero, or a
   * value only known while it runs).
   */
  delayMs: number | null;
  /** The invoked actor's id for done/error/snapshot transitions. */
  actor: string | null;
  /** Target state ids; empty for a transition that only runs actions. */
  targets: string[];
  reenter: boolean;
  /** Named actions, in order (inline ones as `inline`; `assign` as `assign`). */
  actions: string[];
  description: string | null;
}

export interface FlowModel {
  id: string;
  description: string | null;
  /** Every state node in document order, the root first. */
  states: FlowState[];
  transitions: FlowTransition[];
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const SNAPSHOT = 'xstate.snapshot.';
const DONE_STATE = 'xstate.done.state.';
const AFTER = 'xstate.after.';

type GuardLike = unknown;

/** `isSignedIn`, `not isSignedIn`, `a and not b`, `in #id`, `inline guard`. */
export function guardLabel(guard: GuardLike): string | null {
  const label = innerGuardLabel(guard);
  return label && label.startsWith('(') && label.endsWith(')') && balanced(label.slice(1, -1)) ? label.slice(1, -1) : label;
}

/** True when every `(` in the text closes inside it: `a) or (b` is not. */
function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '(') depth += 1;
    if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The higher-order guards, told apart by their `check` function: minified builds rename the functions
 * `not`/`and`/`or`, so names would make the explorer's labels differ from the committed diagrams.
 */
const HIGHER_ORDER = {
  not: (not('x') as unknown as { check: unknown }).check,
  and: (and([]) as unknown as { check: unknown }).check,
  or: (or([]) as unknown as { check: unknown }).check,
  stateIn: (stateIn('x') as unknown as { check: unknown }).check,
};

function innerGuardLabel(guard: GuardLike): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { guards?: GuardLike[]; stateValue?: unknown; check?: unknown };
    const inner = () => (fn.guards ?? []).map((g) => innerGuardLabel(g) ?? 'inline guard');
    if (fn.check === HIGHER_ORDER.not) return `not ${wrap(inner()[0] ?? 'inline guard')}`;
    if (fn.check === HIGHER_ORDER.and) return `(${inner().join(' and ')})`;
    if (fn.check === HIGHER_ORDER.or) return `(${inner().join(' or ')})`;
    if (fn.check === HIGHER_ORDER.stateIn) {
      return `in ${typeof fn.stateValue === 'string' ? fn.stateValue : JSON.stringify(fn.stateValue)}`;
    }
    // Inline functions: their names do not survive minification, so they all read the same.
    return 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'inline guard';
}

/** `not (a and b)` keeps its parentheses; `not a` needs none. */
function wrap(label: string): string {
  return /\s/.test(label) && !label.startsWith('(') ? `(${label})` : label;
}

function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    // Built-in actions (assign, raise, sendTo…) carry their type; inline functions' names do not
    // survive minification, so they all read `inline`.
    const fn = action as { type?: string };
    return typeof fn.type === 'string' ? fn.type.replace(/^xstate\./, '') : 'inline';
  }
  if (action && typeof action === 'object' && 'type' in action && typeof action.type === 'string') return action.type;
  return 'inline';
}

function routesOf(meta: unknown): string[] {
  if (!meta || typeof meta !== 'object') return [];
  const m = meta as { route?: unknown; routes?: unknown };
  const out: string[] = [];
  if (typeof m.route === 'string') out.push(m.route);
  if (Array.isArray(m.routes)) for (const r of m.routes) if (typeof r === 'string') out.push(r);
  return out;
}

function stateType(node: AnyStateNode): FlowStateType {
  return node.type as FlowStateType;
}

interface RawTransition {
  eventType: string;
  target?: AnyStateNode[] | undefined;
  guard?: unknown;
  reenter?: boolean;
  actions?: readonly unknown[];
  description?: string;
  delay?: string | number;
}

function classify(
  node: AnyStateNode,
  eventType: string,
  delay: string | number | undefined,
): Pick<FlowTransition, 'kind' | 'event' | 'delay' | 'actor'> {
  if (eventType === '') return { kind: 'always', event: 'always', delay: null, actor: null };
  if (eventType.startsWith(AFTER)) {
    const name = delay === undefined ? eventType.slice(AFTER.length).split('.')[0]! : delay;
    const label = typeof name === 'number' ? `${name} ms` : /^\d+$/.test(name) ? `${name} ms` : name;
    return { kind: 'after', event: `after ${label}`, delay: label, actor: null };
  }
  if (eventType.startsWith(DONE_ACTOR)) {
    const actor = eventType.slice(DONE_ACTOR.length);
    return { kind: 'done', event: `done: ${actor}`, delay: null, actor };
  }
  if (eventType.startsWith(ERROR_ACTOR)) {
    const actor = eventType.slice(ERROR_ACTOR.length);
    return { kind: 'error', event: `error: ${actor}`, delay: null, actor };
  }
  if (eventType.startsWith(SNAPSHOT)) {
    const actor = eventType.slice(SNAPSHOT.length);
    return { kind: 'snapshot', event: `snapshot: ${actor}`, delay: null, actor };
  }
  if (eventType === `${DONE_STATE}${node.id}`) return { kind: 'stateDone', event: 'done', delay: null, actor: null };
  if (eventType === 'xstate.route') return { kind: 'route', event: 'route', delay: null, actor: null };
  if (eventType === '*') return { kind: 'wildcard', event: 'any event', delay: null, actor: null };
  return { kind: 'event', event: eventType, delay: null, actor: null };
}

/** A delay's length in ms: a number, a number-named delay (`after: { 400: … }`), or the machine's own `delays` entry. */
function delayMs(machine: AnyStateMachine, delay: string | number | undefined, context: () => unknown): number | null {
  if (typeof delay === 'number') return delay;
  if (delay === undefined) return null;
  if (/^\d+$/.test(delay)) return Number(delay);
  const config = (machine.implementations.delays as Record<string, unknown>)[delay];
  let value = config;
  if (typeof config === 'function') {
    try {
      value = config({ context: context(), event: { type: 'xstate.init' } });
    } catch {
      value = null; // the context it starts with cannot say (a delay set by an answer it waits for)
    }
  }
  return typeof value === 'number' && value > 0 ? value : null;
}

/**
 * Reads a machine's definition into states and transitions, in document order. `context` gives the
 * context delays that are functions of it are evaluated on (default: none, so they stay unknown).
 */
export function describeMachine(machine: AnyStateMachine, context: () => unknown = () => undefined): FlowModel {
  const states: FlowState[] = [];
  const transitions: FlowTransition[] = [];

  const visit = (node: AnyStateNode) => {
    const children = Object.values(node.states ?? {}) as AnyStateNode[];
    const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    states.push({
      id: node.id,
      path: [...node.path],
      key: node.parent ? node.key : node.machine.id,
      type: stateType(node),
      parent: node.parent ? node.parent.id : null,
      children: children.map((c) => c.id),
      initial: initialTarget ? initialTarget.id : null,
      history: node.type === 'history' ? (node.history === 'deep' ? 'deep' : 'shallow') : null,
      description: node.description ?? null,
      tags: [...node.tags],
      routes: routesOf(node.meta),
      invokes: node.invoke.map((inv) => ({
        id: inv.id,
        src: typeof inv.src === 'string' && !inv.src.startsWith('xstate.invoke.') ? inv.src : 'inline',
      })),
    });

    const own: Array<{ raw: RawTransition; position: number }> = [];
    for (const list of node.transitions.values()) (list as RawTransition[]).forEach((raw, position) => own.push({ raw, position }));
    (node.always as RawTransition[] | undefined)?.forEach((raw, position) => own.push({ raw, position }));
    for (const { raw, position } of own) {
      transitions.push({
        index: transitions.length,
        id: `${node.id}:${raw.eventType || 'always'}:${position}`,
        source: node.id,
        ...classify(node, raw.eventType, raw.delay),
        eventType: raw.eventType,
        delayMs: raw.eventType.startsWith(AFTER)
          ? delayMs(machine, raw.delay ?? raw.eventType.slice(AFTER.length).split('.')[0], context)
          : null,
        guard: guardLabel(raw.guard),
        targets: (raw.target ?? []).map((target) => target.id),
        reenter: raw.reenter ?? false,
        actions: (raw.actions ?? []).map(actionLabel),
        description: raw.description ?? null,
      });
    }
    for (const child of children) visit(child);
  };
  visit(machine.root);

  return { id: machine.id, description: machine.root.description ?? null, states, transitions };
}

/**
 * A catalogued machine, its function delays evaluated on the context its model's first input starts
 * it with (the idle warning's 14 minutes), so the diagram can say how long a timer waits.
 */
export function describeEntry(entry: { machine: AnyStateMachine; model?: { inputs?: Record<string, unknown> } }): FlowModel {
  let context: unknown;
  return describeMachine(entry.machine, () => {
    context ??= getInitialSnapshot(entry.machine, Object.values(entry.model?.inputs ?? {})[0]).context;
    return context;
  });
}

/** An event type as the diagrams label it: `done: lookupRouteRules`, `after BUILD_CHECK_INTERVAL`, `start`. */
export function readableEvent(eventType: string): string {
  if (eventType === 'xstate.init') return 'start';
  if (eventType.startsWith(DONE_ACTOR)) return `done: ${eventType.slice(DONE_ACTOR.length)}`;
  if (eventType.startsWith(ERROR_ACTOR)) return `error: ${eventType.slice(ERROR_ACTOR.length)}`;
  if (eventType.startsWith(SNAPSHOT)) return `snapshot: ${eventType.slice(SNAPSHOT.length)}`;
  if (eventType.startsWith(AFTER)) {
    const delay = eventType.slice(AFTER.length).split('.')[0]!;
    return `after ${/^\d+$/.test(delay) ? `${delay} ms` : delay}`;
  }
  if (eventType.startsWith(DONE_STATE)) return 'done';
  return eventType;
}

/** The ids of a state and all its ancestors, innermost first. */
export function ancestry(model: FlowModel, stateId: string): string[] {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const out: string[] = [];
  for (let s = byId.get(stateId); s; s = s.parent ? byId.get(s.parent) : undefined) out.push(s.id);
  return out;
}

/** The state ids active for a snapshot's `value` (`'a'`, `{ a: 'b' }`, `{ p: { x: 'y', z: 'w' } }`), root included. */
export function activeStateIds(model: FlowModel, value: unknown): string[] {
  const root = model.states[0];
  if (!root) return [];
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const active: string[] = [root.id];
  const walk = (parent: FlowState, v: unknown) => {
    const childByKey = (key: string) => parent.children.map((id) => byId.get(id)!).find((c) => c.key === key || c.path.at(-1) === key);
    if (typeof v === 'string') {
      const child = childByKey(v);
      if (child) active.push(child.id);
      return;
    }
    if (v && typeof v === 'object') {
      for (const [key, sub] of Object.entries(v as Record<string, unknown>)) {
        const child = childByKey(key);
        if (!child) continue;
        active.push(child.id);
        walk(child, sub);
      }
    }
  };
  walk(root, value);
  return active;
}

/** How tables name a state: its keys from the root, dotted (`working.running`); the root is the machine id. */
export function statePath(state: FlowState): string {
  return state.path.length > 0 ? state.path.join('.') : state.key;
}
