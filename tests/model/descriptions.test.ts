import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../machines/index';

/*
 * The diagrams and the flow docs are read by product reviewers, who read the `description`s, not the code
 * names. So every state and every transition (events, `always`, timers, an actor's done and error) of
 * every catalogued machine says in plain words what the customer sees or what happens: at least three
 * words, and more than the identifier's own words ("Confirming." under `confirming` says nothing), and not
 * the request it makes ("POST /kyc/submit." says nothing of what the customer waits for).
 */

/** Words that carry no meaning of their own, so "The confirming" still only repeats `confirming`. */
const filler = new Set(['a', 'an', 'the', 'is', 'are', 'be', 'it', 'its', 'of', 'to', 'on', 'in', 'for', 'and', 'or', 'then', 'now']);

/** `REVIEW_REQUESTED`, `priced.step.review`, `xstate.after.QUOTE_DEBOUNCE.transfer` → their lower-case words. */
const identifierWords = (...identifiers: string[]) =>
  new Set(
    identifiers.flatMap((identifier) =>
      identifier
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    ),
  );

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Why a description does not do, or null when it does. */
function problem(description: unknown, identifiers: string[]): string | null {
  if (typeof description !== 'string' || description.trim() === '') return 'no description';
  const all = words(description);
  if (all.length < 3) return `under three words: “${description}”`;
  const own = identifierWords(...identifiers);
  const meaningful = all.filter((word) => !filler.has(word));
  if (meaningful.every((word) => own.has(word))) return `only repeats the identifier: “${description}”`;
  if (/^(GET|POST|PUT|PATCH|DELETE)\b/.test(description.trim()))
    return `names the request, not what the customer waits for: “${description}”`;
  return null;
}

/** What `state.transitions` and `always` hold, as far as this test reads it. */
interface Transition {
  eventType: string;
  description?: unknown;
  target?: readonly AnyStateNode[];
}

const nodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(nodes)];

/** Every undescribed or poorly described state and transition of a machine, each named by its path. */
function describeProblems(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  for (const node of nodes(machine.root as AnyStateNode)) {
    const where = node.path.length ? node.path.join('.') : `(${machine.id})`;
    const stateProblem = problem(node.description, [node.key]);
    if (stateProblem) found.push(`state ${where}: ${stateProblem}`);
    const transitions: Transition[] = [
      ...[...(node.transitions as unknown as Map<string, Transition[]>).values()].flat(),
      ...((node.always ?? []) as unknown as Transition[]),
    ];
    transitions.forEach((transition) => {
      const targets = (transition.target ?? []).map((target) => target.key);
      const transitionProblem = problem(transition.description, [transition.eventType, ...targets]);
      if (transitionProblem) found.push(`transition ${where} on ${transition.eventType || 'always'}: ${transitionProblem}`);
    });
  }
  return found;
}

describe('descriptions for reviewers', () => {
  it.each(catalog.map((entry) => [entry.id, entry.machine] as const))(
    '%s describes every state and transition in plain words',
    (_id, machine) => {
      expect(describeProblems(machine)).toEqual([]);
    },
  );

  it('refuses a missing, a short and an identifier-only description', () => {
    expect(problem(undefined, ['confirming'])).toBe('no description');
    expect(problem('Asks first.', ['confirming'])).toMatch(/^under three words/);
    expect(problem('The review requested.', ['REVIEW_REQUESTED'])).toMatch(/^only repeats the identifier/);
    expect(problem('POST /kyc/submit with the draft.', ['submitting'])).toMatch(/^names the request/);
    expect(problem('Waiting for the server to confirm the transfer.', ['confirming'])).toBeNull();
  });
});
