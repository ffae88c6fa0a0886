import { describe, expect, it } from 'vitest';
import { browserCoverage, plannedTaken } from '../models/graph/browserCoverage';
import { generateFlowPaths, planOf, replayPlan } from '../models/graph/paths';
import { catalog } from '../models/catalog';

/*
 * The browser plan: the paths generated for e2e/model.spec.ts take every state and transition a machine
 * has, but for the exclusions beside its model (`notInBrowser`, each with its reason). A new transition
 * without a browser binding fails here, in `npm test`, before any browser starts; the run's teardown then
 * checks that the browser really took what was planned (e2e/model-coverage.ts).
 */
describe('the browser plan', () => {
  for (const entry of catalog) {
    const model = entry.model!;
    if (!model.browser) {
      it(`${entry.id}: says why it has no browser bindings`, () => {
        expect(typeof model.notInBrowser, 'notInBrowser: the reason the machine is not driven in the browser').toBe('string');
        expect((model.notInBrowser as string).split(/\s+/).length, 'a reason, in words').toBeGreaterThanOrEqual(5);
      });
      continue;
    }
    it(`${entry.id}: its browser paths take everything not excluded, with a reason for each exclusion`, () => {
      const exclusions = model.notInBrowser ?? {};
      if (typeof exclusions === 'string') throw new Error('a machine with browser bindings excludes states and transitions one by one');
      const flow = generateFlowPaths(entry, { browser: true });
      const coverage = browserCoverage(flow, model, plannedTaken(flow));
      expect(coverage.unknownExclusions, 'exclusions naming no state or transition').toEqual([]);
      expect(coverage.takenExclusions, 'exclusions of what the browser paths take (remove them)').toEqual([]);
      expect([...coverage.states.missing, ...coverage.transitions.missing], 'neither in the browser paths nor excluded').toEqual([]);
      // Playwright's workers replay the listing process's plans (e2e/model.spec.ts): the same path, step for step.
      const stepsOf = (steps: (typeof flow.paths)[number]['steps']) =>
        steps.map(({ label, states, visited, transitions, snapshot }) => ({
          label,
          states,
          visited,
          transitions,
          value: snapshot.value,
          context: snapshot.context,
        }));
      for (const path of flow.paths) {
        const replayed = replayPlan(entry, JSON.parse(JSON.stringify(planOf(path))));
        expect({ ...replayed, steps: stepsOf(replayed.steps) }, path.name).toEqual({ ...path, steps: stepsOf(path.steps) });
      }
      const reasons = Object.entries({ ...exclusions.states, ...exclusions.transitions });
      expect(
        reasons.filter(([, reason]) => (reason ?? '').split(/\s+/).length < 5).map(([what]) => what),
        'reasons in words',
      ).toEqual([]);
    });
  }
});
