import { describe, expect, it } from 'vitest';
import { catalog } from './models/catalog';
import { describeEntry } from '../src/flows/describe';
import { invokeWords, missingLabels, stateWords, transitionWords } from '../src/flows/labels';

describe('diagrams in plain words', () => {
  it.each(catalog.map((entry) => [entry.id, entry] as const))('%s: every event, guard, delay and actor has a label', (_, entry) => {
    const model = describeEntry(entry);
    expect(missingLabels(model.transitions, model.states)).toEqual([]);
  });

  it('timers say how long they wait, from the machine’s delays (functions of the context included)', () => {
    const words = (id: string) =>
      describeEntry(catalog.find((e) => e.id === id)!)
        .transitions.filter((t) => t.kind === 'after')
        .map((t) => transitionWords(t).split(':')[0]);
    expect(words('cardControls')).toEqual(['after 30 s']);
    expect(words('idle')).toEqual(['after 14 min', 'after 1 min']);
    // The lock-out lasts as long as the server's answer says: unknown before it.
    expect(words('payByCode')).toEqual(['after a delay set by the server’s lock-out']);
  });

  // Descriptions are the machines' own prose (checked where they are written); this checks the words the tables give.
  it('no label or state name of a catalogued diagram reads as a code identifier', () => {
    const identifier = /\b(?:[A-Z][A-Z0-9]*_[A-Z0-9_]+|[a-z]+[A-Z]\w*)\b/;
    for (const entry of catalog) {
      const model = describeEntry(entry);
      const words = [
        ...model.transitions.filter((t) => !t.description).map(transitionWords),
        ...model.states.flatMap((state) => [stateWords(state), ...state.invokes.map(invokeWords)]),
      ];
      expect(
        words.filter((text) => identifier.test(text)),
        entry.id,
      ).toEqual([]);
    }
  });
});
