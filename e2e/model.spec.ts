import { test } from './fixtures';
import { catalog } from '../tests/models/catalog';
import { browserRuns, generateFlowPaths } from '../tests/models/graph/paths';
import { recordTaken } from './model-coverage';
import { runPathInPage } from './model-driver';

/*
 * Browser model tests: every catalogued flow with browser bindings (`FlowModel.browser`) gets one test per
 * path generated from the events its bindings can cause — in one of the languages the bindings name, taking
 * turns (`browserRuns`) — run against the real app. `npm run test:model -- --browser` prints how many there are per machine.
 * Each test records the states and transitions whose page checks passed; the run's global teardown
 * (e2e/model-coverage.ts) merges them and, on a full run, fails a machine below 100 % but its exclusions.
 */
for (const entry of catalog.filter((e) => e.model?.browser)) {
  const flow = generateFlowPaths(entry, { browser: true });
  test.describe(`${entry.title} (${entry.id} model)`, () => {
    for (const { path, language } of browserRuns(flow.paths, entry.model!.browser!.languages)) {
      test(language ? `[${language}] ${path.name}` : path.name, async ({ page, context, baseURL }, testInfo) => {
        // These flows live in the browser: their sessions are cookie fixtures, not server sessions, so the
        // API answers with its error shape unless a binding answers a call itself (later routes win). A
        // refusal, which the app does not retry: a page waiting on a call the path does not name is not
        // kept waiting through the retries' back-off.
        await context.route('**/api/**', (route) =>
          route.fulfill({ status: 400, json: { error: { code: 'internal_error', message: 'Not part of this flow' } } }),
        );
        const took = { states: new Set<string>(), transitions: new Set<number>() };
        try {
          await runPathInPage({ page, context, baseURL: baseURL! }, entry.model!, flow, path, language, took);
        } finally {
          // What the page showed it took, failed or not: the run's teardown counts the coverage.
          recordTaken(testInfo, { machine: entry.id, test: testInfo.title, states: [...took.states], transitions: [...took.transitions] });
        }
      });
    }
  });
}
