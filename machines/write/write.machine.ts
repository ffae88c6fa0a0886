import { assign, setup } from 'xstate';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** What the form's own check refused before sending, by field (each field's own reason). */
export type WriteProblems = Record<string, string>;

export interface WriteContext<Input, Output> {
  /** What was sent last (or is being sent). */
  input: Input | null;
  /**
   * The Idempotency-Key of the intent under way: made once (by the event that starts it), kept across retries
   * of the same intent, dropped after success and when the customer changes the form (a new intent).
   */
  key: string | null;
  /** The server's answer to the last success. */
  output: Output | null;
  failure: Failure | null;
  problems: WriteProblems | null;
}

export type WriteEvent<Input> =
  | { type: 'SUBMITTED'; input: Input; key: string }
  /** Only in a write that asks first (`confirm`). */
  | { type: 'CONFIRMED' }
  | { type: 'CANCELLED' }
  /** Only in a write with a form (`editable`): the customer changed what is to be sent. */
  | { type: 'EDITED' };

export interface WriteOptions<Input> {
  /** The catalog id, which names the machine in diagrams, paths and the inspector. */
  id: string;
  description: string;
  /** The customer confirms before anything is sent (e.g. signing out everywhere). */
  confirm?: boolean;
  /** The customer can change the form after a success or a failure, which clears it and starts a new intent. */
  editable?: boolean;
  /** The form's own check, before anything is sent: null when the input may go. */
  check?: (input: Input) => WriteProblems | null;
}

/**
 * The one shape of a single write (confirm → submit once → done / failed), parameterised: each use is its
 * own catalog entry (its id, model and diagram), with its request provided as the `submit` actor by
 * `src/app/actors/<flow>.ts`. A second submit while one is under way is not taken.
 */
export function createWriteMachine<Input, Output>({ id, description, confirm = false, editable = false, check }: WriteOptions<Input>) {
  const idle = { failure: null, problems: null } as const;
  const write = setup({
    types: {
      context: {} as WriteContext<Input, Output>,
      events: {} as WriteEvent<Input>,
    },
    actors: {
      submit: unprovided<Output, { input: Input; key: string }>('submit'),
    },
    guards: {
      refused: ({ event }) => event.type === 'SUBMITTED' && check !== undefined && check(event.input) !== null,
    },
  });
  // The parts a use leaves out are built apart from the config, so they take the machine's types from `write`.
  const submitted = (event: WriteEvent<Input>) => event as Extract<WriteEvent<Input>, { type: 'SUBMITTED' }>;
  return write.createMachine({
    id,
    description,
    context: { input: null, key: null, output: null, failure: null, problems: null },
    initial: 'ready',
    states: {
      ready: {
        description: 'The form or button, with the last outcome.',
        initial: 'editing',
        on: {
          SUBMITTED: [
            ...(check
              ? [
                  {
                    guard: 'refused' as const,
                    target: '.editing',
                    description: 'The form’s own check: nothing is sent.',
                    actions: write.assign({ ...idle, problems: ({ event }) => check(submitted(event).input) }),
                  },
                ]
              : []),
            {
              target: confirm ? 'confirming' : 'submitting',
              description: confirm
                ? 'The customer pressed the button: the app asks before sending.'
                : 'The customer sent the form: the request goes to the server.',
              actions: write.assign({
                ...idle,
                input: ({ event }) => submitted(event).input,
                // A retry of the same intent (the same input) keeps its key: the server answers it once. Another
                // input (the other of two buttons) is another intent, with the event's new key.
                key: ({ context, event }) =>
                  context.key !== null && sameInput(context.input, submitted(event).input) ? context.key : submitted(event).key,
              }),
            },
          ],
          ...(editable
            ? {
                EDITED: {
                  target: '.editing',
                  description: 'The customer changed the form: the last outcome goes and the next send is a new request.',
                  actions: write.assign({ failure: null, key: null, output: null }),
                },
              }
            : {}),
        },
        states: {
          editing: { tags: ['editing'], description: 'The form or button, ready to be used.' },
          done: { tags: ['done'], description: 'Sent; the screen says so and its lists are fresh.' },
          failed: { tags: ['failed'], description: 'Not sent, and why; what was typed stays for a retry.' },
        },
      },
      ...(confirm
        ? {
            confirming: {
              tags: ['confirming'],
              description: 'A question asks the customer to confirm before anything is sent.',
              on: {
                CONFIRMED: { target: 'submitting', description: 'The customer confirmed: the request goes to the server.' },
                CANCELLED: {
                  target: 'ready.editing',
                  description: 'The customer changed their mind: nothing is sent.',
                  actions: write.assign({ key: null }),
                },
              },
            },
          }
        : {}),
      submitting: {
        tags: ['busy'],
        description: 'Waiting for the server to answer; the button shows it is busy.',
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({ input: context.input!, key: context.key! }),
          onDone: {
            target: 'ready.done',
            description: 'The server accepted it.',
            actions: assign({ output: ({ event }) => event.output, key: null }),
          },
          onError: {
            target: 'ready.failed',
            description: 'The server refused it, or could not be reached.',
            actions: assign({ failure: ({ event }) => toFailure(event.error) }),
          },
        },
      },
    },
  });
}

/** Inputs are plain data (form values, ids): equal when their JSON is. */
const sameInput = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type WriteMachine<Input, Output> = ReturnType<typeof createWriteMachine<Input, Output>>;
