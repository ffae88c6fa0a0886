import { catalog, type ModelledEntry } from '../models/catalog';

/** The catalogued machines to test: all, or the ids asked for (`npm run test:model -- session routeGuard`). */
export function selectFlows(ids: readonly string[]): ModelledEntry[] {
  const unknown = ids.filter((id) => !catalog.some((entry) => entry.id === id));
  if (unknown.length > 0) {
    throw new Error(`Unknown machine id: ${unknown.join(', ')}. Catalogued ids: ${catalog.map((entry) => entry.id).join(', ')}`);
  }
  const chosen = ids.length > 0 ? catalog.filter((entry) => ids.includes(entry.id)) : catalog;
  const unmodelled = chosen.filter((entry) => !entry.model);
  if (unmodelled.length > 0) {
    throw new Error(
      `No model for: ${unmodelled.map((entry) => entry.id).join(', ')}. Add tests/models/<flow>.model.ts and register it in tests/models/catalog.ts`,
    );
  }
  return chosen;
}

/** How the npm script hands the chosen ids to the test file (vitest takes its own arguments as file filters). */
export const FLOWS_ENV = 'MODEL_FLOWS';
