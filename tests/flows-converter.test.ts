import { and, fromPromise, not, or, setup, stateIn } from 'xstate';
import { describe, expect, it } from 'vitest';
import { activeStateIds, describeMachine, guardLabel, readableEvent, statePath } from '../src/flows/describe';
import { defaultCollapsed } from '../src/flows/collapse';
import { pathHighlight } from '../src/flows/highlight';
import { mermaidText, toMermaid } from '../src/flows/mermaid';

/** Small machines, one feature each, so a failure names what broke. */
const lines = (source: string) => source.split('\n').map((line) => line.trim());

describe('closed parts (src/flows/collapse.ts)', () => {
  const machine = setup({}).createMachine({
    id: 'parts',
    initial: 'outer',
    states: {
      outer: { initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} }, on: { LEAVE: 'gone' } },
      gone: { on: { BACK: 'outer.b' } },
    },
  });

  it('draws a closed compound state as one box; arrows to and from the states inside end on it', () => {
    const { source, nodeIds, closedParts } = toMermaid(describeMachine(machine), ['parts.outer']);
    expect(lines(source)).toEqual(
      expect.arrayContaining([
        'state "outer" as outer',
        'outer : ▸ 2 states inside, click to open',
        'outer --> gone : leave',
        'gone --> outer : back',
      ]),
    );
    // What happens inside a closed part is not drawn.
    expect(source).not.toMatch(/outer__a|outer__b|: go$/m);
    expect(closedParts).toEqual({ outer: 'parts.outer' });
    expect(nodeIds['parts.outer.b']).toBe('outer');
    // A path standing inside the closed part marks its box.
    const highlight = pathHighlight(
      toMermaid(describeMachine(machine), ['parts.outer']),
      [{ states: ['parts.outer', 'parts.outer.a'], visited: [], transitions: [] }],
      0,
    );
    expect(highlight.current).toEqual(['outer']);
  });

  it('opens large machines as an overview and leaves small ones drawn whole', () => {
    expect(defaultCollapsed(describeMachine(machine))).toEqual([]);
    const large = setup({}).createMachine({
      id: 'large',
      initial: 's0',
      states: {
        ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`s${i}`, {}])),
        part: { initial: 'x', states: { x: {}, y: {} } },
      },
    });
    expect(defaultCollapsed(describeMachine(large))).toEqual(['large.part']);
  });
});

