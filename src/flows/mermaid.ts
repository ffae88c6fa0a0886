import { collapseModel } from './collapse';
import type { FlowModel, FlowState, FlowTransition } from './describe';
import { invokeWords, stateWords, transitionWords } from './labels';

/**
 * Turns a `FlowModel` into a Mermaid `stateDiagram-v2`: nested and parallel states, `[*]` initial and
 * final markers, and everything in plain words (src/flows/labels.ts): states by their names in words,
 * transitions by their descriptions or their trigger, guard and timer in words, and each invoked actor
 * as `runs: …` inside its state.
 *
 * Transitions that a compound state (or the whole machine) declares for its own descendants — and
 * transitions that only run actions — start from a dashed “any state” node inside that state, so they
 * read as “whatever the current child is”.
 */

export interface MermaidEdge {
  /**
   * The transitions drawn (indexes into `FlowModel.transitions`); transitions between the same two
   * states share one edge with one label line each. Empty for the `[*]` initial and final markers.
   */
  transitions: number[];
  /** Mermaid ids of the two ends (`[*]` markers are named `start` / `end`). */
  from: string;
  to: string;
  label: string;
  /**
   * The id Mermaid gives the edge in the SVG (`data-id="edge7"` on its path and label): relations and
   * notes share one counter, in document order.
   */
  domId: string;
}

export interface MermaidDiagram {
  source: string;
  /**
   * Mermaid node id of each state id (the root has none, unless it is parallel and drawn as a box); a
   * state inside a closed part has the closed part's box.
   */
  nodeIds: Record<string, string>;
  /** The state id of each closed part's box, by Mermaid node id (src/flows/collapse.ts). */
  closedParts: Record<string, string>;
  /** The “any state” node of a compound state id (the root's is keyed by the machine's root id). */
  anyNodeIds: Record<string, string>;
  /** Edges in the order they appear in the source. */
  edges: MermaidEdge[];
}

/** Words Mermaid's state diagram grammar reserves; ids equal to them get a suffix. */
const RESERVED = new Set([
  'state',
  'note',
  'direction',
  'classDef',
  'class',
  'style',
  'end',
  'as',
  'left',
  'right',
  'of',
  'click',
  'accTitle',
  'accDescr',
  'TB',
  'BT',
  'LR',
  'RL',
  'default',
]);

/** How Mermaid breaks a label into lines. */
export const LINE_BREAK = '<br/>';

export const MERMAID_CLASSES = {
  any: 'flowAny',
  final: 'flowFinal',
  history: 'flowHistory',
} as const;

/** Label text safe inside Mermaid: no line breaks, no `#…;` entity starts, no `;` / `:` surprises. */
export function mermaidText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/#/g, '№')
    .replace(/;/g, ',')
    .replace(/"/g, '”')
    .replace(/[{}]/g, (c) => (c === '{' ? '(' : ')'))
    .trim();
}

function baseId(state: FlowState): string {
  const raw = state.path.join('__').replace(/[^A-Za-z0-9_]/g, '_') || 'root';
  const id = /^[A-Za-z_]/.test(raw) ? raw : `s_${raw}`;
  return RESERVED.has(id) ? `${id}_` : id;
}

/** Edge labels longer than this break into lines, so a description does not stretch the drawing. */
const LABEL_LINE = 36;

/** A label as Mermaid text, broken into lines of at most `LABEL_LINE` characters between words. */
export function wrappedText(text: string): string {
  const lines: string[] = [];
  for (const word of mermaidText(text).split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= LABEL_LINE) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.join(LINE_BREAK);
}

