import { initialTransition, transition, type AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { mutantsOf } from '../models/graph/mutants';
import { loginMachine } from '../../machines/login/login.machine';
import { transferMachine } from '../../machines/transfer/transfer.machine';

/* The mutation run's generator (`npm run test:mutation`): each mutant is the machine with exactly one change. */

const mutant = (machine: AnyStateMachine, transitionName: string, mutation: string) => {
  const found = mutantsOf(machine).find((m) => m.transition === transitionName && m.mutation === mutation);
  if (!found) throw new Error(`no mutant "${transitionName}: ${mutation}" among ${mutantsOf(machine).length}`);
  return found.build();
};

const afterSubmit = (machine: AnyStateMachine, email: string) => {
  const [start] = initialTransition(machine, { redirect: null, home: '/' });
  return transition(machine, start, { type: 'CREDENTIALS_SUBMITTED', email, password: 'correct horse' })[0].value;
};

describe('mutants of a machine', () => {
  it('negates a guard: empty fields are sent, filled ones held back', () => {
    const negated = mutant(loginMachine, 'editing, CREDENTIALS_SUBMITTED #1 [hasMissingFields] → stays', 'guard negated');
    expect([afterSubmit(loginMachine, ''), afterSubmit(loginMachine, 'ada@example.com')]).toEqual(['editing', 'signingIn']);
    expect([afterSubmit(negated, ''), afterSubmit(negated, 'ada@example.com')]).toEqual(['signingIn', 'editing']);
  });

  it('swaps a target for the next sibling of the state it named', () => {
    const swapped = mutant(loginMachine, 'editing, CREDENTIALS_SUBMITTED #2 → signingIn', 'target signingIn → signedIn');
    expect(afterSubmit(swapped, 'ada@example.com')).toBe('signedIn');
  });

  it('changes one transition per mutant, the machine itself untouched', () => {
    const mutants = mutantsOf(transferMachine);
    const guards = mutants.filter((m) => m.mutation === 'guard negated').map((m) => m.transition);
    expect(guards).toContain('confirming, error: confirmTransfer #3 [outcomeUnknown] → confirmFailed');
    expect(mutants.map((m) => `${m.transition}: ${m.mutation}`)).toContain(
      'confirmFailed, RETRY → confirming: target confirming → confirmFailed',
    );
    expect(new Set(mutants.map((m) => `${m.transition}: ${m.mutation}`)).size).toBe(mutants.length);
    expect(afterSubmit(loginMachine, '')).toBe('editing');
  });
});
