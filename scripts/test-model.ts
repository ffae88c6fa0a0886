/**
 * `npm run test:model [-- <machine id>…]`: the model-based path tests of all catalogued machines, or of
 * the ones named. Vitest would read extra arguments as file filters, so the ids travel in MODEL_FLOWS.
 *
 * `npm run test:model -- --browser [<machine id>…]` runs nothing: it prints how many paths each machine
 * with browser bindings has in e2e/model.spec.ts, and the languages they take turns in.
 */
import { startVitest } from 'vitest/node';
import { browserRuns, generateFlowPaths } from '../machines/graph/paths';
import { FLOWS_ENV, selectFlows } from '../tests/model/select';
import { printTable } from './printTable';

const args = process.argv.slice(2);
const browser = args.includes('--browser');
const ids = args.filter((arg) => arg !== '--browser');
let chosen: ReturnType<typeof selectFlows>;
try {
  chosen = selectFlows(ids);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

if (browser) {
  const rows = chosen
    .filter((entry) => entry.model?.browser)
    .map((entry) => {
      const flow = generateFlowPaths(entry, { browser: true });
      const paths = flow.paths.length;
      const languages = entry.model!.browser!.languages ?? [];
      // What the browser paths exercise, as planned (the unit replays check that the machine does it).
      const states = new Set(flow.paths.flatMap((path) => path.steps.flatMap((step) => step.visited)));
      const transitions = new Set(flow.paths.flatMap((path) => path.steps.flatMap((step) => step.transitions)));
      const missing = [
        ...flow.states.filter((state) => !states.has(state.id)).map((state) => `state ${state.path}`),
        ...flow.transitions.filter((t) => !transitions.has(t.index)).map((t) => t.label),
      ];
      return {
        row: [
          entry.id,
          String(paths),
          languages.join(' ') || 'per input',
          String(browserRuns(flow.paths, languages).length),
          `${states.size}/${flow.states.length}`,
          `${transitions.size}/${flow.transitions.length}`,
        ],
        missing: missing.map((what) => `  ${entry.id}: not in the browser: ${what}`),
      };
    });
  const table = [['machine', 'paths', 'languages', 'tests', 'states', 'transitions'], ...rows.map(({ row }) => row)];
  const total = rows.reduce((sum, { row }) => sum + Number(row[3]), 0);
  printTable('Browser model paths (e2e/model.spec.ts)', table);
  console.log(`${total} tests in all`);
  for (const { missing } of rows) for (const line of missing) console.log(line);
} else {
  process.env[FLOWS_ENV] = ids.join(',');
  const vitest = await startVitest('test', ['tests/model/'], { run: true });
  await vitest.close();
}
