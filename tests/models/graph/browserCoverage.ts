import type { AnyFlowModel } from './model';
import type { FlowPaths } from './paths';

/*
 * Browser coverage: which states and transitions the browser run took, against what it must take — every
 * state and transition but the model's `notInBrowser` exclusions. The same count serves the plan (the
 * generated browser paths, `npm run test:model -- --browser`) and the measurement (the steps whose page
 * checks passed in e2e/model.spec.ts, merged by e2e/model-coverage.ts). Pure, like the rest of the folder.
 */

/** What one run took: state ids and indices into `FlowPaths.transitions`. */
export interface Taken {
  states: Iterable<string>;
  transitions: Iterable<number>;
}

export interface Counted {
  taken: number;
  /** Everything but the exclusions. */
  required: number;
  excluded: number;
  /** Required but not taken, by path or label. */
  missing: string[];
}

export interface BrowserCoverage {
  id: string;
  states: Counted;
  transitions: Counted;
  /** Exclusions that name no state or transition of the machine. */
  unknownExclusions: string[];
  /** Exclusions of what was taken all the same: the exclusion is stale. */
  takenExclusions: string[];
}

/** `state <path>` for states, the label for transitions: how the coverage names what is missing. */
export const stateLabel = (path: string) => `state ${path}`;

export function browserCoverage(
  flow: Pick<FlowPaths, 'id' | 'states' | 'transitions'>,
  model: AnyFlowModel,
  taken: Taken,
): BrowserCoverage {
  const exclusions = model.notInBrowser;
  const whole = typeof exclusions === 'string';
  const states = whole ? {} : (exclusions?.states ?? {});
  const transitions = whole ? {} : (exclusions?.transitions ?? {});
  const tookState = new Set(taken.states);
  const tookTransition = new Set(taken.transitions);
  const stateExcluded = (path: string) => whole || states[path] !== undefined;
  const transitionExcluded = (label: string) => whole || transitions[label] !== undefined;
  const count = <T>(items: readonly T[], label: (item: T) => string, excluded: (item: T) => boolean, took: (item: T) => boolean) => {
    const required = items.filter((item) => !excluded(item));
    return {
      taken: required.filter(took).length,
      required: required.length,
      excluded: items.length - required.length,
      missing: required.filter((item) => !took(item)).map(label),
    };
  };
  const knownStates = new Set(flow.states.map((state) => state.path));
  const knownTransitions = new Set(flow.transitions.map((transition) => transition.label));
  return {
    id: flow.id,
    states: count(
      flow.states,
      (state) => stateLabel(state.path),
      (state) => stateExcluded(state.path),
      (state) => tookState.has(state.id),
    ),
    transitions: count(
      flow.transitions,
      (transition) => transition.label,
      (transition) => transitionExcluded(transition.label),
      (transition) => tookTransition.has(transition.index),
    ),
    unknownExclusions: [
      ...Object.keys(states)
        .filter((path) => !knownStates.has(path))
        .map(stateLabel),
      ...Object.keys(transitions).filter((label) => !knownTransitions.has(label)),
    ],
    takenExclusions: whole
      ? []
      : [
          ...flow.states
            .filter((state) => states[state.path] !== undefined && tookState.has(state.id))
            .map((state) => stateLabel(state.path)),
          ...flow.transitions.filter((t) => transitions[t.label] !== undefined && tookTransition.has(t.index)).map((t) => t.label),
        ],
  };
}

/** What the generated browser paths take, step by step: the plan. */
export function plannedTaken(flow: FlowPaths): Taken {
  const steps = flow.paths.flatMap((path) => path.steps);
  return { states: steps.flatMap((step) => step.visited), transitions: steps.flatMap((step) => step.transitions) };
}

const percent = ({ taken, required }: Counted) => (required === 0 ? 100 : Math.floor((taken / required) * 100));

/** `12/12 100% (+7 excluded)`: a table cell. */
export function countCell(counted: Counted): string {
  const excluded = counted.excluded === 0 ? '' : ` (+${counted.excluded} excluded)`;
  return `${counted.taken}/${counted.required} ${percent(counted)}%${excluded}`;
}

export const isWhole = (coverage: BrowserCoverage) => coverage.states.missing.length === 0 && coverage.transitions.missing.length === 0;
