import type { AnyStateMachine } from 'xstate';
import type { ModelledEntry } from '../models/catalog';
import { generateFlowPaths } from '../models/graph/paths';
import { coverageOf } from './coverage';
import { replayPath, type Replayed } from './replay';

/**
 * What the model test (model.test.ts) would refuse in a machine put in place of the catalogued one, said
 * in its first line, or null when every check passes: its paths cannot be generated, it leaves a situation
 * unhandled, a path fails the replay (an invariant, a call rule, a timer), or a state or transition is no
 * longer covered. Used on deliberate breaks (breaks.test.ts) and mutants (`npm run test:mutation`).
 */
export async function refusalOf(entry: ModelledEntry, machine: AnyStateMachine): Promise<string | null> {
  const changed = { ...entry, machine };
  let flow: ReturnType<typeof generateFlowPaths>;
  try {
    flow = generateFlowPaths(changed);
  } catch (error) {
    return `path generation: ${String(error)}`;
  }
  if (flow.problems.length > 0) return `unhandled: ${flow.problems[0]}`;
  const replays = new Map<string, Replayed>();
  for (const path of flow.paths) {
    try {
      replays.set(path.name, await replayPath(changed, flow, path));
    } catch (error) {
      return String(error);
    }
  }
  const coverage = coverageOf(changed, flow, replays, 0);
  const missing = [...coverage.states.missing.map((state) => `state never reached: ${state}`), ...coverage.transitions.missing];
  return missing.length > 0 ? `coverage: ${missing[0]}` : null;
}
