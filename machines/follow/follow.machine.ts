import { assign, setup } from 'xstate';
import { pollRegion, sessionGone } from '../parts/poll';
import { unprovided } from '../parts/unprovided';

export interface FollowContext<Input, Answer> {
  /** What is followed (a link's hash, nothing for the customer's own lists). */
  input: Input;
  /** The last answer read; the screen reads the same answer from its query. */
  answer: Answer | null;
}

export interface FollowOptions<Answer> {
  /** The catalog id, which names the machine in diagrams, paths and the inspector. */
  id: string;
  description: string;
  /** How long it waits between two reads. */
  pollMs: number;
  /** Nothing more can change (a link paid): the reads stop. Left out, it follows for as long as the screen is open. */
  settled?: (answer: Answer) => boolean;
}

/**
 * The one shape of a screen following server data that changes without the customer (a request paid by
 * someone else, a deposit link's payments, new notifications), parameterised: the shared poll part
 * (machines/parts/poll.ts) reads again every `pollMs` — never while a session cookie is gone — until the answer is
 * `settled`. The screen shows the first read itself (its query), so the machine waits before its first.
 * Each use is its own catalog entry (its id, model and diagram), its read provided as `read` by the app.
 */
export function createFollowMachine<Input, Answer>({ id, description, pollMs, settled }: FollowOptions<Answer>) {
  const follow = setup({
    types: {
      context: {} as FollowContext<Input, Answer>,
      input: {} as Input,
    },
    actors: {
      read: unprovided<Answer, Input>('read'),
    },
    actions: {
      keep: assign({ answer: ({ event }) => (event as unknown as { output: Answer }).output }),
    },
    guards: {
      sessionGone,
      settled: ({ event }) => settled !== undefined && settled((event as unknown as { output: Answer }).output),
    },
    delays: { FOLLOW_POLL: pollMs },
  });
  return follow.createMachine({
    id,
    description,
    context: ({ input }) => ({ input, answer: null }),
    initial: 'following',
    states: {
      following: {
        description: 'Read again at every poll while the session lasts.',
        // Typed loosely: xstate cannot check a generic invoke; the region's own shape is machines/parts/poll.ts's.
        ...(pollRegion({
          ask: 'read',
          delay: 'FOLLOW_POLL',
          first: 'waiting',
          input: ({ context }: { context: FollowContext<Input, Answer> }) => context.input,
          onDone: [
            ...(settled
              ? [
                  {
                    guard: 'settled' as const,
                    target: `#${id}.settled`,
                    description: 'The answer says nothing more can change (a link paid): the reads stop.',
                    actions: 'keep' as const,
                  },
                ]
              : []),
            { target: 'waiting', description: 'The answer is kept for the screen; read again at the next poll.', actions: 'keep' as const },
          ],
        }) as object),
      },
      ...(settled ? { settled: { description: 'Nothing more can change, so the screen stops reading.' } } : {}),
    },
  });
}

export type FollowMachine<Input, Answer> = ReturnType<typeof createFollowMachine<Input, Answer>>;