/** `collapsed`: compound states drawn closed, as one box each (src/flows/collapse.ts). */
export function toMermaid(full: FlowModel, collapsed: Iterable<string> = []): MermaidDiagram {
  const { model, shownAs, inside } = collapseModel(full, collapsed);
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const root = model.states[0];
  if (!root) throw new Error(`Machine ${model.id} has no root state`);

  const nodeIds: Record<string, string> = {};
  const used = new Set<string>();
  for (const state of model.states.slice(1)) {
    let id = baseId(state);
    while (used.has(id)) id = `${id}_`;
    used.add(id);
    nodeIds[state.id] = id;
  }

  const isAncestorOrSelf = (ancestor: string, id: string) => {
    for (let s = byId.get(id); s; s = s.parent ? byId.get(s.parent) : undefined) if (s.id === ancestor) return true;
    return false;
  };

  // Which state each edge is written in (the innermost block containing both ends), and the any-nodes.
  const anyNodeIds: Record<string, string> = {};
  const needsAny = (t: FlowTransition) => {
    const source = byId.get(t.source)!;
    if (source.type === 'atomic' || source.type === 'final' || source.type === 'history') return false;
    if (t.targets.length === 0) return true;
    return t.targets.some((target) => isAncestorOrSelf(source.id, target));
  };
  for (const t of model.transitions) {
    if (!needsAny(t) || anyNodeIds[t.source]) continue;
    const source = byId.get(t.source)!;
    let id = source.parent ? `${nodeIds[source.id]}__any` : 'any_state';
    while (used.has(id)) id = `${id}_`;
    used.add(id);
    anyNodeIds[t.source] = id;
  }

  const parentOf = (id: string) => byId.get(id)?.parent ?? null;
  const lca = (a: string, b: string): string => {
    const chain = new Set<string>();
    for (let s: string | null = a; s; s = parentOf(s)) chain.add(s);
    for (let s: string | null = b; s; s = parentOf(s)) if (chain.has(s)) return s;
    return root.id;
  };
  /** The block an edge is written in: the innermost state containing both ends, never an end itself. */
  const blockOf = (from: string, to: string): string => {
    let scope = lca(from, to);
    while ((scope === from || scope === to) && parentOf(scope)) scope = parentOf(scope)!;
    return scope;
  };

  interface PlannedEdge extends Omit<MermaidEdge, 'domId'> {
    block: string;
  }
  const planned: PlannedEdge[] = [];
  /** Lines written inside a state's box (invoked actors, transitions that only run actions), by node id. */
  const boxLines = new Map<string, string[]>();
  // Mermaid reads a second `:` in `id : text` as a syntax error: a box line says it with a dash.
  const addLine = (nodeId: string, line: string) => boxLines.set(nodeId, [...(boxLines.get(nodeId) ?? []), line.replace(/\s*:/g, ' —')]);
  const closedParts: Record<string, string> = {};
  for (const [stateId, count] of inside) {
    closedParts[nodeIds[stateId]!] = stateId;
    addLine(nodeIds[stateId]!, `▸ ${count} states inside, click to open`);
  }
  for (const state of model.states) {
    const id = nodeIds[state.id];
    if (id && state.type !== 'compound' && state.type !== 'parallel')
      for (const inv of state.invokes) addLine(id, mermaidText(invokeWords(inv)));
  }

  for (const t of model.transitions) {
    const label = wrappedText(transitionWords(t));
    const any = anyNodeIds[t.source];
    if (t.targets.length === 0) {
      addLine(any ?? nodeIds[t.source]!, label);
      continue;
    }
    for (const target of t.targets) {
      if (any && isAncestorOrSelf(t.source, target)) {
        // “Whatever the current child is”: from the any-node inside the source state.
        const to = target === t.source ? any : nodeIds[target]!;
        planned.push({ transitions: [t.index], from: any, to, label, block: t.source });
      } else {
        const to = nodeIds[target];
        if (!to) continue;
        planned.push({ transitions: [t.index], from: nodeIds[t.source]!, to, label, block: blockOf(t.source, target) });
      }
    }
  }

  const lines: string[] = ['stateDiagram-v2'];
  const edges: MermaidEdge[] = [];
  let mermaidItems = 0;
  const nextEdgeId = () => `edge${mermaidItems++}`;
  // Mermaid applies `class` statements only at the top level of the diagram.
  const classes: string[] = [];
  const emit = (depth: number, text: string) => lines.push(`${'  '.repeat(depth)}${text}`);

  /** A state's children: regions separated by `--` for a parallel state, else `[*]` and the children. */
  const writeBody = (scope: FlowState, depth: number) => {
    const children = scope.children.map((id) => byId.get(id)!);
    if (scope.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) emit(depth, '--');
        writeState(child, depth);
      });
      return;
    }
    if (scope.initial) {
      emit(depth, `[*] --> ${nodeIds[scope.initial]}`);
      edges.push({ transitions: [], from: 'start', to: nodeIds[scope.initial]!, label: '', domId: nextEdgeId() });
    }
    for (const child of children) writeState(child, depth);
  };

  /**
   * The any-state box, final markers and edges that belong to a state. Inside a parallel state every
   * statement after a `--` joins the last region, so a parallel state's are written after its box.
   */
  const writeExtras = (scope: FlowState, depth: number) => {
    const any = anyNodeIds[scope.id];
    if (any) {
      emit(
        depth,
        `state "${scope.type === 'parallel' && scope.parent ? `any state in ${mermaidText(stateWords(scope))}` : 'any state'}" as ${any}`,
      );
      for (const line of boxLines.get(any) ?? []) emit(depth, `${any} : ${line}`);
      classes.push(`class ${any} ${MERMAID_CLASSES.any}`);
    }
    if (scope.type !== 'parallel') {
      for (const child of scope.children.map((id) => byId.get(id)!)) {
        if (child.type === 'final') {
          emit(depth, `${nodeIds[child.id]} --> [*]`);
          edges.push({ transitions: [], from: nodeIds[child.id]!, to: 'end', label: '', domId: nextEdgeId() });
        }
      }
    }
    // Transitions between the same two states share an edge: parallel edges' labels would overlap.
    const merged: Array<Omit<MermaidEdge, 'domId'>> = [];
    for (const edge of planned.filter((e) => e.block === scope.id)) {
      const same = merged.find((m) => m.from === edge.from && m.to === edge.to);
      if (same) {
        same.transitions.push(...edge.transitions);
        same.label += `${LINE_BREAK}${edge.label}`;
      } else {
        merged.push({ transitions: [...edge.transitions], from: edge.from, to: edge.to, label: edge.label });
      }
    }
    for (const edge of merged) {
      emit(depth, `${edge.from} --> ${edge.to} : ${edge.label}`);
      edges.push({ ...edge, domId: nextEdgeId() });
    }
  };

  const writeState = (state: FlowState, depth: number) => {
    const id = nodeIds[state.id]!;
    const label = mermaidText(stateWords(state));
    if (state.type === 'compound' || state.type === 'parallel') {
      emit(depth, `state "${label}" as ${id} {`);
      writeBody(state, depth + 1);
      if (state.type === 'compound') writeExtras(state, depth + 1);
      emit(depth, '}');
      if (state.type === 'parallel') writeExtras(state, depth);
      for (const inv of state.invokes) {
        emit(depth, `note right of ${id} : ${mermaidText(invokeWords(inv))}`);
        nextEdgeId(); // a note takes a number from the same counter as the edges
      }
      return;
    }
    emit(depth, `state "${label}" as ${id}`);
    for (const line of boxLines.get(id) ?? []) emit(depth, `${id} : ${line}`);
    if (state.type === 'final') classes.push(`class ${id} ${MERMAID_CLASSES.final}`);
    if (state.type === 'history') classes.push(`class ${id} ${MERMAID_CLASSES.history}`);
  };

  if (root.type === 'parallel') {
    // Mermaid draws regions (`--`) only inside a composite state: wrap a parallel machine in one.
    let id = 'machine';
    while (used.has(id)) id = `${id}_`;
    nodeIds[root.id] = id;
    emit(1, `state "${mermaidText(stateWords(root))}" as ${id} {`);
    writeBody(root, 2);
    emit(1, '}');
    writeExtras(root, 1);
  } else {
    writeBody(root, 1);
    writeExtras(root, 1);
  }
  // No `fill` here: Mermaid applies a class's style to the label too, and the text would take the fill.
  emit(1, `classDef ${MERMAID_CLASSES.any} stroke-dasharray:4 3,font-style:italic`);
  emit(1, `classDef ${MERMAID_CLASSES.final} stroke-width:3px`);
  emit(1, `classDef ${MERMAID_CLASSES.history} font-style:italic`);
  for (const line of classes) emit(1, line);

  for (const [hidden, shown] of shownAs) nodeIds[hidden] = nodeIds[shown]!;
  return { source: `${lines.join('\n')}\n`, nodeIds, closedParts, anyNodeIds, edges };
}
