import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { catalog } from '../models/catalog';
import { nodeAt, rebuilt } from '../models/graph/mutants';
import { refusalOf } from './refusal';

/*
 * Breaks that once passed every test at 100 % coverage: the paths are generated from the machine, so a
 * broken machine gets paths that agree with it. Each break is made here the way a careless change would
 * make it, and the flow's model must refuse it — by an invariant or a call rule — on some generated path.
 */

const entryOf = (id: string) => catalog.find((entry) => entry.id === id)!;

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
    // The broken transfer's paths are generated whole before the replay: seconds, more on a busy machine.
  }, 60_000);
});
