import { assign, setup } from 'xstate';

/**
 * The wait before another code may be sent, counted down second by second so the screen can show it.
 * Flows that send codes (two-factor sign-in, phone change) invoke it and take its end as "resend is
 * available"; the screen reads `secondsLeft` from the running child.
 */
export const resendCooldownMachine = setup({
  types: {
    context: {} as { secondsLeft: number },
    input: {} as { seconds: number },
  },
  delays: { ONE_SECOND: 1000 },
  guards: {
    nothingLeft: ({ context }) => context.secondsLeft <= 0,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
}).createMachine({
  id: 'resendCooldown',
  description: 'Counts down the seconds until a new code may be asked for.',
  context: ({ input }) => ({ secondsLeft: Math.max(0, Math.ceil(input.seconds)) }),
  initial: 'counting',
  states: {
    counting: {
      description: 'Shows “send a new code in N s”; the resend button is disabled.',
      always: { guard: 'nothingLeft', target: 'over', description: 'The wait was already over when it started.' },
      after: {
        ONE_SECOND: [
          { guard: 'lastSecond', target: 'over', actions: assign({ secondsLeft: 0 }), description: 'The last second passed.' },
          {
            target: 'counting',
            reenter: true,
            actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
            description: 'One second less to wait.',
          },
        ],
      },
    },
    over: { type: 'final', description: 'A new code may be sent.' },
  },
});
