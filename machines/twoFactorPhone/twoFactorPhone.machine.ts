import { assign, not, setup, stateIn } from 'xstate';
import type { LoginNotice } from '../login/login.machine';
import { isSixDigitCode, toFailure, type Failure } from '../parts/failure';
import * as cooldown from '../parts/resendCooldown';
import { unprovided } from '../parts/unprovided';

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

interface TwoFactorContext extends cooldown.ResendCooldown {
  challengeToken: string | null;
  phoneHint: string;
  destination: string;
  expiresInMs: number;
  failure: Failure | null;
}

type TwoFactorEvent = { type: 'CODE_SUBMITTED'; code: string } | { type: 'RESEND_REQUESTED' };

/** Codes that mean the challenge itself is gone: signing in must start again. */
const CHALLENGE_OVER = new Set(['challenge_invalid', 'challenge_expired']);

export const twoFactorPhoneMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    input: {} as { challenge: PendingChallenge | null },
    events: {} as TwoFactorEvent,
    tags: {} as cooldown.ResendTag,
  },
  actors: {
    verifyCode: unprovided<void, { challengeToken: string; code: string }>('verifyCode'),
    /** Answers the seconds until the next resend. */
    resendCode: unprovided<{ resendAfterSeconds: number }, { challengeToken: string }>('resendCode'),
  },
  actions: {
    /** Forgets the challenge, tells the session it exists now and opens the destination. */
    enterApp: (_, _params: { destination: string }) => {},
    /** Forgets the challenge and opens /login, with a message when there is one. */
    goToLogin: (_, _params: { notice: LoginNotice | null }) => {},
    countDown: assign(cooldown.countDown),
    restartCooldown: assign(cooldown.restartCooldown),
    waitAsAsked: assign(cooldown.waitAsAsked),
    noteResendFailure: assign(cooldown.noteResendFailure),
  },
  guards: {
    hasNoChallenge: ({ context }) => context.challengeToken === null,
    challengeHasExpired: ({ context }) => context.expiresInMs <= 0,
    isMalformedCode: ({ event }) => event.type === 'CODE_SUBMITTED' && !isSixDigitCode(event.code),
    challengeIsOver: (_, failure: Failure) => CHALLENGE_OVER.has(failure.code),
    cooldownOver: cooldown.cooldownOver,
    isRateLimited: cooldown.isRateLimited,
    codeIsNotBeingChecked: not(stateIn('#twoFactorPhone.awaitingCode.code.verifying')),
  },
  delays: {
    CHALLENGE_LIFETIME: ({ context }) => context.expiresInMs,
    RESEND_TICK: 1000,
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
    failure: null,
    ...cooldown.startCooldown(input.challenge?.resendInSeconds ?? 0),
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Is there a challenge from /login, and is it still valid?',
      always: [
        { guard: 'hasNoChallenge', target: 'noChallenge', description: 'Opened directly, without signing in first.' },
        { guard: 'challengeHasExpired', target: 'expired', description: 'The ten minutes passed (a reload much later).' },
        { target: 'awaitingCode', description: 'A live sign-in challenge: the SMS code field shows.' },
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
          description: 'The SMS code field and its last error.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The code field (one-time-code autofill), with the last error if any.',
              on: {
                CODE_SUBMITTED: [
                  {
                    guard: 'isMalformedCode',
                    actions: assign({ failure: { code: 'code_malformed' }, codeResent: false }),
                    description: 'Not six digits: say so, send nothing.',
                  },
                  {
                    target: 'verifying',
                    description: 'Six digits typed: the server checks the code.',
                    actions: assign({ failure: null, codeResent: false }),
                  },
                ],
              },
            },
            verifying: {
              description: 'Waiting while the server checks the SMS code; the field is kept, the button busy.',
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context, event }) => {
                  if (event.type !== 'CODE_SUBMITTED') throw new Error('verifyCode starts from a submitted code');
                  return { challengeToken: context.challengeToken!, code: event.code.trim() };
                },
                onDone: {
                  target: '#twoFactorPhone.signedIn',
                  description: 'The code was right: the session starts and the page the customer signed in for opens.',
                },
                onError: [
                  {
                    guard: { type: 'challengeIsOver', params: ({ event }) => toFailure(event.error) },
                    target: '#twoFactorPhone.expired',
                    description: 'The challenge was used or expired meanwhile.',
                  },
                  {
                    target: 'editing',
                    actions: assign({ failure: ({ event }) => toFailure(event.error) }),
                    description: 'Wrong code, expired code, tries used up, or offline: say which.',
                  },
                ],
              },
            },
          },
        },
        resend: cooldown.resendCodeRegion({
          input: ({ context }: { context: TwoFactorContext }) => ({ challengeToken: context.challengeToken! }),
          guard: 'codeIsNotBeingChecked',
          onError: [
            {
              guard: { type: 'challengeIsOver', params: ({ event }: { event: { error: unknown } }) => toFailure(event.error) },
              target: '#twoFactorPhone.expired',
              description: 'The challenge was used or expired meanwhile.',
            },
          ],
        }),
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
