import { assign, setup } from 'xstate';
import type { TwoFactorChallenge } from '../../contract/phone';
import { safeRedirectPath } from '../routeGuard/routeGuard.machine';
import { toFailure, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

export type LoginField = 'email' | 'password';

/** What a sign-in with the right password leads to: a session, or an SMS code to enter first. */
export type SignInOutcome = { kind: 'signedIn' } | { kind: 'twoFactorRequired'; challenge: TwoFactorChallenge };

/**
 * Why /login opened without the visitor asking: the two-factor page sent them back, or the server
 * ended the session (idle, or at its absolute end).
 */
export const LOGIN_NOTICES = ['two_factor_expired', 'session_idle', 'session_expired', 'session_wrong_codes'] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];

interface LoginContext {
  /** Where to go after signing in: the `redirect` query parameter, if it is safe, else home. */
  destination: string;
  failure: Failure | null;
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
    input: {} as { redirect: string | null; home: string; notice?: LoginNotice | null },
    events: {} as LoginEvent,
    tags: {} as 'busy',
  },
  actors: {
    // The password travels in the event and the actor's input only — never in the machine's context.
    signIn: unprovided<SignInOutcome, { email: string; password: string }>('signIn'),
  },
  actions: {
    /** Tells the session it exists now and opens the destination. */
    enterApp: (_, _params: { destination: string }) => {},
    /** Keeps the challenge (never the password) for /2fa/phone and opens it. */
    continueWithSecondFactor: (_, _params: { challenge: TwoFactorChallenge; destination: string }) => {},
  },
  guards: {
    hasMissingFields: ({ event }) => missingFields(event).length > 0,
    needsSecondFactor: (_, outcome: SignInOutcome) => outcome.kind === 'twoFactorRequired',
  },
}).createMachine({
  id: 'login',
  description:
    'Sign-in with e-mail and password on /login. Errors keep what was typed; after success the app opens the page the visitor was sent from (a same-origin `redirect` only), else home. A customer with a confirmed phone goes to /2fa/phone for an SMS code first.',
  context: ({ input }) => ({
    destination: safeRedirectPath(input.redirect) ?? input.home,
    failure: input.notice ? { code: input.notice } : null,
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
          {
            target: 'signingIn',
            description: 'Both fields are filled: the trimmed e-mail and the password go to the server.',
            actions: assign({ missing: [], failure: null }),
          },
        ],
      },
    },
    signingIn: {
      tags: ['busy'],
      description: 'Waiting while the server checks the e-mail and password; the button is busy and a second click does nothing.',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          if (event.type !== 'CREDENTIALS_SUBMITTED') throw new Error('signIn starts from submitted credentials');
          return { email: event.email.trim(), password: event.password };
        },
        onDone: [
          {
            guard: { type: 'needsSecondFactor', params: ({ event }) => event.output },
            target: 'secondFactorRequired',
            actions: {
              type: 'continueWithSecondFactor',
              params: ({ context, event }) => {
                if (event.output.kind !== 'twoFactorRequired') throw new Error('needsSecondFactor let a session through');
                return { challenge: event.output.challenge, destination: context.destination };
              },
            },
            description: 'The password was right and the account has a confirmed phone: an SMS code is due first.',
          },
          {
            target: 'signedIn',
            description: 'The password was right: the session starts and the app opens the page the customer came for.',
            actions: { type: 'enterApp', params: ({ context }) => ({ destination: context.destination }) },
          },
        ],
        onError: {
          target: 'editing',
          description: 'Wrong password, rate limit or offline: the form says why and keeps what was typed.',
          actions: assign({ failure: ({ event }) => toFailure(event.error) }),
        },
      },
    },
    signedIn: { type: 'final', tags: ['busy'], description: 'The session cookies are set; the app opens the destination.' },
    secondFactorRequired: {
      type: 'final',
      tags: ['busy'],
      description: 'No session yet: /2fa/phone opens with the challenge and asks for the SMS code.',
    },
  },
});
