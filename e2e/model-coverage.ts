import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, TestInfo } from '@playwright/test';
import { browserCoverage, countCell, isWhole, type BrowserCoverage } from '../tests/models/graph/browserCoverage';
import { describeFlow } from '../tests/models/graph/paths';
import { catalog } from '../tests/models/catalog';
import { printTable } from '../scripts/printTable';

/*
 * Measured browser coverage. Each model test (e2e/model.spec.ts) records the states and transitions of the
 * steps whose page checks passed; each worker appends its tests' records to a file of its own under the
 * output folder; this global teardown merges them, prints a table per machine and — on a full run only —
 * fails when a machine took less than all its states and transitions but the exclusions beside its model
 * (`notInBrowser`). A run of some tests only (`-g`, a file or line subset, a shard, `--last-failed`) is
 * short by design: it prints the table and enforces nothing.
 */

const FOLDER = 'model-coverage';

/** What one test took: state ids and indices into the flow's transitions (see `FlowPaths`). */
export interface TakenRecord {
  machine: string;
  test: string;
  states: string[];
  transitions: number[];
}

export function recordTaken(testInfo: TestInfo, record: TakenRecord): void {
  const folder = join(testInfo.project.outputDir, FOLDER);
  mkdirSync(folder, { recursive: true });
  appendFileSync(join(folder, `worker-${testInfo.workerIndex}.jsonl`), `${JSON.stringify(record)}\n`);
}

/** Options of `playwright test` that take a value (`--project` takes several, up to the next option). */
const VALUE_OPTIONS = new Set([
  '--add-reporter',
  '--browser',
  '-c',
  '--config',
  '-g',
  '--grep',
  '-G',
  '--grep-invert',
  '--global-timeout',
  '-j',
  '--workers',
  '--last-failed-file',
  '--max-failures',
  '--output',
  '--repeat-each',
  '--reporter',
  '--retries',
  '--run-agents',
  '--shard',
  '--test-list',
  '--test-list-invert',
  '--timeout',
  '--trace',
  '--tsconfig',
  '--ui-host',
  '--ui-port',
  '--update-source-method',
]);
const SUBSET_OPTIONS = new Set([
  '-g',
  '--grep',
  '-G',
  '--grep-invert',
  '--shard',
  '--last-failed',
  '--only-changed',
  '--test-list',
  '--test-list-invert',
]);

/**
 * Why this run is not the whole model spec, or null. Playwright keeps the command line's test filters out of
 * the config the teardown gets, so they are read from the command line itself.
 */
export function partialRun(argv: readonly string[]): string | null {
  const args = argv.slice(argv.indexOf('test') + 1);
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [option] = args[i]!.split('=');
    if (SUBSET_OPTIONS.has(option!)) return `${option} runs some tests only`;
    if (option === '--project') while (args[i + 1] !== undefined && !args[i + 1]!.startsWith('-')) i++;
    else if (VALUE_OPTIONS.has(option!) && !args[i]!.includes('=')) i++;
    else if (!option!.startsWith('-')) files.push(args[i]!);
  }
  if (files.length === 0) return null;
  // A location filter is a regular expression on the file's path, optionally with a line (and column).
  const whole = files.some((filter) => !/:\d+(:\d+)?$/.test(filter) && new RegExp(filter).test('e2e/model.spec.ts'));
  return whole ? null : `the files or lines named (${files.join(' ')}) are not the whole of e2e/model.spec.ts`;
}

function readRecords(folders: readonly string[]): TakenRecord[] {
  return folders.flatMap((folder) => {
    let files: string[];
    try {
      files = readdirSync(folder);
    } catch {
      return [];
    }
    const records = files.flatMap((file) =>
      readFileSync(join(folder, file), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as TakenRecord),
    );
    // Read once: a later run must not count this one's steps.
    rmSync(folder, { recursive: true, force: true });
    return records;
  });
}

export default function checkBrowserCoverage(config: FullConfig): void {
  const records = readRecords([...new Set(config.projects.map((project) => join(project.outputDir, FOLDER)))]);
  if (records.length === 0) return;
  const partial = partialRun(process.argv);
  const rows = catalog.flatMap((entry): Array<{ id: string; coverage: BrowserCoverage | null; tests: number }> => {
    const model = entry.model!;
    const own = records.filter((record) => record.machine === entry.id);
    // A partial run shows the machines it ran; a full run all of them.
    if (partial && own.length === 0) return [];
    if (typeof model.notInBrowser === 'string' || !model.browser) return [{ id: entry.id, coverage: null, tests: 0 }];
    const taken = { states: own.flatMap((record) => record.states), transitions: own.flatMap((record) => record.transitions) };
    return [{ id: entry.id, coverage: browserCoverage(describeFlow(entry), model, taken), tests: own.length }];
  });
  printTable('Browser model coverage, measured (e2e/model.spec.ts; exclusions: notInBrowser in each model)', [
    ['machine', 'states', 'transitions', 'tests'],
    ...rows.map(({ id, coverage, tests }) =>
      coverage ? [id, countCell(coverage.states), countCell(coverage.transitions), String(tests)] : [id, 'not in the browser', '', ''],
    ),
  ]);
  const short = rows.flatMap(({ coverage }) =>
    coverage && !isWhole(coverage)
      ? [...coverage.states.missing, ...coverage.transitions.missing].map((what) => `  ${coverage.id}: not taken in the browser: ${what}`)
      : [],
  );
  for (const line of short) console.log(line);
  if (partial) {
    console.log(`Browser coverage not enforced: ${partial}.`);
    return;
  }
  if (short.length > 0) {
    throw new Error(
      `Browser model coverage is below 100 % of what is not excluded (${short.length} missing, listed above). ` +
        'A failed model test loses the steps after its failure; otherwise bind the event in the model or exclude it there with a reason.',
    );
  }
}
