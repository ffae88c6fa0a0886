import { assign, setup } from 'xstate';
import { safeRedirectPath } from './routeGuard.machine';
import { toFailure, type Failure } from './failure';
import { unprovided } from './unprovided';

/** Why a sign-in attempt did not go through; the screen translates the code. */
export type SignInFailure = Failure;

export type LoginField = 'email' | 'password';

interface LoginContext {
  /** Where to go after signing in: the `redirect` query parameter, if it is safe, else home. */
  destination: string;
  failure: SignInFailure | null;
  /** Fields that are missing; the screen shows a message next to each. */
  missing: LoginField[];
}

type LoginEvent = { type: 'CREDENTIALS_SUBMITTED'; email: string; password: string };

function missingFields(event: LoginEvent): LoginField[] {
  const missing: LoginField[] = [];
  if (event.email.trim() === '') missing.push('email');
  if (event.password === '') missing.push('password');
  return missing;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    input: {} as { redirect: string | null; home: string },
    events: {} as LoginEvent,
  },
  actors: {
    // The password travels in the event and the actor's input only — never in the machine's context.
    signIn: unprovided<void, { email: string; password: string }>('signIn'),
  },
  actions: {
    /** Tells the session it exists now and opens the destination. */
    enterApp: (_, _params: { destination: string }) => {},
  },
  guards: {
    hasMissingFields: ({ event }) => missingFields(event).length > 0,
  },
}).createMachine({
  id: 'login',
  description:
    'Sign-in with e-mail and password on /login. Errors keep what was typed; after success the app opens the page the visitor was sent from (a same-origin `redirect` only), else home.',
  context: ({ input }) => ({
    destination: safeRedirectPath(input.redirect) ?? input.home,
    failure: null,
    missing: [],
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: e-mail and password, with the last error if any.',
      meta: { route: '/login' },
      on: {
        CREDENTIALS_SUBMITTED: [
          {
            guard: 'hasMissingFields',
            actions: assign({ missing: ({ event }) => missingFields(event), failure: null }),
            description: 'Something is missing: say which field, send nothing.',
          },
          { target: 'signingIn', actions: assign({ missing: [], failure: null }) },
        ],
      },
    },
    signingIn: {
      description: 'POST /auth/login; the button is busy and a second click does nothing.',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          if (event.type !== 'CREDENTIALS_SUBMITTED') throw new Error('signIn starts from submitted credentials');
          return { email: event.email.trim(), password: event.password };
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'enterApp', params: ({ context }) => ({ destination: context.destination }) },
        },
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    signedIn: { type: 'final', description: 'The session cookies are set; the app opens the destination.' },
  },
});
