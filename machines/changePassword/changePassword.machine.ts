import { assign, setup } from 'xstate';
import type { PasswordChanged } from '../../contract/stepUp';
import { meetsPasswordRule } from '../../contract/password';
import { toFailure, type Failure } from '../parts/failure';
import { stepUpMachine } from '../stepUp/stepUp.machine';
import { unprovided } from '../parts/unprovided';

/** Why the form was refused before or by the server, field by field. */
export type CurrentPasswordError = 'missing' | 'wrong';
/** `tooEasy`: the server's strength rule (a guessable password, or one with the e-mail address or name in it). */
export type NewPasswordError = 'weak' | 'same' | 'tooEasy';

interface ChangePasswordContext {
  currentError: CurrentPasswordError | null;
  newError: NewPasswordError | null;
  failure: Failure | null;
  /** After a change: how many other sessions it signed out (the section says so), else null. */
  otherSessionsEnded: number | null;
}

type ChangePasswordEvent =
  | { type: 'OPENED' }
  /** The passwords travel in this event and the change's input only — never in the context. */
  | { type: 'PASSWORDS_SUBMITTED'; current: string; next: string }
  | { type: 'CANCELLED' };

const clean = { currentError: null, newError: null, failure: null } as const;

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    /** The one step-up, for `password.change`. */
    stepUp: stepUpMachine,
    /** POST /users/change-password: spends the step-up, ends every other session. */
    changePassword: unprovided<PasswordChanged, { current: string; next: string }>('changePassword'),
  },
  guards: {
    stepUpGranted: ({ event }) => 'output' in event && (event.output as { granted: boolean }).granted,
    currentMissing: ({ event }) => event.type === 'PASSWORDS_SUBMITTED' && event.current === '',
    newIsWeak: ({ event }) => event.type === 'PASSWORDS_SUBMITTED' && !meetsPasswordRule(event.next),
    newIsSame: ({ event }) => event.type === 'PASSWORDS_SUBMITTED' && event.next === event.current,
    stepUpNeeded: ({ event }) => 'error' in event && toFailure(event.error).code === 'step_up_required',
    currentWrong: ({ event }) => 'error' in event && toFailure(event.error).code === 'current_password_invalid',
    newRefused: ({ event }) => 'error' in event && toFailure(event.error).code === 'validation_failed',
    newTooEasy: ({ event }) => 'error' in event && toFailure(event.error).code === 'password_too_weak',
  },
}).createMachine({
  id: 'changePassword',
  description:
    'Change the password on /profile/security: confirm it is you (the step-up), then the current password and a new one (the sign-up rule). Every other session is signed out; this one stays. Errors keep what was typed.',
  context: { ...clean, otherSessionsEnded: null },
  initial: 'closed',
  states: {
    closed: {
      description: '“Change password”, and after a change how many other devices were signed out.',
      meta: { route: '/profile/security' },
      on: {
        OPENED: {
          target: 'steppingUp',
          description: 'The customer opened the password form: they confirm it is them first.',
          actions: assign({ ...clean, otherSessionsEnded: null }),
        },
      },
    },
    steppingUp: {
      description: 'The one step-up for `password.change`; the form stays as typed behind it.',
      invoke: {
        id: 'stepUp',
        src: 'stepUp',
        input: { action: 'password.change' },
        onDone: [
          { guard: 'stepUpGranted', target: 'editing', description: 'The customer confirmed it is them: the password form opens.' },
          { target: 'closed', description: 'The customer closed the step-up: nothing changes.' },
        ],
      },
    },
    editing: {
      description: 'Current password and new password, each error next to its field.',
      meta: { route: '/profile/security' },
      on: {
        PASSWORDS_SUBMITTED: [
          {
            description: 'The current password is missing: said next to its field, nothing sent.',
            guard: 'currentMissing',
            actions: assign({ ...clean, currentError: 'missing' }),
          },
          {
            description: 'The new password does not meet the rule: said next to its field.',
            guard: 'newIsWeak',
            actions: assign({ ...clean, newError: 'weak' }),
          },
          {
            description: 'The new password is the current one: said next to its field.',
            guard: 'newIsSame',
            actions: assign({ ...clean, newError: 'same' }),
          },
          { target: 'changing', description: 'Both passwords are fine: the change is sent to the server.', actions: assign(clean) },
        ],
        CANCELLED: { target: 'closed', description: 'The customer closed the form: nothing changes.', actions: assign(clean) },
      },
    },
    changing: {
      description: 'Waiting while the server checks the current password and sets the new one.',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => {
          if (event.type !== 'PASSWORDS_SUBMITTED') throw new Error('changePassword starts from the submitted passwords');
          return { current: event.current, next: event.next };
        },
        onDone: {
          description: 'The password was changed: other devices are signed out and the count shows.',
          target: 'closed',
          actions: assign({ otherSessionsEnded: ({ event }) => event.output.otherSessionsEnded }),
        },
        onError: [
          {
            guard: 'stepUpNeeded',
            target: 'steppingUp',
            description: 'The step-up ran out (5 minutes) while the form was open: again, then submit again.',
          },
          {
            guard: 'currentWrong',
            target: 'editing',
            description: 'The current password was wrong: said next to its field, what was typed stays.',
            actions: assign({ currentError: 'wrong' }),
          },
          {
            guard: 'newRefused',
            target: 'editing',
            description: 'The server refused the new password: said next to its field.',
            actions: assign({ newError: 'weak' }),
          },
          {
            guard: 'newTooEasy',
            target: 'editing',
            description: 'The new password is too easy to guess: said next to its field.',
            actions: assign({ newError: 'tooEasy' }),
          },
          {
            target: 'editing',
            description: 'Not changed (offline, rate limit): the form says why and keeps what was typed.',
            actions: assign({ failure: ({ event }) => toFailure(event.error) }),
          },
        ],
      },
    },
  },
});
