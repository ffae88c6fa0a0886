import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFlowPaths, type FlowPaths } from '../models/graph/paths';
import { coverageOf, coverageTable, writeCoverageReports, type FlowCoverage } from './coverage';
import { replayPath, type Replayed } from './replay';
import { FLOWS_ENV, selectFlows } from './select';

/*
 * Model-based path tests: for every catalogued machine (or those in MODEL_FLOWS), the generated paths
 * replayed on the real machine, then the coverage of what actually ran — 100% of states and transitions
 * or the machine's last test fails. `npm run test:model` runs this folder; `npm test` runs it too.
 */

const entries = selectFlows((process.env[FLOWS_ENV] ?? '').split(',').filter(Boolean));
const results: FlowCoverage[] = [];

afterAll(async () => {
  if (results.length === 0) return;
  console.log(coverageTable(results));
  await writeCoverageReports(results);
});

for (const entry of entries) {
  describe(`${entry.title} (${entry.id})`, () => {
    const generatedIn = performance.now();
    let flow: FlowPaths;
    try {
      flow = generateFlowPaths(entry);
    } catch (error) {
      // A broken model fails its own machine's tests, not the whole file.
      it('generates its paths', () => {
        throw error;
      });
      return;
    }
    const generationMs = performance.now() - generatedIn;
    const replays = new Map<string, Replayed>();
    let replayStart = 0;
    beforeAll(() => {
      replayStart = performance.now();
    });

    for (const path of flow.paths) {
      it(path.name, async () => {
        replays.set(path.name, await replayPath(entry, flow, path));
      });
    }

    it('reaches every state and takes every transition', () => {
      const coverage = coverageOf(entry, flow, replays, generationMs + performance.now() - replayStart);
      results.push(coverage);
      expect(flow.problems, 'situations the machine does not handle').toEqual([]);
      expect(coverage.states.missing, 'states never reached').toEqual([]);
      expect(coverage.transitions.missing, 'transitions never taken').toEqual([]);
    });
  });
}
