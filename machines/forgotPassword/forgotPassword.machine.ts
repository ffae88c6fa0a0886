import { assign, setup } from 'xstate';
import { meetsPasswordRule } from '../../contract/auth';
import { failureOf, isSixDigitCode, refusalOf, toFailure, type Failure, type FieldErrors } from '../parts/failure';
import * as cooldown from '../parts/resendCooldown';
import { unprovided } from '../parts/unprovided';

interface ForgotPasswordContext extends cooldown.ResendCooldown {
  /** /login in the current language: where the customer signs in with the new password. */
  signIn: string;
  email: string;
  /** The e-mailed code, kept between the code and the new-password steps (never saved anywhere). */
  code: string;
  /** What is wrong with the step's field (the e-mail, or the new password), in the sign-up form's words. */
  fieldErrors: FieldErrors<ResetField>;
  /** The last failure of the current step that is not about its field (the code's failures are the code step's). */
  failure: Failure | null;
}

/** The fields of the reset's body that the customer types on this page (the code has its own failures). */
type ResetField = 'email' | 'password';

type ForgotPasswordEvent =
  | { type: 'EMAIL_SUBMITTED'; email: string }
  | { type: 'CODE_SUBMITTED'; code: string }
  | { type: 'PASSWORD_SUBMITTED'; password: string }
  | { type: 'CHANGE_EMAIL' }
  | { type: 'CHANGE_CODE' }
  | { type: 'RESEND_REQUESTED' };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Answers about the code itself: the customer must fix or renew the code, not the password. */
