import type { Failure } from './failure';

/**
 * The "send a new code" part of a code step, shared by registration and password reset. The server says
 * how many seconds to wait (`resendAfterSeconds`, or `Retry-After` on a 429); the button counts them
 * down one second at a time and is offered again at zero. The machine using it declares, in `setup()`:
 * the actor `resendCode` (input `{ email }`, output `{ resendAfterSeconds }`), the delay `RESEND_TICK`,
 * the guards `cooldownOver` and `isRateLimited`, and the actions `countDown`, `restartCooldown`,
 * `waitAsAsked` and `noteResendFailure`.
 */
export function resendCodeRegion() {
  return {
    initial: 'coolingDown',
    states: {
      coolingDown: {
        description: 'The resend button is disabled and shows the seconds left.',
        always: { guard: 'cooldownOver', target: 'ready' },
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
        on: { RESEND_REQUESTED: { target: 'resending', description: 'Ask the server for a new code.' } },
      },
      resending: {
        description: 'Asking for a new code; the previous one stops working once it is sent.',
        invoke: {
          id: 'resendCode',
          src: 'resendCode',
          input: ({ context }: { context: { email: string } }) => ({ email: context.email }),
          onDone: { target: 'coolingDown', actions: 'restartCooldown' },
          onError: [
            {
              guard: 'isRateLimited',
              target: 'coolingDown',
              actions: 'waitAsAsked',
              description: 'Too soon (another tab, a reload): wait the seconds the server names.',
            },
            { target: 'ready', actions: 'noteResendFailure', description: 'Not sent: say why; it can be tried again.' },
          ],
        },
      },
    },
  } as const;
}

/** Seconds to wait after a refused resend: the server's `Retry-After`, else a minute. */
export function retryAfter(failure: Failure): number {
  return failure.retryAfterSeconds ?? 60;
}
