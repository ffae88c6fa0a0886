import { assign, setup } from 'xstate';
import { IDLE_WARNING_SECONDS } from '../../contract/session';
import { unprovided } from '../parts/unprovided';

interface IdleContext {
  /** The server's idle limit for this session (from its `session_info` marker). */
  idleSeconds: number;
}

type IdleEvent =
  /** The session began (or the page opened signed in); the marker says the limit. */
  | { type: 'SIGNED_IN'; idleSeconds: number }
  | { type: 'SIGNED_OUT' }
  /** The customer made a request, in this tab or another one (background polling never sends this). */
  | { type: 'ACTIVITY' }
  | { type: 'STAY_SIGNED_IN_CHOSEN' }
  | { type: 'SIGN_OUT_CHOSEN' };

/**
 * The client half of the idle lifetime the server enforces: the server ends a session after
 * `idleSeconds` without a request the customer made; a minute before, this machine asks
 * “Stay signed in?”, and when the question is ignored it ends the session itself, so the login page can
 * say why instead of the next click meeting a 401.
 */
export const idleMachine = setup({
  types: {
    context: {} as IdleContext,
    input: {} as { idleSeconds: number | null },
    events: {} as IdleEvent,
  },
  actors: {
    /** A renewal that counts as the customer's activity (POST /auth/refresh, `X-Meridian-Activity: customer`). */
    staySignedIn: unprovided<void>('staySignedIn'),
  },
  actions: {
    /** Tells the session the idle limit is reached: it signs out and /login says why. */
    endIdleSession: () => {},
    /** The customer chose to sign out: an ordinary logout. */
    signOut: () => {},
  },
  delays: {
    UNTIL_WARNING: ({ context }) => Math.max(0, context.idleSeconds - IDLE_WARNING_SECONDS) * 1000,
    WARNING: IDLE_WARNING_SECONDS * 1000,
  },
  guards: {
    opensSignedIn: ({ context }) => context.idleSeconds > 0,
  },
}).createMachine({
  id: 'idle',
  description:
    'Counts the customer’s quiet time while signed in. A minute before the server’s idle limit it asks “Stay signed in?”; staying renews the session as the customer’s activity, signing out or ignoring the question ends the session. Any request the customer makes, in any tab, starts the count again.',
  // No limit known (0): the page opened signed out.
  context: ({ input }) => ({ idleSeconds: input.idleSeconds ?? 0 }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Opens signed in or out.',
      always: [
        { guard: 'opensSignedIn', target: 'signedIn', description: 'The page opens with a session: the idle count starts.' },
        { target: 'signedOut', description: 'The page opens without a session: nothing is counted.' },
      ],
    },
    signedOut: {
      description: 'Nothing to count.',
      on: {
        SIGNED_IN: {
          description: 'The customer signed in: the idle count starts.',
          target: 'signedIn',
          actions: assign({ idleSeconds: ({ event }) => event.idleSeconds }),
        },
      },
    },
    signedIn: {
      description: 'A session is open: its quiet time counts.',
      initial: 'active',
      on: {
        SIGNED_OUT: { target: 'signedOut', description: 'Signed out in any way (here, in another tab, or by the server).' },
      },
      states: {
        active: {
          description: 'The customer was active less than the idle limit minus a minute ago.',
          after: {
            UNTIL_WARNING: {
              target: 'askingToStay',
              description: 'Almost at the idle limit: the app asks the customer whether to stay signed in.',
            },
          },
          on: {
            ACTIVITY: { target: 'active', reenter: true, description: 'The count starts again.' },
          },
        },
        askingToStay: {
          tags: ['askingToStay'],
          description: 'Shows “Stay signed in?” with Stay signed in and Sign out; a minute is left.',
          after: {
            WARNING: { target: 'timedOut', description: 'Ignored: the idle limit is reached.' },
          },
          on: {
            STAY_SIGNED_IN_CHOSEN: {
              target: 'stayingSignedIn',
              description: 'The customer chose to stay: the session is renewed as their activity.',
            },
            SIGN_OUT_CHOSEN: { target: 'signingOut', description: 'The customer chose to log out from the question.' },
            ACTIVITY: { target: 'active', description: 'The customer carried on in another tab.' },
          },
        },
        stayingSignedIn: {
          tags: ['askingToStay', 'busy'],
          description: 'Renews the session as the customer’s activity.',
          invoke: {
            id: 'staySignedIn',
            src: 'staySignedIn',
            onDone: { target: 'active', description: 'The session was renewed: the idle count starts again.' },
            // The server refused (the session is already over) or did not answer: the session cannot be kept.
            onError: { target: 'timedOut', description: 'The session could not be renewed: it ends as for inactivity.' },
          },
        },
        timedOut: {
          description: 'Ends the session; /login says the customer was signed out for inactivity.',
          entry: 'endIdleSession',
        },
        signingOut: {
          description: 'Logs out as the Log out button does.',
          entry: 'signOut',
        },
      },
    },
  },
});
