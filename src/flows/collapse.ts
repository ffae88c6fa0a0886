import type { FlowModel, FlowState } from './describe';

/**
 * Collapsible parts of a diagram: a large machine opens as an overview, each compound state drawn as
 * one box, and a reviewer opens the parts they want to read (the flow explorer, /flows). docs/flows
 * stays fully drawn: a file cannot be clicked open.
 */

/** Machines with more states than this open as an overview; smaller ones fit a screen as they are. */
export const OVERVIEW_ABOVE_STATES = 12;

/**
 * The states that can be drawn as one box: compound and parallel states below the root. The regions of
 * a parallel state open and close with it (a parallel state with closed regions says nothing).
 */
export function collapsibleStates(model: FlowModel): FlowState[] {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  return model.states.filter(
    (s) => s.parent !== null && (s.type === 'compound' || s.type === 'parallel') && byId.get(s.parent)?.type !== 'parallel',
  );
}

/** What a machine opens with: every part closed when it is large, else everything drawn. */
export function defaultCollapsed(model: FlowModel): string[] {
  return model.states.length - 1 > OVERVIEW_ABOVE_STATES ? collapsibleStates(model).map((s) => s.id) : [];
}

export interface CollapsedModel {
  model: FlowModel;
  /** Each state hidden inside a closed part, by the id of the closed state drawn for it. */
  shownAs: Map<string, string>;
  /** How many states each closed part holds, by its id. */
  inside: Map<string, number>;
}

/**
 * The model as drawn with the `collapsed` states closed: a closed state becomes a plain box (its own
 * invoked actors kept), the states inside it are left out, and a transition from or to a state inside
 * runs from or to the closed box. Transitions that stay inside a closed part are left out; a transition
 * keeps its index, so paths and live state still find the edge that draws it.
 */
export function collapseModel(model: FlowModel, collapsed: Iterable<string>): CollapsedModel {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const closed = new Set([...collapsed].filter((id) => collapsibleStates(model).some((s) => s.id === id)));
  const shownAs = new Map<string, string>();
  const inside = new Map<string, number>();
  for (const state of model.states) {
    // The outermost closed ancestor draws a hidden state (its own box when it is closed itself).
    let drawnAs: string | null = null;
    for (let s = state.parent ? byId.get(state.parent) : undefined; s; s = s.parent ? byId.get(s.parent) : undefined) {
      if (closed.has(s.id)) drawnAs = s.id;
    }
    if (drawnAs) {
      shownAs.set(state.id, drawnAs);
      inside.set(drawnAs, (inside.get(drawnAs) ?? 0) + 1);
    }
  }
  if (shownAs.size === 0) return { model, shownAs, inside };

  const visible = (id: string) => shownAs.get(id) ?? id;
  const states = model.states
    .filter((s) => !shownAs.has(s.id))
    .map((s): FlowState => (closed.has(s.id) ? { ...s, type: 'atomic', children: [], initial: null } : s));
  const transitions = model.transitions.flatMap((t) => {
    const source = visible(t.source);
    const targets = [...new Set(t.targets.map(visible))];
    const fromInside = shownAs.has(t.source);
    // Within a closed part: what happens inside is not drawn.
    if (fromInside && targets.every((target) => target === source)) return [];
    return [{ ...t, source, targets }];
  });
  return { model: { ...model, states, transitions }, shownAs, inside };
}
