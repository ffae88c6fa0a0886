import { failureOf, type Failure } from './failure';

/**
 * The "send a new code" part of every code step (registration, password reset, two-factor sign-in,
 * phone change). The server says how many seconds to wait (`resendAfterSeconds`, or `Retry-After` on a
 * 429); the machine counts them down in its context one second at a time — so a view reads them like
 * any other context value and registration can keep them across a reload — and offers the button again
 * at zero.
 *
 * A machine using it keeps `ResendCooldown` in its context and declares, in `setup()`: the actor
 * `resendCode` (output `{ resendAfterSeconds }`), the delay `RESEND_TICK`, the guards `cooldownOver`
 * and `isRateLimited`, and the actions `countDown`, `restartCooldown`, `waitAsAsked` and
 * `noteResendFailure` — each implemented by the function of the same name below.
 */
export interface ResendCooldown {
  /** Seconds before another code may be asked for. */
  resendInSeconds: number;
  /** Why the last "send a new code" did not go through. */
  resendFailure: Failure | null;
  /** A new code went out: the screen says so until the next code is typed. */
  codeResent: boolean;
}

/** The region's tag: a machine using it declares it in `setup({ types: { tags } })`. */
export type ResendTag = 'resending';

/** What the region's transitions see: done and error events are not among a machine's own events. */
type Args = { context: ResendCooldown; event: unknown };

const outputOf = (event: unknown) => (event as { output: { resendAfterSeconds: number } }).output;

/** Seconds to wait after a refused resend: the server's `Retry-After`, else a minute. */
export function retryAfter(failure: Failure): number {
  return failure.retryAfterSeconds ?? 60;
}

/** Guards. */
export const cooldownOver = ({ context }: Args) => context.resendInSeconds <= 0;
export const isRateLimited = ({ event }: Args) => failureOf(event).code === 'rate_limited';

/** Context updates, for `assign()`. */
export const countDown = ({ context }: Args) => ({ resendInSeconds: context.resendInSeconds - 1 });
export const restartCooldown = ({ event }: Args) => ({
  resendInSeconds: outputOf(event).resendAfterSeconds,
  resendFailure: null,
  codeResent: true,
});
/** Too soon (another tab, a reload, a second click elsewhere): the countdown shows the wait. */
export const waitAsAsked = ({ event }: Args) => ({ resendInSeconds: retryAfter(failureOf(event)), resendFailure: null });
export const noteResendFailure = ({ event }: Args) => ({ resendFailure: failureOf(event) });

/** The cooldown as a flow starts it (from the first code's answer), nothing resent yet. */
export function startCooldown(resendAfterSeconds: number): ResendCooldown {
  return { resendInSeconds: resendAfterSeconds, resendFailure: null, codeResent: false };
}

/**
 * The region's states. `input` builds the `resendCode` actor's input from the context; `guard`, when
 * given, must hold for a request to be sent (e.g. not while a code is being checked); `onError` comes
 * before the region's own error handling (e.g. "the challenge is over").
 */
export function resendCodeRegion<
  TContext,
  TInput,
  const TGuard extends string = never,
  const TOnError extends readonly object[] = [],
>(options: { input: (args: { context: TContext }) => TInput; guard?: TGuard; onError?: TOnError }) {
  return {
    description: 'The resend button, waiting out its countdown before a new code may be asked for.',
    initial: 'coolingDown',
    states: {
      coolingDown: {
        description: 'The resend button is disabled and shows the seconds left.',
        always: { guard: 'cooldownOver', target: 'ready', description: 'The countdown reached zero: the resend button can be used.' },
        after: {
          RESEND_TICK: {
            target: 'coolingDown',
            reenter: true,
            actions: 'countDown',
            description: 'One second less to wait.',
          },
        },
      },
      ready: {
        description: 'A new code may be asked for.',
        on: {
          RESEND_REQUESTED: {
            guard: options.guard,
            target: 'resending',
            description: 'Ask the server for a new code.',
          },
        },
      },
      resending: {
        tags: ['resending'] satisfies ResendTag[],
        description: 'Asking for a new code; the previous one stops working once it is sent.',
        invoke: {
          id: 'resendCode',
          src: 'resendCode',
          input: options.input,
          onDone: { target: 'coolingDown', description: 'A new code was sent: the countdown starts again.', actions: 'restartCooldown' },
          onError: [
            ...((options.onError ?? []) as TOnError),
            {
              guard: 'isRateLimited',
              target: 'coolingDown',
              actions: 'waitAsAsked',
              description: 'Too soon: wait the seconds the server names.',
            },
            { target: 'ready', actions: 'noteResendFailure', description: 'Not sent: say why; it can be tried again.' },
          ],
        },
      },
    },
  } as const;
}

/** What a screen shows of the region: the resend button and the line under it. */
export function resendView(snapshot: { context: ResendCooldown; hasTag: (tag: ResendTag) => boolean }) {
  return {
    resendIn: snapshot.context.resendInSeconds,
    resending: snapshot.hasTag('resending'),
    resent: snapshot.context.codeResent,
    resendFailure: snapshot.context.resendFailure,
  };
}
