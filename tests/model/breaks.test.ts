import { createMachine, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { catalog, type CatalogEntry } from '../../machines/index';
import { generateFlowPaths } from '../../machines/graph/paths';
import { replayPath } from './replay';

/*
 * Breaks that once passed every test at 100 % coverage: the paths are generated from the machine, so a
 * broken machine gets paths that agree with it. Each break is made here the way a careless change would
 * make it, and the flow's model must refuse it — by an invariant or a call rule — on some generated path.
 */

const entryOf = (id: string) => catalog.find((entry) => entry.id === id)!;

/** A copy of a machine's config whose objects and arrays can be edited (functions are shared). */
function editableCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(editableCopy) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, editableCopy(inner)])) as T;
  }
  return value;
}

/** The object at a dotted path of a config (`states.confirmFailed.on.RETRY`). */
const nodeAt = (config: object, path: string) =>
  path.split('.').reduce<object>((node, key) => (node as Record<string, object>)[key]!, config) as Record<string, unknown>;

/** The machine with its config edited by `edit` and its implementations kept. */
function rebuilt(machine: AnyStateMachine, edit: (config: object) => void): AnyStateMachine {
  const config = editableCopy(machine.config);
  edit(config);
  return createMachine(config as never, machine.implementations as never) as AnyStateMachine;
}

/** The first refusal the model makes on any path generated from the broken machine, or null. */
async function refusalOf(entry: CatalogEntry, broken: AnyStateMachine): Promise<string | null> {
  const brokenEntry = { ...entry, machine: broken };
  const flow = generateFlowPaths(brokenEntry);
  for (const path of flow.paths) {
    try {
      await replayPath(brokenEntry, flow, path);
    } catch (error) {
      return String(error);
    }
  }
  return null;
}

describe('the models refuse breaks that once passed', () => {
  it('login: an e-mail sent to sign-in as typed, with spaces around it', async () => {
    const login = entryOf('login');
    const broken = rebuilt(login.machine, (config) => {
      nodeAt(config, 'states.signingIn.invoke').input = ({ event }: { event: { email: string; password: string } }) => ({
        email: event.email,
        password: event.password,
      });
    });
    expect(await refusalOf(login, broken)).toMatch(/signs in with an e-mail not trimmed/);
  });

  it('login: the missing-fields check that never finds anything missing', async () => {
    const login = entryOf('login');
    const broken = login.machine.provide({ guards: { hasMissingFields: () => false } } as never) as AnyStateMachine;
    expect(await refusalOf(login, broken)).toMatch(/a field empty|sends credentials with a field missing/);
  });

  it('transfer: a retry after an unanswered confirmation that asks for a new quote (a second transfer)', async () => {
    const transfer = entryOf('transfer');
    const broken = rebuilt(transfer.machine, (config) => {
      nodeAt(config, 'states.confirmFailed.on.RETRY').target = 'quoting';
    });
    expect(await refusalOf(transfer, broken)).toMatch(/only the same request may be sent again/);
  });
});
