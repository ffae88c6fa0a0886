import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCounts, withCounts } from '../scripts/testingCounts';

describe('docs/testing.md', () => {
  // Generating every machine's unit and browser paths takes a while on a loaded machine.
  it('has the counts and coverage of the catalog and its models (run `npm run docs:testing` when this fails)', { timeout: 120_000 }, () => {
    const doc = readFileSync(new URL('../docs/testing.md', import.meta.url), 'utf8');
    expect(withCounts(doc, renderCounts())).toBe(doc);
  });
});