describe('describeMachine + toMermaid', () => {
  it('draws nested states with their own initial marker, edges written in the innermost block', () => {
    const machine = setup({}).createMachine({
      id: 'nested',
      initial: 'outer',
      states: {
        outer: {
          initial: 'a',
          states: { a: { on: { GO: 'b' } }, b: {} },
          on: { LEAVE: 'gone' },
        },
        gone: {},
      },
    });
    const { source, nodeIds } = toMermaid(describeMachine(machine));
    expect(nodeIds).toEqual({ 'nested.outer': 'outer', 'nested.outer.a': 'outer__a', 'nested.outer.b': 'outer__b', 'nested.gone': 'gone' });
    expect(source).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> outer',
        '  state "outer" as outer {',
        '    [*] --> outer__a',
        '    state "a" as outer__a',
        '    state "b" as outer__b',
        '    outer__a --> outer__b : go',
        '  }',
        '  state "gone" as gone',
        '  outer --> gone : leave',
        '  classDef flowAny stroke-dasharray:4 3,font-style:italic',
        '  classDef flowFinal stroke-width:3px',
        '  classDef flowHistory font-style:italic',
        '',
      ].join('\n'),
    );
  });

  it('draws parallel regions separated by --', () => {
    const machine = setup({}).createMachine({
      id: 'par',
      type: 'parallel',
      states: {
        left: { initial: 'x', states: { x: { on: { X: 'y' } }, y: {} } },
        right: { initial: 'p', states: { p: { on: { P: 'q' } }, q: {} } },
      },
    });
    const model = describeMachine(machine);
    expect(model.states[0]!.type).toBe('parallel');
    const source = lines(toMermaid(model).source);
    // A parallel machine is drawn as one box (regions only exist inside one); `left` and `right` are
    // Mermaid keywords (`note left of`), so those ids get a suffix.
    expect(source[1]).toBe('state "par" as machine {');
    const left = source.indexOf('state "left" as left_ {');
    const divider = source.indexOf('--');
    const right = source.indexOf('state "right" as right_ {');
    expect(left).toBeGreaterThan(0);
    expect(divider).toBeGreaterThan(left);
    expect(right).toBeGreaterThan(divider);
    expect(source).toContain('left__x --> left__y : x');
    expect(source).toContain('right__p --> right__q : p');
    // A parallel state has no initial marker of its own, its regions do.
    expect(source).toContain('[*] --> left__x');
    expect(source).toContain('[*] --> right__p');
    expect(source.filter((l) => l.startsWith('[*]'))).toHaveLength(2);
  });

  it('keeps always transitions and names their guards, not(…) included', () => {
    const machine = setup({ guards: { isReady: () => true, isBlocked: () => false } }).createMachine({
      id: 'always',
      initial: 'checking',
      states: {
        checking: {
          always: [
            { guard: 'isReady', target: 'ready', description: 'Ready at once.' },
            { guard: not('isBlocked'), target: 'waiting' },
            { guard: and(['isReady', not('isBlocked')]), target: 'ready' },
            { guard: or([{ type: 'isReady' }, stateIn('#always.ready')]), target: 'ready' },
            { target: 'waiting' },
          ],
        },
        ready: {},
        waiting: {},
      },
    });
    const model = describeMachine(machine);
    expect(model.transitions.map((t) => [t.kind, t.event, t.guard])).toEqual([
      ['always', 'always', 'isReady'],
      ['always', 'always', 'not isBlocked'],
      ['always', 'always', 'isReady and not isBlocked'],
      ['always', 'always', 'isReady or in #always.ready'],
      ['always', 'always', null],
    ]);
    expect(model.transitions[0]!.description).toBe('Ready at once.');
    const source = lines(toMermaid(model).source);
    // Transitions between the same two states share one edge, one label line each; a description is
    // the label, else the guard's name in words, broken into lines.
    expect(source).toContain(
      'checking --> ready : Ready at once.<br/>at once if is ready and not is<br/>blocked<br/>at once if is ready or in<br/>№always.ready',
    );
    expect(source).toContain('checking --> waiting : at once if not is blocked<br/>at once');
  });

  it('labels delayed transitions by their duration, from the machine’s delays', () => {
    const machine = setup({ delays: { RETRY_DELAY: 1000 } }).createMachine({
      id: 'delays',
      initial: 'waiting',
      states: {
        waiting: { after: { RETRY_DELAY: 'retrying', 250: 'idle' } },
        retrying: {},
        idle: {},
      },
    });
    const model = describeMachine(machine);
    expect(model.transitions.map((t) => [t.kind, t.event, t.delay])).toEqual([
      ['after', 'after 250 ms', '250 ms'],
      ['after', 'after RETRY_DELAY', 'RETRY_DELAY'],
    ]);
    expect(model.transitions.map((t) => t.delayMs)).toEqual([250, 1000]);
    expect(lines(toMermaid(model).source)).toContain('waiting --> retrying : after 1 s');
    expect(lines(toMermaid(model).source)).toContain('waiting --> idle : after 250 ms');
  });

  it('shows invoked actors and their done/error transitions', () => {
    const machine = setup({ actors: { loadThing: fromPromise(async () => 1) } }).createMachine({
      id: 'invoke',
      initial: 'loading',
      states: {
        loading: {
          invoke: { id: 'loadThing', src: 'loadThing', onDone: 'loaded', onError: { target: 'failed', description: 'Offline.' } },
        },
        loaded: { type: 'final' },
        failed: {},
      },
    });
    const model = describeMachine(machine);
    expect(model.states[1]!.invokes).toEqual([{ id: 'loadThing', src: 'loadThing' }]);
    expect(model.transitions.map((t) => [t.kind, t.event, t.actor, t.description])).toEqual([
      ['done', 'done: loadThing', 'loadThing', null],
      ['error', 'error: loadThing', 'loadThing', 'Offline.'],
    ]);
    const source = lines(toMermaid(model).source);
    expect(source).toContain('loading : runs load thing');
    expect(source).toContain('loading --> loaded : load thing done');
    expect(source).toContain('loading --> failed : Offline.');
    // Final states end in [*] and get the final style.
    expect(source).toContain('loaded --> [*]');
    expect(source).toContain('class loaded flowFinal');
  });

  it('draws machine-wide and actions-only transitions from an “any state” box', () => {
    const machine = setup({ actions: { note: () => {} } }).createMachine({
      id: 'root',
      initial: 'a',
      on: { RESET: '.a', PING: { actions: 'note' } },
      states: { a: { on: { TICK: { actions: 'note' }, NEXT: 'b' } }, b: {} },
    });
    const model = describeMachine(machine);
    expect(model.transitions.find((t) => t.eventType === 'PING')!.actions).toEqual(['note']);
    const source = lines(toMermaid(model).source);
    expect(source).toContain('state "any state" as any_state');
    expect(source).toContain('any_state : ping (stays)');
    expect(source).toContain('any_state --> a : reset');
    expect(source).toContain('a : tick (stays)');
    expect(source).toContain('class any_state flowAny');
  });

  it('draws history states and gives every edge Mermaid’s own id, notes counted', () => {
    const machine = setup({ actors: { watch: fromPromise(async () => 1) } }).createMachine({
      id: 'hist',
      initial: 'work',
      states: {
        work: {
          initial: 'one',
          invoke: { id: 'watch', src: 'watch', onError: '#hist.off' },
          states: { one: { on: { NEXT: 'two' } }, two: {}, back: { type: 'history', history: 'deep' } },
        },
        off: { on: { RESUME: 'work.back' } },
      },
    });
    const model = describeMachine(machine);
    expect(model.states.find((s) => s.key === 'back')).toMatchObject({ type: 'history', history: 'deep' });
    const diagram = toMermaid(model);
    const source = lines(diagram.source);
    expect(source).toContain('state "back (deep history)" as work__back');
    expect(source).toContain('note right of work : runs watch');
    expect(source).toContain('off --> work__back : resume');
    // [*]→work, [*]→one, one→two, (the note), then the edges of the root block.
    expect(diagram.edges.map((e) => [e.domId, e.from, e.to])).toEqual([
      ['edge0', 'start', 'work'],
      ['edge1', 'start', 'work__one'],
      ['edge2', 'work__one', 'work__two'],
      ['edge4', 'work', 'off'],
      ['edge5', 'off', 'work__back'],
    ]);
  });

  it('escapes what Mermaid would misread in labels', () => {
    expect(mermaidText('a;b #c "d"\n{e}')).toBe('a,b №c ”d” (e)');
    expect(guardLabel(undefined)).toBeNull();
    expect(guardLabel({ type: 'isX', params: {} })).toBe('isX');
    expect(guardLabel(() => true)).toBe('inline guard');
  });
});

