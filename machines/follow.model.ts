import type { SnapshotFrom } from 'xstate';
import { asError } from './failure';
import type { AnyFlowModel, PageAction, PageExpectation } from './graph/model';
import { failedCall, PAGE_LANGUAGES, type PageLanguage } from './graph/page';
import { SESSION_GONE } from './poll';
import type { FollowMachine } from './follow.machine';

type Snapshot<Input, Answer> = SnapshotFrom<FollowMachine<Input, Answer>>;
type Expectation<Input, Answer> = (snapshot: Snapshot<Input, Answer>, language: PageLanguage) => PageExpectation;

/** What one use of the follow machine needs for its model: fixtures, and how its page is driven. */
export interface FollowUse<Input, Answer> {
  /** Named inputs (what is followed); left out for a use that follows the customer's own list. */
  inputs?: Record<string, Input>;
  /** Named answers of a read. */
  answers: Record<string, Answer>;
  /** The use's end: an answer after which nothing is read (checked as a rule). */
  settled?: (answer: Answer) => boolean;
  browser: {
    /** Opens the page on a paused clock, its first read answered. */
    start: (input: Input, language: PageLanguage) => PageAction[];
    /** The read, as the page sends it. */
    url: string;
    /** What the page shows while following (the last answer) and once settled. */
    states: { following: Expectation<Input, Answer>; settled?: Expectation<Input, Answer> };
  };
}

/**
 * The model of one use of `createFollowMachine`: the rules every follow keeps (a settled answer is the
 * last read; nothing is read while a session cookie is gone, which shows on no page and is replayed by the
 * unit paths) and the use's own fixtures and page bindings.
 */
export function followModel<Input, Answer>(machine: FollowMachine<Input, Answer>, use: FollowUse<Input, Answer>): AnyFlowModel {
  const { browser } = use;
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
    browser: {
      chainPaths: true,
      languages: PAGE_LANGUAGES,
      start: (input: Input, language: PageLanguage) => browser.start(input, language),
      events: {},
      actors: {
        read: {
          done: (answer: Answer): PageAction[] => [{ answer: browser.url, method: 'GET', times: 1, json: answer as object }],
          error: (error: unknown): PageAction[] | null =>
            (error as { code?: string }).code === SESSION_GONE ? null : [failedCall(browser.url, error, 'GET')],
        },
      },
      delays: { FOLLOW_POLL: (ms: number) => [{ runClock: ms }] },
      states: {
        following: browser.states.following,
        ...(browser.states.settled ? { settled: browser.states.settled } : {}),
      },
    },
  };
  return model;
}
