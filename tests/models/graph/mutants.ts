import { createMachine, not, type AnyStateMachine, type AnyStateNode } from 'xstate';

/*
 * Mutants of a machine for the mutation run (`npm run test:mutation`): each is the machine with one change
 * a careless edit could make — a guard negated, or a transition sent to a sibling of its target. The model
 * tests must refuse every one that a customer would notice; the survivors show where the models look away.
 * Made by surgery on a copy of the machine's config, its implementations kept.
 */

type Config = Record<string, unknown>;
type Key = string | number;

/** A copy of a machine's config whose objects and arrays can be edited (functions are shared). */
export function editableCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(editableCopy) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, editableCopy(inner)])) as T;
  }
  return value;
}

/** The object at a path of keys of a config (`states.confirmFailed.on.RETRY` as a string, or as keys). */
export function nodeAt(config: object, path: string | readonly Key[]): Config {
  const keys = typeof path === 'string' ? path.split('.') : path;
  return keys.reduce<object>((node, key) => (node as Record<Key, object>)[key]!, config) as Config;
}

/** The machine with its config edited by `edit` and its implementations kept. */
export function rebuilt(machine: AnyStateMachine, edit: (config: Config) => void): AnyStateMachine {
  const config = editableCopy(machine.config) as Config;
  edit(config);
  return createMachine(config as never, machine.implementations as never) as AnyStateMachine;
}

export interface Mutant {
  /** Where: the source state, what triggers the transition, its guard and target (`confirming, error: confirmTransfer #3 [outcomeUnknown] → confirmFailed`). */
  transition: string;
  /** What changed (`guard negated`, `target confirmFailed → transferred`). */
  mutation: string;
  /** The machine with this one change. */
  build(): AnyStateMachine;
}

/** A transition where the config holds it: the keys to it, and the state node it leaves. */
interface Site {
  keys: Key[];
  source: AnyStateNode;
  trigger: string;
}

const asArray = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value as T];

/** Every transition of a state's config and of its descendants', in document order. */
function sitesOf(config: Config, node: AnyStateNode, keys: Key[]): Site[] {
  const sites: Site[] = [];
  const add = (container: unknown, at: Key[], trigger: string) => {
    if (container === undefined) return;
    if (!Array.isArray(container)) return void sites.push({ keys: at, source: node, trigger });
    container.forEach((_, index) => sites.push({ keys: [...at, index], source: node, trigger: `${trigger} #${index + 1}` }));
  };
  for (const [event, transition] of Object.entries((config.on ?? {}) as Config)) add(transition, [...keys, 'on', event], event);
  add(config.always, [...keys, 'always'], 'always');
  for (const [delay, transition] of Object.entries((config.after ?? {}) as Config))
    add(transition, [...keys, 'after', delay], `after ${delay}`);
  add(config.onDone, [...keys, 'onDone'], 'done');
  const invokes = asArray<Config>(config.invoke as Config | Config[] | undefined);
  invokes.forEach((invoke, index) => {
    const at = Array.isArray(config.invoke) ? [...keys, 'invoke', index] : [...keys, 'invoke'];
    for (const outcome of ['onDone', 'onError', 'onSnapshot'] as const) {
      add(invoke[outcome], [...at, outcome], `${outcome.slice(2).toLowerCase()}: ${String(invoke.id ?? invoke.src)}`);
    }
  });
  for (const [name, child] of Object.entries((config.states ?? {}) as Record<string, Config>)) {
    sites.push(...sitesOf(child, node.states[name]!, [...keys, 'states', name]));
  }
  return sites;
}

/** The state a config target names, seen from the state the transition leaves (`#id`, `.child`, `sibling.child`). */
function targetNode(machine: AnyStateMachine, source: AnyStateNode, target: string): AnyStateNode {
  if (target.startsWith('#')) return machine.getStateNodeById(target);
  const [from, path] = target.startsWith('.') ? [source, target.slice(1)] : [source.parent!, target];
  return path.split('.').reduce((node, key) => node.states[key]!, from);
}

/** The next sibling of a state in document order, wrapping round; null for an only child. */
function nextSibling(node: AnyStateNode): AnyStateNode | null {
  const siblings = Object.values(node.parent?.states ?? {}).filter((sibling) => sibling.type !== 'history');
  if (siblings.length < 2) return null;
  return siblings[(siblings.indexOf(node) + 1) % siblings.length]!;
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline';
  return (guard as { type?: string }).type ?? 'inline';
}

const nameOf = (node: AnyStateNode) => node.path.join('.') || node.machine.id;

/**
 * Every guard negated and every transition's target swapped for the next sibling of that target (a
 * deterministic choice), one change per mutant, in the order the config declares them.
 */
export function mutantsOf(machine: AnyStateMachine): Mutant[] {
  return sitesOf(machine.config as Config, machine.root, []).flatMap(({ keys, source, trigger }) => {
    const original = nodeAt(machine.config, keys) as unknown;
    const transition: Config = typeof original === 'string' ? { target: original } : (original as Config);
    const targets = asArray(transition.target as string | string[] | undefined).map((target) => targetNode(machine, source, target));
    const where = `${nameOf(source)}, ${trigger}${transition.guard === undefined ? '' : ` [${guardName(transition.guard)}]`} → ${
      targets.length ? targets.map(nameOf).join(', ') : 'stays'
    }`;
    /** The machine with this transition replaced by `edit` of it. */
    const edited = (edit: (transition: Config) => Config) => () =>
      rebuilt(machine, (config) => {
        const parent = nodeAt(config, keys.slice(0, -1)) as Record<Key, unknown>;
        const own = parent[keys.at(-1)!];
        parent[keys.at(-1)!] = edit(typeof own === 'string' ? { target: own } : (own as Config));
      });
    const mutants: Mutant[] = [];
    if (transition.guard !== undefined) {
      mutants.push({
        transition: where,
        mutation: 'guard negated',
        build: edited((t) => ({ ...t, guard: not(t.guard as never) })),
      });
    }
    targets.forEach((target, index) => {
      const swapped = nextSibling(target);
      if (!swapped) return;
      mutants.push({
        transition: where,
        mutation: `target ${nameOf(target)} → ${nameOf(swapped)}`,
        build: edited((t) => ({
          ...t,
          target: targets.map((other, at) => `#${(at === index ? swapped : other).id}`),
        })),
      });
    });
    return mutants;
  });
}
