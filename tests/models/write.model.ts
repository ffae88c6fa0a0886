import type { SnapshotFrom } from 'xstate';
import type { AnyFlowModel, PageAction, PageExpectation } from './graph/model';
import { failedCall, PAGE_LANGUAGES, type PageLanguage } from './graph/page';
import type { WriteMachine, WriteProblems } from '../../machines/write/write.machine';

type Snapshot<Input, Output> = SnapshotFrom<WriteMachine<Input, Output>>;
type Expectation<Input, Output> = (snapshot: Snapshot<Input, Output>, language: PageLanguage) => PageExpectation;

/** What one use of the write machine needs for its model: fixtures, and how its page is driven. */
export interface WriteUse<Input, Output> {
  /** Named inputs the customer submits. */
  inputs: Record<string, Input>;
  /** Named answers of a success. */
  done: Record<string, Output>;
  /** Named failures (what the actor rejects with). */
  errors: Record<string, unknown>;
  /** The use's own check, when it has one: no input it refuses is ever sent. */
  check?: (input: Input) => WriteProblems | null;
  browser: {
    /** Opens the page (cookies, the reads it needs answered). */
    start: (language: PageLanguage) => PageAction[];
    /** The request the write sends, answered for each outcome. */
    request: { url: string; method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' };
    submit: (input: Input, before: Snapshot<Input, Output>, language: PageLanguage) => PageAction[] | null;
    edit?: (before: Snapshot<Input, Output>, language: PageLanguage) => PageAction[] | null;
    confirm?: (language: PageLanguage) => PageAction[];
    cancel?: (language: PageLanguage) => PageAction[];
    /** What the page shows in each state of the write. */
    states: {
      editing: Expectation<Input, Output>;
      done: Expectation<Input, Output>;
      failed: Expectation<Input, Output>;
      confirming?: Expectation<Input, Output>;
    };
  };
}

function fixture(binding: unknown, name: string): Record<string, object> {
  return binding ? { [name]: {} } : {};
}

/**
 * The model of one use of `createWriteMachine`: the rules every write keeps (nothing the form refuses is
 * sent, every request carries a key, a retry keeps it) and the use's own fixtures and page bindings.
 */
export function writeModel<Input, Output>(machine: WriteMachine<Input, Output>, use: WriteUse<Input, Output>): AnyFlowModel {
  const { browser } = use;
  type S = Snapshot<Input, Output>;
  // The machine's states are known here, not to FlowModel's types (a use leaves `confirming` out): typed by hand.
  const model = {
    events: {
      SUBMITTED: Object.fromEntries(Object.entries(use.inputs).map(([name, input]) => [name, { input, key: `key of ${name}` }])),
      // An event the use does not have gets no fixture.
      CONFIRMED: fixture(browser.confirm, 'confirm'),
      CANCELLED: fixture(browser.cancel, 'cancel'),
      EDITED: fixture(browser.edit, 'changes the form'),
    },
    actors: { submit: { done: use.done, error: use.errors } },
    serializeState: (s: S) =>
      JSON.stringify([s.value, s.context.failure?.code ?? null, s.context.problems, s.context.output !== null, s.context.key !== null]),
    invariants: {
      submitting: (s: S) =>
        (s.context.key !== null && s.context.input !== null) || `${machine.id}: sends without its input or an Idempotency-Key`,
      '*': (s: S) =>
        !use.check ||
        s.context.input === null ||
        use.check(s.context.input) === null ||
        `${machine.id}: took an input its own check refuses`,
      'ready.done': (s: S) => (s.context.output !== null && s.context.key === null) || 'done without the answer, or keeps the spent key',
    },
    browser: {
      chainPaths: true,
      languages: PAGE_LANGUAGES,
      start: (_: unknown, language: PageLanguage) => browser.start(language),
      events: {
        SUBMITTED: ({ input }: { input: Input }, before: S, language: PageLanguage) => browser.submit(input, before, language),
        CONFIRMED: (_: unknown, __: unknown, language: PageLanguage) => browser.confirm?.(language) ?? null,
        CANCELLED: (_: unknown, __: unknown, language: PageLanguage) => browser.cancel?.(language) ?? null,
        EDITED: (_: unknown, before: S, language: PageLanguage) => browser.edit?.(before, language) ?? null,
      },
      actors: {
        submit: {
          done: (output: Output): PageAction[] => [
            { answer: browser.request.url, method: browser.request.method, times: 1, json: output as object },
          ],
          error: (error: unknown): PageAction[] => [failedCall(browser.request.url, error, browser.request.method)],
        },
      },
      states: {
        'ready.editing': browser.states.editing,
        'ready.done': browser.states.done,
        'ready.failed': browser.states.failed,
        ...(browser.states.confirming ? { confirming: browser.states.confirming } : {}),
      },
    },
  };
  return model;
}
