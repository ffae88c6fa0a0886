import { assign, setup } from 'xstate';
import type { VoucherRedemption } from '../../contract/inject';
import { voucherCodeProblem, type VoucherCodeProblem } from '../../contract/voucherCode';
import { failureOf, type Failure } from '../parts/failure';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import { unprovided } from '../parts/unprovided';

interface PayByCodeContext {
  /** As typed, kept on every refusal. */
  code: string;
  /** What the form's own check found wrong with the code; nothing is sent while there is one. */
  problem: VoucherCodeProblem | null;
  /** Why the server refused the code (unknown, used, expired, the limit…), or why it could not be asked. */
  failure: Failure | null;
  /** Seconds the server asked to wait after too many refused codes. */
  retryAfterSeconds: number;
  redemption: VoucherRedemption | null;
}

type PayByCodeEvent = { type: 'CODE_CHANGED'; code: string } | { type: 'CODE_SUBMITTED' } | { type: 'ANOTHER_CODE' };

/**
 * Redeeming a voucher code on /inject/pay-by-code: the form checks the code's shape and check character
 * before sending (a typo is caught at once), the server credits its amount once or says why not, and
 * after five refused codes in 15 minutes the form says when the customer may try again.
 */
export const payByCodeMachine = setup({
  types: { context: {} as PayByCodeContext, events: {} as PayByCodeEvent },
  actors: {
    /** POST /inject/pay-by-code, once per code (`idempotentSubmit`); the app refreshes the balances after it. */
    redeemVoucher: unprovided<VoucherRedemption, { code: string } & SubmitIntent>('redeemVoucher'),
  },
  guards: {
    codeLooksRight: ({ context }) => voucherCodeProblem(context.code) === null,
    isRateLimited: ({ event }) => failureOf(event).code === 'rate_limited',
  },
  delays: {
    /** As long as the server asked (15 minutes after the fifth refused code). */
    LOCKED_OUT: ({ context }) => context.retryAfterSeconds * 1000,
  },
}).createMachine({
  id: 'payByCode',
  description:
    'Top up with a voucher code: 16 characters in four groups, checked in the form before sending; the server credits the amount once, or says the code is unknown, used or expired; after five refused codes in 15 minutes it asks to wait.',
  context: { code: '', problem: null, failure: null, retryAfterSeconds: 0, redemption: null },
  initial: 'entering',
  states: {
    entering: {
      tags: ['editing'],
      description: 'The code field, with what the form found wrong or the last refusal.',
      meta: { route: '/inject/pay-by-code' },
      on: {
        CODE_CHANGED: {
          description: 'The customer edits the code: the last problem goes away.',
          actions: assign({ code: ({ event }) => event.code, problem: null, failure: null }),
        },
        CODE_SUBMITTED: [
          {
            guard: 'codeLooksRight',
            target: 'checking',
            description: 'The code looks right: the server is asked to redeem it.',
            actions: assign({ problem: null, failure: null }),
          },
          {
            actions: assign({ problem: ({ context }) => voucherCodeProblem(context.code) }),
            description: 'Too short, a letter that is not in codes, or a typo the check character caught: nothing is sent.',
          },
        ],
      },
    },
    checking: {
      tags: ['busy'],
      description: 'Waiting while the server checks the code and pays; a second tap does nothing meanwhile.',
      invoke: {
        id: 'redeemVoucher',
        src: 'redeemVoucher',
        input: ({ context }) => ({ code: context.code, intent: context.code }),
        onDone: {
          target: 'redeemed',
          description: 'The voucher was redeemed: the amount credited shows.',
          actions: assign({ redemption: ({ event }) => event.output }),
        },
        onError: [
          {
            guard: 'isRateLimited',
            target: 'lockedOut',
            description: 'Too many refused codes: the customer must wait before trying again.',
            actions: assign({ retryAfterSeconds: ({ event }) => failureOf(event).retryAfterSeconds ?? 900, failure: null }),
          },
          {
            target: 'refused',
            description: 'The code is unknown, used or expired: the page says which.',
            actions: assign({ failure: ({ event }) => failureOf(event) }),
          },
        ],
      },
    },
    refused: {
      tags: ['editing'],
      description: 'The server said no (unknown, used, expired, over the limit) or could not be reached; the code stays as typed.',
      on: {
        CODE_CHANGED: {
          target: 'entering',
          description: 'The customer edits the code: back to the form, the refusal gone.',
          actions: assign({ code: ({ event }) => event.code, failure: null }),
        },
        CODE_SUBMITTED: { target: 'checking', actions: assign({ failure: null }), description: 'Try the same code again.' },
      },
    },
    lockedOut: {
      tags: ['lockedOut'],
      description: 'Too many refused codes: the form says when to try again and waits until then.',
      after: {
        LOCKED_OUT: {
          target: 'entering',
          description: 'The wait is over: codes can be tried again.',
          actions: assign({ retryAfterSeconds: 0 }),
        },
      },
    },
    redeemed: {
      description: 'The amount is credited: the balances are refreshed, another code may follow.',
      on: {
        ANOTHER_CODE: {
          target: 'entering',
          description: 'The customer wants to redeem another code: the form shows empty.',
          actions: assign({ code: '', redemption: null }),
        },
      },
    },
  },
});
