import type { AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../machines/index';
import type { StateMeta } from '../models/graph/model';

/*
 * A state's `meta: { view: { testId } }` is what its browser paths wait for on the page. A test id renamed in
 * src/ would leave the machine naming one no screen has: the browser paths would then fail on a timeout far
 * from the cause, or — for a machine without browser bindings — never notice. So every test id a machine
 * names must be given in src/: as a `data-testid`, or as the `testId` a shared block forwards to one.
 */
const sources = import.meta.glob<string>('../../src/**/*.tsx', { eager: true, query: '?raw', import: 'default' });

/** The string literals of every `data-testid` and `testId` prop in a source: `data-testid={x ? 'a' : 'b'}` gives both. */
function testIdsIn(source: string): string[] {
  const ids: string[] = [];
  for (const [, quoted, expression] of source.matchAll(/(?:data-testid|\btestId)=(?:"([^"]+)"|\{([^}]*)\})/g)) {
    if (quoted !== undefined) ids.push(quoted);
    else for (const [, literal] of expression!.matchAll(/['"`]([\w-]+)['"`]/g)) ids.push(literal!);
  }
  return ids;
}

function viewTestIds(node: AnyStateNode): Array<{ state: string; testId: string }> {
  const own = (node.meta as StateMeta | undefined)?.view;
  const here = own && 'testId' in own ? [{ state: node.id, testId: own.testId }] : [];
  return [...here, ...Object.values(node.states).flatMap(viewTestIds)];
}

describe('the test ids machines name for their views', () => {
  const given = new Set(Object.values(sources).flatMap(testIdsIn));
  const named = catalog.flatMap((entry) => viewTestIds(entry.machine.root));

  it('reads the test ids of src/ and of the machines', () => {
    expect(given.has('error-page')).toBe(true);
    expect(named.length).toBeGreaterThanOrEqual(10);
  });

  it('are each given to an element in src/', () => {
    expect(named.filter(({ testId }) => !given.has(testId)).map(({ state, testId }) => `${state}: ${testId}`)).toEqual([]);
  });
});
