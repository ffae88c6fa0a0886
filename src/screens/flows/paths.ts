import type { CatalogEntry } from '../../../machines/index';
import { generateFlowPaths } from '../../../machines/graph/paths';
import type { FlowModel } from '../../flows/describe';
import type { StepView } from '../../flows/highlight';

/** A generated path (machines/graph/paths.ts) in terms of the explorer's flow model. */
export interface ExplorerStep extends StepView {
  /** What happened, as the model labels it: `NAVIGATED (signed out, /accounts)`. */
  label: string;
  kind: 'start' | 'event' | 'done' | 'error' | 'after';
}

export interface ExplorerPath {
  name: string;
  origin: 'generated' | 'journey';
  input: string | null;
  steps: ExplorerStep[];
}

export type ExplorerPaths =
  { status: 'ready'; paths: ExplorerPath[]; problems: string[] } | { status: 'noModel' } | { status: 'failed'; message: string };

/** The same paths the model-based tests replay, generated in the browser from the catalog entry's model. */
export function explorerPaths(entry: CatalogEntry, model: FlowModel): ExplorerPaths {
  if (!entry.model) return { status: 'noModel' };
  try {
    const generated = generateFlowPaths(entry);
    const byId = new Map(model.transitions.map((t) => [t.id, t.index]));
    const mine = (index: number) => byId.get(generated.transitions[index]?.id ?? '');
    return {
      status: 'ready',
      problems: generated.problems,
      paths: generated.paths.map((path) => ({
        name: path.name,
        origin: path.origin,
        input: path.input?.name ?? null,
        steps: path.steps.map((step) => ({
          label: step.label,
          kind: step.kind,
          states: step.states,
          visited: step.visited,
          transitions: step.transitions.map(mine).filter((i): i is number => i !== undefined),
        })),
      })),
    };
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