const CODE_FAILURES: ReadonlySet<string> = new Set(['code_invalid', 'code_expired', 'code_attempts_exceeded']);

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    input: {} as { signIn: string },
    events: {} as ForgotPasswordEvent,
    tags: {} as cooldown.ResendTag,
  },
  actors: {
    requestCode: unprovided<{ resendAfterSeconds: number }, { email: string }>('requestCode'),
    resendCode: unprovided<{ resendAfterSeconds: number }, { email: string }>('resendCode'),
    // The new password travels in the event and this actor's input only — never in the context.
    resetPassword: unprovided<void, { email: string; code: string; password: string }>('resetPassword'),
  },
  actions: {
    /**
     * Open the sign-in page with the address filled in and a "Password changed" notice. The address
     * goes with the navigation, never in the URL.
     */
    openSignIn: (_, _params: { destination: string; email: string }) => {},
    countDown: assign(cooldown.countDown),
    restartCooldown: assign((args) => ({ ...cooldown.restartCooldown(args), failure: null })),
    waitAsAsked: assign(cooldown.waitAsAsked),
    noteResendFailure: assign(cooldown.noteResendFailure),
  },
  guards: {
    isMalformedEmail: ({ event }) => event.type === 'EMAIL_SUBMITTED' && !EMAIL_SHAPE.test(event.email.trim()),
    isMalformedCode: ({ event }) => event.type === 'CODE_SUBMITTED' && !isSixDigitCode(event.code),
    isWeakPassword: ({ context, event }) =>
      event.type === 'PASSWORD_SUBMITTED' && !meetsPasswordRule(event.password, { email: context.email }),
    isCodeFailure: ({ event }) => CODE_FAILURES.has(failureOf(event).code),
    cooldownOver: cooldown.cooldownOver,
    isRateLimited: cooldown.isRateLimited,
  },
  delays: {
    RESEND_TICK: 1000,
  },
}).createMachine({
  id: 'forgotPassword',
  description:
    'Password reset on /forgot-password: e-mail, the e-mailed 6-digit code, a new password (each requirement shown as it is met). The reset ends every session and signs no one in: /login opens with "Password changed" and the address filled in, and the sign-in goes the normal way (the SMS code when a phone is confirmed). Errors keep what was typed.',
  context: ({ input }) => ({ signIn: input.signIn, email: '', code: '', fieldErrors: {}, failure: null, ...cooldown.startCooldown(0) }),
  initial: 'enteringEmail',
  states: {
    enteringEmail: {
      description: 'The e-mail address of the account.',
      meta: { route: '/forgot-password' },
      on: {
        EMAIL_SUBMITTED: [
          {
            guard: 'isMalformedEmail',
            actions: assign({
              email: ({ event }) => event.email,
              fieldErrors: ({ event }) => ({ email: event.email.trim() === '' ? 'missing' : 'invalid' }),
              failure: null,
            }),
            description: 'Empty or not an e-mail address: say so, send nothing.',
          },
          {
            target: 'requestingCode',
            description: 'The e-mail looks right: the server is asked to e-mail a reset code.',
            actions: assign({ email: ({ event }) => event.email.trim(), fieldErrors: {}, failure: null }),
          },
        ],
      },
    },
    requestingCode: {
      description:
        'Waiting while the server sends a reset code; it answers alike for every address, so the page cannot tell who is a customer.',
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          description: 'The code was e-mailed (the server answers alike for every address): the code field shows.',
          target: 'resetting',
          actions: assign(({ event }) => cooldown.startCooldown(event.output.resendAfterSeconds)),
        },
        onError: [
          {
            guard: 'isRateLimited',
            target: 'resetting',
            actions: 'waitAsAsked',
            description: 'A code was sent moments ago (a second try, another tab): use it, and wait before asking again.',
          },
          {
            target: 'enteringEmail',
            description: 'The server refused the request: the e-mail field says why and keeps it.',
            actions: assign(({ event }) => refusalOf(event.error, ['email'])),
          },
        ],
      },
    },
    resetting: {
      description: 'The code and the new password; a new code can be asked for once the countdown ends.',
      type: 'parallel',
      on: {
        CHANGE_EMAIL: {
          target: 'enteringEmail',
          actions: assign({ fieldErrors: {}, failure: null, code: '' }),
          description: 'The customer wants to use another e-mail address.',
        },
      },
      states: {
        form: {
          description: 'The code, then the new password, each with its last error.',
          initial: 'enteringCode',
          states: {
            enteringCode: {
              description: 'The 6-digit code, with the last error (wrong, expired, used up: then ask for a new one).',
              on: {
                CODE_SUBMITTED: [
                  {
                    guard: 'isMalformedCode',
                    actions: assign({ failure: { code: 'code_malformed' } }),
                    description: 'Not six digits: say so.',
                  },
                  {
                    target: 'choosingPassword',
                    actions: assign({ code: ({ event }) => event.code.trim(), failure: null }),
                    description: 'The server checks the code together with the new password.',
                  },
                ],
              },
            },
            choosingPassword: {
              description: 'The new password, each requirement shown met or unmet while typing.',
              on: {
                PASSWORD_SUBMITTED: [
                  {
                    guard: 'isWeakPassword',
                    actions: assign({ fieldErrors: { password: 'weak' }, failure: null }),
                    description: 'The rule is not met: say which part, send nothing.',
                  },
                  {
                    target: 'submitting',
                    description: 'The new password meets the rule: the server resets the password.',
                    actions: assign({ fieldErrors: {}, failure: null }),
                  },
                ],
                CHANGE_CODE: {
                  target: 'enteringCode',
                  actions: assign({ fieldErrors: {}, failure: null }),
                  description: 'Back to the code.',
                },
              },
            },
            submitting: {
              description: 'Waiting while the server sets the new password; it signs the customer out everywhere and signs no one in.',
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context, event }) => {
                  if (event.type !== 'PASSWORD_SUBMITTED') throw new Error('resetPassword starts from a submitted password');
                  return { email: context.email, code: context.code, password: event.password };
                },
                onDone: {
                  description: 'The password was changed: login opens with the address filled in.',
                  target: '#forgotPassword.passwordChanged',
                  actions: { type: 'openSignIn', params: ({ context }) => ({ destination: context.signIn, email: context.email }) },
                },
                onError: [
                  {
                    guard: 'isCodeFailure',
                    target: 'enteringCode',
                    actions: assign({ failure: ({ event }) => toFailure(event.error) }),
                    description: 'Wrong, expired or used-up code: back to the code; the new password stays typed.',
                  },
                  {
                    target: 'choosingPassword',
                    actions: assign(({ event }) => refusalOf(event.error, ['password'])),
                    description: 'A password the server refuses (too easy to guess) is said next to it; anything else for the form.',
                  },
                ],
              },
            },
          },
        },
        resend: cooldown.resendCodeRegion({ input: ({ context }: { context: ForgotPasswordContext }) => ({ email: context.email }) }),
      },
    },
    passwordChanged: {
      type: 'final',
      description: 'The password is changed and every session ended; /login opens with the address filled in.',
    },
  },
});
