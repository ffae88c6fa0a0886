/**
 * `npm run test:model [-- <machine id>…]`: the model-based path tests of all catalogued machines, or of
 * the ones named. Vitest would read extra arguments as file filters, so the ids travel in MODEL_FLOWS.
 *
 * `npm run test:model -- --browser [<machine id>…]` runs nothing: it prints how many paths each machine
 * with browser bindings has in e2e/model.spec.ts, the languages they take turns in, and the states and
 * transitions they plan to take out of all but the model's `notInBrowser` exclusions.
 */
import { startVitest } from 'vitest/node';
import { browserCoverage, countCell, plannedTaken } from '../tests/models/graph/browserCoverage';
import { browserRuns, generateFlowPaths } from '../tests/models/graph/paths';
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
  const rows = chosen.map((entry) => {
    const model = entry.model!;
    if (!model.browser) return { row: [entry.id, '0', '', '0', 'not in the browser', ''], missing: [] };
    const flow = generateFlowPaths(entry, { browser: true });
    const languages = model.browser.languages ?? [];
    // What the browser paths exercise, as planned; the run's teardown measures what they took.
    const coverage = browserCoverage(flow, model, plannedTaken(flow));
    return {
      row: [
        entry.id,
        String(flow.paths.length),
        languages.join(' ') || 'per input',
        String(browserRuns(flow.paths, languages).length),
        countCell(coverage.states),
        countCell(coverage.transitions),
      ],
      missing: [...coverage.states.missing, ...coverage.transitions.missing].map((what) => `  ${entry.id}: not in the browser: ${what}`),
    };
  });
  const table = [['machine', 'paths', 'languages', 'tests', 'states', 'transitions'], ...rows.map(({ row }) => row)];
  const total = rows.reduce((sum, { row }) => sum + Number(row[3]), 0);
  printTable('Browser model paths (e2e/model.spec.ts; exclusions: notInBrowser in each model)', table);
  console.log(`${total} tests in all`);
  for (const { missing } of rows) for (const line of missing) console.log(line);
} else {
  process.env[FLOWS_ENV] = ids.join(',');
  const vitest = await startVitest('test', ['tests/model/'], { run: true });
  await vitest.close();
}
