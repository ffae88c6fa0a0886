import type { SnapshotFrom } from 'xstate';
import { asError } from '../../machines/parts/failure';
import type { AnyFlowModel } from './graph/model';
import { SESSION_GONE } from '../../machines/parts/poll';
import type { FollowMachine } from '../../machines/follow/follow.machine';

type Snapshot<Input, Answer> = SnapshotFrom<FollowMachine<Input, Answer>>;

/** What one use of the follow machine needs for its model. */
export interface FollowUse<Input, Answer> {
  /** Named inputs (what is followed); left out for a use that follows the customer's own list. */
  inputs?: Record<string, Input>;
  /** Named answers of a read. */
  answers: Record<string, Answer>;
  /** The use's end: an answer after which nothing is read (checked as a rule). */
  settled?: (answer: Answer) => boolean;
}

/**
 * The model of one use of `createFollowMachine`: the rules every follow keeps (a settled answer is the
 * last read; nothing is read while a session cookie is gone) and the use's own fixtures. No browser
 * bindings yet: on Playwright's paused clock TanStack Query's notifications (batched on a timer) never
 * reach the page after a read, so the page's side is covered by e2e/pay-links.spec.ts and e2e/wallet.spec.ts.
 */
export function followModel<Input, Answer>(machine: FollowMachine<Input, Answer>, use: FollowUse<Input, Answer>): AnyFlowModel {
  type S = Snapshot<Input, Answer>;
  const model = {
    ...(use.inputs ? { inputs: use.inputs } : {}),
    events: {},
    actors: {
      read: {
        done: use.answers,
        error: { offline: asError({ code: 'network_error' }), 'no session cookie': asError({ code: SESSION_GONE }) },
      },
    },
    invariants: {
      following: (s: S) =>
        !use.settled || s.context.answer === null || !use.settled(s.context.answer) || `${machine.id}: goes on reading a settled answer`,
      settled: (s: S) =>
        (use.settled !== undefined && s.context.answer !== null && use.settled(s.context.answer)) || 'settled on no settled answer',
    },
    notInBrowser:
      'On a paused clock TanStack Query never tells the page about a read, so the follows have no browser paths; e2e/pay-links.spec.ts and e2e/wallet.spec.ts drive their pages.',
  };
  return model;
}
