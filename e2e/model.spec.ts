import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from './fixtures';
import { catalog } from '../tests/models/catalog';
import { browserRuns, describeFlow, generateFlowPaths, planOf, replayPlan, type PathPlan } from '../tests/models/graph/paths';
import { recordTaken } from './model-coverage';
import { runPathInPage } from './model-driver';

/*
 * Browser model tests: every catalogued flow with browser bindings (`FlowModel.browser`) gets one test per
 * path generated from the events its bindings can cause — in one of the languages the bindings name, taking
 * turns (`browserRuns`) — run against the real app. `npm run test:model -- --browser` prints how many there are per machine.
 * Each test records the states and transitions whose page checks passed; the run's global teardown
 * (e2e/model-coverage.ts) merges them and, on a full run, fails a machine below 100 % but its exclusions.
 */

const modelled = catalog.filter((entry) => entry.model?.browser);

/**
 * Making every flow's browser paths takes the listing process about six seconds of CPU; each worker that
 * loads this file needs the same test names, and made them again (a 10 s gap in each worker's start on
 * CI's two cores). The listing process writes the paths as plans (input and step labels) to a file its
 * workers inherit the name of; a worker replays only the paths of the tests it runs.
 */
const PLANS_FILE = 'MERIDIAN_MODEL_PLANS';
function browserPlans(): Record<string, PathPlan[]> {
  const inWorker = process.env.TEST_WORKER_INDEX !== undefined;
  const handed = process.env[PLANS_FILE];
  if (inWorker && handed) return JSON.parse(readFileSync(handed, 'utf8')) as Record<string, PathPlan[]>;
  const plans = Object.fromEntries(modelled.map((entry) => [entry.id, generateFlowPaths(entry, { browser: true }).paths.map(planOf)]));
  if (!inWorker) {
    const folder = mkdtempSync(join(tmpdir(), 'meridian-model-plans-'));
    process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
    process.env[PLANS_FILE] = join(folder, 'plans.json');
    writeFileSync(process.env[PLANS_FILE], JSON.stringify(plans));
  }
  return plans;
}

const plans = browserPlans();
for (const entry of modelled) {
  test.describe(`${entry.title} (${entry.id} model)`, () => {
    for (const { path: plan, language } of browserRuns(plans[entry.id]!, entry.model!.browser!.languages)) {
      test(language ? `[${language}] ${plan.name}` : plan.name, async ({ page, context, baseURL }, testInfo) => {
        // These flows live in the browser: their sessions are cookie fixtures, not server sessions, so the
        // API answers with its error shape unless a binding answers a call itself (later routes win). A
        // refusal, which the app does not retry: a page waiting on a call the path does not name is not
        // kept waiting through the retries' back-off.
        await context.route('**/api/**', (route) =>
          route.fulfill({ status: 400, json: { error: { code: 'internal_error', message: 'Not part of this flow' } } }),
        );
        const took = { states: new Set<string>(), transitions: new Set<number>() };
        try {
          const path = replayPlan(entry, plan);
          await runPathInPage({ page, context, baseURL: baseURL! }, entry.model!, describeFlow(entry), path, language, took);
        } finally {
          // What the page showed it took, failed or not: the run's teardown counts the coverage.
          recordTaken(testInfo, { machine: entry.id, test: testInfo.title, states: [...took.states], transitions: [...took.transitions] });
        }
      });
    }
  });
}
