import { StateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { catalog as flows } from '../../machines/index';
import { catalog, models } from '../models/catalog';

/*
 * A statechart left out of the catalog escapes everything the catalog drives — its diagram, its unit and
 * browser paths, its coverage. Every machine a `*.machine.ts` exports, wherever it lives under
 * `machines/`, must be a catalog entry's machine.
 */
const machineFiles = import.meta.glob<Record<string, unknown>>('../../machines/**/*.machine.ts', { eager: true });

describe('the catalog', () => {
  const catalogued = new Set(catalog.map((entry) => entry.machine));
  const exported = Object.entries(machineFiles).flatMap(([file, module]) =>
    Object.entries(module)
      .filter(([, value]) => value instanceof StateMachine)
      .map(([name, machine]) => ({ where: `${file.replace('../../', '')}: ${name}`, machine })),
  );

  it('finds the machine files', () => {
    expect(exported.length).toBeGreaterThanOrEqual(40);
  });

  it('holds every exported machine, each with a model', () => {
    expect(exported.filter(({ machine }) => !catalogued.has(machine as never)).map(({ where }) => where)).toEqual([]);
    expect(catalog.filter((entry) => !entry.model).map((entry) => entry.id)).toEqual([]);
  });

  it('has a machine for every model (tests/models/catalog.ts joins them by id)', () => {
    const ids = new Set(flows.map((entry) => entry.id));
    expect(Object.keys(models).filter((id) => !ids.has(id))).toEqual([]);
  });
});
