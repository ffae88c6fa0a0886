import { failureOf } from './failure';

/**
 * The poll part of every flow that follows something on the server (a withdrawal, deposits, a pay link,
 * a wallet payment): it asks, waits its delay, asks again — until a `done` branch leaves the region. A
 * failed ask is tried again at the next poll; the figures shown stay.
 *
 * Polls never leave when a session cookie is gone (another tab signed out, the session expired): the app's
 * ask actor looks at the cookies before each request and, without them, rejects with `session_gone`
 * (`SESSION_GONE`) instead of sending one. The poll then waits as after any failure, so it goes on by
 * itself once the session is back (renewed, signed in again) and never keeps one awake.
 *
 * A machine using it declares, in `setup()`: the ask actor (its id is the invoke's), the delay and the
 * guard `sessionGone` (the export of the same name).
 */
export const SESSION_GONE = 'session_gone';

/** Guard: the ask was not sent, a session cookie being gone. */
export const sessionGone = ({ event }: { event: unknown }) => failureOf(event).code === SESSION_GONE;

/**
 * The region's states: `checking` asks (the actor `ask`, with `input`), `waiting` waits `delay`.
 * `onDone` are the ask's done branches: one that stays polling targets `waiting`. `first` says whether
 * the region asks at once (`checking`, the default) or waits first.
 */
export function pollRegion<
  TContext,
  TInput,
  const TAsk extends string,
  const TDelay extends string,
  const TOnDone extends object | readonly object[],
>(options: { ask: TAsk; delay: TDelay; input: (args: { context: TContext }) => TInput; onDone: TOnDone; first?: 'checking' | 'waiting' }) {
  return {
    initial: options.first ?? 'checking',
    states: {
      waiting: {
        description: 'Nothing is asked until the next poll is due; the figures shown stay.',
        after: {
          [options.delay]: { target: 'checking', description: 'The poll is due: the server is asked again.' },
        } as Record<TDelay, { target: 'checking'; description: string }>,
      },
      checking: {
        description: 'The server is asked for the latest status, in the background.',
        invoke: {
          id: options.ask,
          src: options.ask,
          input: options.input,
          onDone: options.onDone,
          onError: [
            {
              guard: 'sessionGone',
              target: 'waiting',
              description: 'A session cookie is gone: nothing was sent; asked again at the next poll, if it is back.',
            },
            { target: 'waiting', description: 'A failed look is tried again at the next poll.' },
          ],
        },
      },
    },
  } as const;
}
