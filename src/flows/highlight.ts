import { activeStateIds, type FlowModel } from './describe';
import type { MermaidDiagram } from './mermaid';

/** One settled step of a path, in terms of the flow model. */
export interface StepView {
  /** State ids active once the step settled (root left out or in — both work). */
  states: readonly string[];
  /** State ids the step passed through, `always` hops included. */
  visited: readonly string[];
  /** Indexes into `FlowModel.transitions`, in the order taken. */
  transitions: readonly number[];
}

/** What the diagram emphasizes, as Mermaid node ids and Mermaid edge ids (`edge7`). */
export interface DiagramHighlight {
  current: string[];
  visited: string[];
  currentEdges: string[];
  takenEdges: string[];
  live: string[];
}

export const NO_HIGHLIGHT: DiagramHighlight = { current: [], visited: [], currentEdges: [], takenEdges: [], live: [] };

function nodeIdsOf(diagram: MermaidDiagram, stateIds: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const id of stateIds) {
    const node = diagram.nodeIds[id];
    if (node) out.add(node);
  }
  return [...out];
}

function edgesOf(diagram: MermaidDiagram, transitions: Iterable<number>, entered: ReadonlySet<string>): string[] {
  const wanted = new Set(transitions);
  const out = new Set<string>();
  for (const edge of diagram.edges) {
    if (edge.transitions.some((t) => wanted.has(t))) out.add(edge.domId);
  }
  // The `[*]` arrow into an initial state counts as taken when that state was entered.
  for (const edge of diagram.edges) {
    if (edge.from === 'start' && entered.has(edge.to)) out.add(edge.domId);
  }
  return [...out];
}

/**
 * The highlight of step `index` of a path: its settled states as current, every state and transition of
 * the steps so far as visited/taken, and this step's own transitions as the current edges.
 */
export function pathHighlight(diagram: MermaidDiagram, steps: readonly StepView[], index: number): DiagramHighlight {
  const step = steps[index];
  if (!step) return NO_HIGHLIGHT;
  const visited = new Set<string>();
  const taken = new Set<number>();
  for (const s of steps.slice(0, index + 1)) {
    for (const id of s.visited) visited.add(id);
    for (const id of s.states) visited.add(id);
    for (const t of s.transitions) taken.add(t);
  }
  const stepNodes = nodeIdsOf(diagram, [...step.visited, ...step.states]);
  const before = new Set(index > 0 ? nodeIdsOf(diagram, steps[index - 1]!.states) : []);
  const enteredNow = new Set(stepNodes.filter((node) => !before.has(node)));
  const visitedNodes = nodeIdsOf(diagram, visited);
  return {
    current: nodeIdsOf(diagram, step.states),
    visited: visitedNodes,
    currentEdges: edgesOf(diagram, step.transitions, enteredNow),
    takenEdges: edgesOf(diagram, taken, new Set(visitedNodes)),
    live: [],
  };
}

/** Mermaid node ids of the states active for a live snapshot's `value`. */
export function liveNodes(model: FlowModel, diagram: MermaidDiagram, value: unknown): string[] {
  return nodeIdsOf(diagram, activeStateIds(model, value));
}