describe('flow model helpers', () => {
  const machine = setup({}).createMachine({
    id: 'm',
    initial: 'a',
    states: { a: { on: { GO: 'b' } }, b: { initial: 'x', states: { x: { on: { ON: 'y' } }, y: {} } } },
  });
  const model = describeMachine(machine);
  const diagram = toMermaid(model);

  it('resolves a snapshot value to active state ids', () => {
    expect(activeStateIds(model, 'a')).toEqual(['m', 'm.a']);
    expect(activeStateIds(model, { b: 'y' })).toEqual(['m', 'm.b', 'm.b.y']);
    expect(statePath(model.states.find((s) => s.id === 'm.b.y')!)).toBe('b.y');
  });

  it('highlights a path step: current states, visited states, taken and current edges', () => {
    const go = model.transitions.find((t) => t.eventType === 'GO')!.index;
    const on = model.transitions.find((t) => t.eventType === 'ON')!.index;
    const steps = [
      { states: ['m.a'], visited: ['m.a'], transitions: [] },
      { states: ['m.b', 'm.b.x'], visited: ['m.b', 'm.b.x'], transitions: [go] },
      { states: ['m.b', 'm.b.y'], visited: ['m.b', 'm.b.y'], transitions: [on] },
    ];
    const edgeId = (from: string, to: string) => diagram.edges.find((e) => e.from === from && e.to === to)!.domId;
    const start = pathHighlight(diagram, steps, 0);
    expect(start.current).toEqual(['a']);
    expect(start.currentEdges).toEqual([edgeId('start', 'a')]);

    const second = pathHighlight(diagram, steps, 1);
    expect(second.current).toEqual(['b', 'b__x']);
    expect(second.currentEdges.sort()).toEqual([edgeId('a', 'b'), edgeId('start', 'b__x')].sort());

    const last = pathHighlight(diagram, steps, 2);
    expect(last.current).toEqual(['b', 'b__y']);
    expect(last.visited.sort()).toEqual(['a', 'b', 'b__x', 'b__y']);
    expect(last.currentEdges).toEqual([edgeId('b__x', 'b__y')]);
    expect(last.takenEdges).toContain(edgeId('a', 'b'));
  });
});

describe('readableEvent', () => {
  it('reads synthesized XState events the way the diagrams label them', () => {
    expect(readableEvent('xstate.done.actor.lookupRouteRules')).toBe('done: lookupRouteRules');
    expect(readableEvent('xstate.error.actor.saveLanguage')).toBe('error: saveLanguage');
    expect(readableEvent('xstate.after.BUILD_CHECK_INTERVAL.versionReload.waiting')).toBe('after BUILD_CHECK_INTERVAL');
    expect(readableEvent('xstate.after.500.x.y')).toBe('after 500 ms');
    expect(readableEvent('xstate.init')).toBe('start');
    expect(readableEvent('NAVIGATED')).toBe('NAVIGATED');
  });
});
