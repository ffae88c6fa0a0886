import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalog } from './models/catalog';
import { checkFlows, diffSummary } from '../scripts/flows/check';
import { buildFlowDocs, flowMarkdown, flowsReadme } from '../scripts/flows/docs';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('flow diagrams (npm run flows:check)', () => {
  it('the committed docs/flows and /flows explorer files match what the machines and models generate', () => {
    const result = checkFlows(root, catalog);
    // The problems name each stale file and its first difference; fix with `npm run flows`.
    expect(result.problems, 'run `npm run flows` and commit docs/flows/ and src/screens/flows/generated/').toEqual([]);
    // Per machine: its markdown, its SVG and the /flows page's diagram and paths; plus the README.
    expect(result.checked).toBe(catalog.length * 3 + 1);
    // Generating every machine's paths for the explorer files takes seconds, longer on a loaded runner.
  }, 120_000);

  it('documents every catalogued machine, with its states and transitions', () => {
    const docs = buildFlowDocs(catalog);
    const readme = flowsReadme(docs);
    for (const doc of docs) {
      expect(readme).toContain(`(${doc.entry.id}.md)`);
      const markdown = flowMarkdown(doc);
      expect(markdown).toContain(`# ${doc.entry.title}`);
      expect(markdown).toContain('```mermaid\nstateDiagram-v2\n');
      for (const state of doc.model.states.slice(1)) expect(markdown).toContain(`| \`${state.path.join('.')}\``);
      const transitionRows = markdown
        .split('## Transitions')[1]!
        .split('\n')
        .filter((line) => line.startsWith('| '));
      expect(transitionRows.length - 1).toBe(doc.model.transitions.length); // minus the header row
    }
  });

  it('generates the same bytes every time', () => {
    const once = buildFlowDocs(catalog).map(flowMarkdown);
    const twice = buildFlowDocs(catalog).map(flowMarkdown);
    expect(twice).toEqual(once);
  });

  it('summarises a difference by line', () => {
    expect(diffSummary('a\nb\nc\n', 'a\nB\nc\n')).toBe(
      '1 line(s) missing, 1 unexpected; first difference at line 2: expected "b", found "B"',
    );
    expect(diffSummary('a\nb\n', 'a\n')).toMatch(/first difference at line 2: expected "b", found ""/);
  });
});
