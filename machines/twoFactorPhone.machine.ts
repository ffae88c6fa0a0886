import { assign, not, setup, stateIn } from 'xstate';
import type { LoginNotice } from './login.machine';
import { resendCooldownMachine } from './resendCooldown.machine';
import { unprovided } from './unprovided';

/** Why a code was not accepted or not sent; the screen translates the code. */
export interface CodeFailure {
  /** An API error code (`code_invalid`, `code_expired`, `code_attempts_exceeded`, `rate_limited`…) or `code_format`. */
  code: string;
  retryAfterSeconds?: number;
}

/** What /login handed over (kept in session storage, so a reload keeps it), with times made relative. */
export interface PendingChallenge {
  challengeToken: string;
  /** The masked phone (`+49 •••••••••78`). */
  phoneHint: string;
  /** Where to go once signed in. */
  destination: string;
  expiresInMs: number;
  resendInSeconds: number;
}

interface TwoFactorContext {
  challengeToken: string | null;
  phoneHint: string;
  destination: string;
  expiresInMs: number;
  resendInSeconds: number;
  failure: CodeFailure | null;
  /** Why the last “send a new code” did not go through, shown by the resend button. */
  resendFailure: CodeFailure | null;
  /** Set after a new code was sent, for a polite confirmation. */
  codeResent: boolean;
}

type TwoFactorEvent = { type: 'CODE_SUBMITTED'; code: string } | { type: 'RESEND_REQUESTED' };

/** Codes that mean the challenge itself is gone: signing in must start again. */
const CHALLENGE_OVER = new Set(['challenge_invalid', 'challenge_expired']);

export function codeFailure(error: unknown): CodeFailure {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    const retry = 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
    return retry === undefined ? { code: error.code } : { code: error.code, retryAfterSeconds: retry };
  }
  return { code: 'unknown' };
}

export const isSixDigitCode = (code: string) => /^\d{6}$/.test(code);

