import type { ExplorerFlow, ExplorerPaths } from '../../src/screens/flows/paths';
import { describeEntry, type FlowModel } from '../../src/flows/describe';
import { generateFlowPaths } from '../../tests/models/graph/paths';
import type { ModelledEntry } from '../../tests/models/catalog';

/** Where /flows loads each machine's diagram and example paths from (src/screens/flows/paths.ts). */
export const EXPLORER_DIR = 'src/screens/flows/generated';

/** The same paths the model-based tests replay, in terms of the diagram's transitions. */
function explorerPaths(entry: ModelledEntry, diagram: FlowModel): ExplorerPaths {
  if (!entry.model) return { status: 'noModel' };
  try {
    const generated = generateFlowPaths(entry);
    const byId = new Map(diagram.transitions.map((t) => [t.id, t.index]));
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

/** The committed explorer files, path → content: one per machine, one line, so the page loads only the one shown. */
export function explorerFiles(catalog: readonly ModelledEntry[]): Map<string, string> {
  return new Map(
    catalog.map((entry) => {
      const diagram = describeEntry(entry);
      const flow: ExplorerFlow = { diagram, paths: explorerPaths(entry, diagram) };
      return [`${EXPLORER_DIR}/${entry.id}.json`, `${JSON.stringify(flow)}\n`];
    }),
  );
}
