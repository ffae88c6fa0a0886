import { assign, not, setup, stateIn } from 'xstate';
import { isSixDigitCode, toFailure, type Failure } from '../parts/failure';
import type { LoginNotice } from '../login/login.machine';
import * as cooldown from '../parts/resendCooldown';
import { unprovided } from '../parts/unprovided';

/** The sign-in's two-factor challenge, as /2fa/phone keeps it (session storage). */
export interface RecoveryChallenge {
  challengeToken: string;
}

interface PhoneRecoveryContext extends cooldown.ResendCooldown {
  challengeToken: string | null;
  /** Where the code went (`a•••@example.com`). */
  emailHint: string;
  /** When the phone will be removed (ISO), once the recovery is scheduled. */
  effectiveAt: string | null;
  failure: Failure | null;
}

type PhoneRecoveryEvent =
  | { type: 'RECOVERY_REQUESTED' }
  | { type: 'PROOF_SUBMITTED'; code: string; password: string }
  | { type: 'RESEND_REQUESTED' };

/** Codes that mean the sign-in's challenge is gone: signing in must start again. */
const CHALLENGE_OVER = new Set(['challenge_invalid', 'challenge_expired']);

export const phoneRecoveryMachine = setup({
  types: {
    context: {} as PhoneRecoveryContext,
    input: {} as { challenge: RecoveryChallenge | null },
    events: {} as PhoneRecoveryEvent,
    tags: {} as cooldown.ResendTag,
  },
  actors: {
    /** E-mails the recovery code; answers where it went and when another may be sent. */
    sendRecoveryCode: unprovided<{ emailHint: string; resendAfterSeconds: number }, { challengeToken: string }>('sendRecoveryCode'),
    /** The same request again, from the resend button. */
    resendCode: unprovided<{ resendAfterSeconds: number }, { challengeToken: string }>('resendCode'),
    /** Schedules the phone's removal; answers when it takes effect. */
    confirmRecovery: unprovided<{ effectiveAt: string }, { challengeToken: string; code: string; password: string }>('confirmRecovery'),
  },
  actions: {
    /** Opens /login, with a message when there is one. */
    goToLogin: (_, _params: { notice: LoginNotice | null }) => {},
    countDown: assign(cooldown.countDown),
    restartCooldown: assign(cooldown.restartCooldown),
    waitAsAsked: assign(cooldown.waitAsAsked),
    noteResendFailure: assign(cooldown.noteResendFailure),
  },
  guards: {
    hasNoChallenge: ({ context }) => context.challengeToken === null,
    isIncompleteProof: ({ event }) => event.type === 'PROOF_SUBMITTED' && (!isSixDigitCode(event.code) || event.password === ''),
    challengeIsOver: (_, failure: Failure) => CHALLENGE_OVER.has(failure.code),
    accountHasPasskey: (_, failure: Failure) => failure.code === 'recovery_has_passkey',
    cooldownOver: cooldown.cooldownOver,
    isRateLimited: cooldown.isRateLimited,
    proofIsNotBeingChecked: not(stateIn('#phoneRecovery.awaitingProof.proof.confirming')),
  },
  delays: { RESEND_TICK: 1000 },
}).createMachine({
  id: 'phoneRecovery',
  description:
    'Lost phone, no passkey, on /2fa/phone/lost: after the password, the customer asks for a code by e-mail, then gives it with the password again. The phone is removed 24 hours later (the server’s clock), unless it is cancelled from the e-mail or the old phone; then the password alone signs in and a new phone can be set.',
  context: ({ input }) => ({
    challengeToken: input.challenge?.challengeToken ?? null,
    emailHint: '',
    effectiveAt: null,
    failure: null,
    ...cooldown.startCooldown(0),
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Is there a sign-in waiting for its SMS code?',
      always: [
        { guard: 'hasNoChallenge', target: 'noChallenge', description: 'Opened directly, without signing in first.' },
        { target: 'explaining', description: 'A live sign-in challenge: what recovery means is explained first.' },
      ],
    },
    noChallenge: {
      type: 'final',
      description: 'Nothing to recover: /login opens.',
      entry: { type: 'goToLogin', params: { notice: null } },
    },
    explaining: {
      description:
        'What happens: a code by e-mail plus the password; the phone goes after 24 hours, and the e-mail and the phone can cancel.',
      meta: { route: '/2fa/phone/lost' },
      on: {
        RECOVERY_REQUESTED: {
          target: 'sendingCode',
          description: 'The customer asked to recover: a code is e-mailed to them.',
          actions: assign({ failure: null }),
        },
      },
    },
    sendingCode: {
      description: 'Waiting while the server sends a code to the account’s e-mail.',
      invoke: {
        id: 'sendRecoveryCode',
        src: 'sendRecoveryCode',
        input: ({ context }) => ({ challengeToken: context.challengeToken! }),
        onDone: {
          description: 'The e-mailed code went out: the code and password fields show.',
          target: 'awaitingProof',
          actions: assign(({ event }) => ({
            emailHint: event.output.emailHint,
            ...cooldown.startCooldown(event.output.resendAfterSeconds),
          })),
        },
        onError: [
          {
            guard: { type: 'challengeIsOver', params: ({ event }) => toFailure(event.error) },
            target: 'expired',
            description: 'The ten minutes of the sign-in passed.',
          },
          {
            guard: { type: 'accountHasPasskey', params: ({ event }) => toFailure(event.error) },
            target: 'passkeyInstead',
            description: 'A passkey signs in without the phone.',
          },
          {
            target: 'explaining',
            actions: assign({ failure: ({ event }) => toFailure(event.error) }),
            description: 'Too many codes, or offline: say which.',
          },
        ],
      },
    },
    awaitingProof: {
      type: 'parallel',
      description: 'The code and password form and, beside it, the resend button with its cooldown.',
      meta: { route: '/2fa/phone/lost' },
      states: {
        proof: {
          description: 'The e-mailed code and password fields, with the last error.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The e-mailed code and the password, with the last error if any; what was typed stays.',
              on: {
                PROOF_SUBMITTED: [
                  {
                    guard: 'isIncompleteProof',
                    actions: assign({ failure: { code: 'code_malformed' }, codeResent: false }),
                    description: 'Not six digits, or no password: say so, send nothing.',
                  },
                  {
                    target: 'confirming',
                    description: 'Code and password are there: the server checks them and schedules the removal.',
                    actions: assign({ failure: null, codeResent: false }),
                  },
                ],
              },
            },
            confirming: {
              description: 'Waiting while the server checks the code; the button is busy.',
              invoke: {
                id: 'confirmRecovery',
                src: 'confirmRecovery',
                input: ({ context, event }) => {
                  if (event.type !== 'PROOF_SUBMITTED') throw new Error('confirmRecovery starts from a submitted proof');
                  return { challengeToken: context.challengeToken!, code: event.code.trim(), password: event.password };
                },
                onDone: {
                  description: 'Accepted: the phone is removed in 24 hours unless cancelled; the page says so.',
                  target: '#phoneRecovery.scheduled',
                  actions: assign({ effectiveAt: ({ event }) => event.output.effectiveAt }),
                },
                onError: [
                  {
                    guard: { type: 'challengeIsOver', params: ({ event }) => toFailure(event.error) },
                    target: '#phoneRecovery.expired',
                    description: 'The sign-in’s ten minutes passed meanwhile.',
                  },
                  {
                    target: 'editing',
                    actions: assign({ failure: ({ event }) => toFailure(event.error) }),
                    description: 'Wrong code or password, too many tries, or offline: say which.',
                  },
                ],
              },
            },
          },
        },
        resend: cooldown.resendCodeRegion({
          input: ({ context }: { context: PhoneRecoveryContext }) => ({ challengeToken: context.challengeToken! }),
          guard: 'proofIsNotBeingChecked',
          onError: [
            {
              guard: { type: 'challengeIsOver', params: ({ event }: { event: { error: unknown } }) => toFailure(event.error) },
              target: '#phoneRecovery.expired',
              description: 'The sign-in’s ten minutes passed meanwhile.',
            },
          ],
        }),
      },
    },
    scheduled: {
      type: 'final',
      description: 'The phone will be removed at `effectiveAt`; the e-mail and the old phone were told, with a cancel link each.',
      meta: { route: '/2fa/phone/lost' },
    },
    passkeyInstead: {
      type: 'final',
      description: 'The account has a passkey: sign in with it, then change the phone under Profile › Security.',
      meta: { route: '/2fa/phone/lost' },
    },
    expired: {
      type: 'final',
      description: 'The sign-in is over: /login opens with “your sign-in timed out, please sign in again”.',
      entry: { type: 'goToLogin', params: { notice: 'two_factor_expired' } },
    },
  },
});