export const twoFactorPhoneMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    input: {} as { challenge: PendingChallenge | null },
    events: {} as TwoFactorEvent,
  },
  actors: {
    verifyCode: unprovided<void, { challengeToken: string; code: string }>('verifyCode'),
    /** Answers the seconds until the next resend. */
    resendCode: unprovided<{ resendInSeconds: number }, { challengeToken: string }>('resendCode'),
    resendCooldown: resendCooldownMachine,
  },
  actions: {
    /** Forgets the challenge, tells the session it exists now and opens the destination. */
    enterApp: (_, _params: { destination: string }) => {},
    /** Forgets the challenge and opens /login, with a message when there is one. */
    goToLogin: (_, _params: { notice: LoginNotice | null }) => {},
  },
  guards: {
    hasNoChallenge: ({ context }) => context.challengeToken === null,
    challengeHasExpired: ({ context }) => context.expiresInMs <= 0,
    isMalformedCode: ({ event }) => event.type === 'CODE_SUBMITTED' && !isSixDigitCode(event.code.trim()),
    challengeIsOver: (_, failure: CodeFailure) => CHALLENGE_OVER.has(failure.code),
    isRateLimited: (_, failure: CodeFailure) => failure.code === 'rate_limited' && failure.retryAfterSeconds !== undefined,
    codeIsNotBeingChecked: not(stateIn('#twoFactorPhone.awaitingCode.code.verifying')),
  },
  delays: {
    CHALLENGE_LIFETIME: ({ context }) => context.expiresInMs,
  },
}).createMachine({
  id: 'twoFactorPhone',
  description:
    'The second step of signing in for a customer with a confirmed phone, on /2fa/phone: enter the 6-digit SMS code, ask for a new one after a visible cooldown. No session exists until the code is right; an expired or used challenge sends the customer back to /login.',
  context: ({ input }) => ({
    challengeToken: input.challenge?.challengeToken ?? null,
    phoneHint: input.challenge?.phoneHint ?? '',
    destination: input.challenge?.destination ?? '/',
    expiresInMs: input.challenge?.expiresInMs ?? 0,
    resendInSeconds: input.challenge?.resendInSeconds ?? 0,
    failure: null,
    resendFailure: null,
    codeResent: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Is there a challenge from /login, and is it still valid?',
      always: [
        { guard: 'hasNoChallenge', target: 'noChallenge', description: 'Opened directly, without signing in first.' },
        { guard: 'challengeHasExpired', target: 'expired', description: 'The ten minutes passed (a reload much later).' },
        { target: 'awaitingCode' },
      ],
    },
    noChallenge: {
      type: 'final',
      description: 'Nothing to confirm: /login opens.',
      entry: { type: 'goToLogin', params: { notice: null } },
    },
    awaitingCode: {
      type: 'parallel',
      description: 'The code form and, beside it, the resend button with its cooldown.',
      meta: { route: '/2fa/phone' },
      after: {
        CHALLENGE_LIFETIME: { target: 'expired', description: 'Ten minutes without the right code: sign in again.' },
      },
      states: {
        code: {
          initial: 'editing',
          states: {
            editing: {
              description: 'The code field (one-time-code autofill), with the last error if any.',
              on: {
                CODE_SUBMITTED: [
                  {
                    guard: 'isMalformedCode',
                    actions: assign({ failure: { code: 'code_format' }, codeResent: false }),
                    description: 'Not six digits: say so, send nothing.',
                  },
                  { target: 'verifying', actions: assign({ failure: null, codeResent: false }) },
                ],
              },
            },
            verifying: {
              description: 'POST /auth/2fa/phone/verify; the field is kept, the button busy.',
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context, event }) => {
                  if (event.type !== 'CODE_SUBMITTED') throw new Error('verifyCode starts from a submitted code');
                  return { challengeToken: context.challengeToken!, code: event.code.trim() };
                },
                onDone: { target: '#twoFactorPhone.signedIn' },
                onError: [
                  {
                    guard: { type: 'challengeIsOver', params: ({ event }) => codeFailure(event.error) },
                    target: '#twoFactorPhone.expired',
                    description: 'The challenge was used or expired meanwhile.',
                  },
                  {
                    target: 'editing',
                    actions: assign({ failure: ({ event }) => codeFailure(event.error) }),
                    description: 'Wrong code, expired code, tries used up, or offline: say which.',
                  },
                ],
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              description: 'The resend button shows the seconds left.',
              invoke: {
                id: 'resendCooldown',
                src: 'resendCooldown',
                input: ({ context }) => ({ seconds: context.resendInSeconds }),
                onDone: { target: 'available' },
              },
            },
            available: {
              description: 'A new code may be sent.',
              on: {
                RESEND_REQUESTED: { guard: 'codeIsNotBeingChecked', target: 'sending' },
              },
            },
            sending: {
              description: 'POST /auth/2fa/phone/resend.',
              invoke: {
                id: 'resendCode',
                src: 'resendCode',
                input: ({ context }) => ({ challengeToken: context.challengeToken! }),
                onDone: {
                  target: 'coolingDown',
                  actions: assign({
                    resendInSeconds: ({ event }) => event.output.resendInSeconds,
                    resendFailure: null,
                    codeResent: true,
                  }),
                },
                onError: [
                  {
                    guard: { type: 'challengeIsOver', params: ({ event }) => codeFailure(event.error) },
                    target: '#twoFactorPhone.expired',
                  },
                  {
                    guard: { type: 'isRateLimited', params: ({ event }) => codeFailure(event.error) },
                    target: 'coolingDown',
                    actions: assign({
                      resendFailure: ({ event }) => codeFailure(event.error),
                      resendInSeconds: ({ event }) => codeFailure(event.error).retryAfterSeconds!,
                    }),
                    description: 'Too soon or too many: wait as long as the server says.',
                  },
                  {
                    target: 'available',
                    actions: assign({ resendFailure: ({ event }) => codeFailure(event.error) }),
                    description: 'Not sent (offline…): say so; the button stays available.',
                  },
                ],
              },
            },
          },
        },
      },
    },
    expired: {
      type: 'final',
      description: 'The challenge is over: /login opens with “your sign-in timed out, please sign in again”.',
      entry: { type: 'goToLogin', params: { notice: 'two_factor_expired' } },
    },
    signedIn: {
      type: 'final',
      description: 'The session cookies are set; the app opens the page the customer signed in for.',
      entry: { type: 'enterApp', params: ({ context }) => ({ destination: context.destination }) },
    },
  },
});
