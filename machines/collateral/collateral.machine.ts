import { assign, not, setup, stateIn } from 'xstate';
import type { CryptoAsset } from '../../contract/assets';
import type { Collateral, CollateralDirection, CollateralPreview } from '../../contract/cards';
import { isPositiveAmount } from '../../contract/decimal';
import { toFailure, type Failure } from '../parts/failure';
import type { SubmitIntent } from '../parts/idempotentSubmit';
import { unprovided } from '../parts/unprovided';

export interface CollateralInput {
  accountId: string;
  asset: CryptoAsset;
}

interface Context {
  accountId: string;
  direction: CollateralDirection;
  asset: CryptoAsset;
  /** As typed: kept on every failure. */
  amount: string;
  /** The server's answer for exactly the direction, asset and amount above; null while it is asked. */
  preview: CollateralPreview | null;
  failure: Failure | null;
  result: Collateral | null;
}

type Event =
  | { type: 'DIRECTION_CHOSEN'; direction: CollateralDirection }
  | { type: 'ASSET_CHOSEN'; asset: CryptoAsset }
  | { type: 'AMOUNT_CHANGED'; amount: string }
  | { type: 'SUBMITTED' };

type MoveInput = { accountId: string; direction: CollateralDirection; asset: CryptoAsset; amount: string };

/**
 * Adding or withdrawing collateral on /card-accounts/collateral with a live loan-to-value check: each
 * change of direction, asset or amount asks the server, after a short pause in typing, what the move
 * would make of the loan-to-value and the credit line; a withdrawal it would refuse (one that leaves
 * more owed than the credit limit) cannot be submitted, and the server refuses it again if the rates moved in between.
 */
export const collateralMachine = setup({
  types: { input: {} as CollateralInput, context: {} as Context, events: {} as Event, output: {} as { collateral: Collateral | null } },
  actors: {
    previewCollateral: unprovided<CollateralPreview, MoveInput>('previewCollateral'),
    /** Once per move (`idempotentSubmit`): a retry of the same move keeps its key, the next one gets a new one. */
    moveCollateral: unprovided<Collateral, MoveInput & SubmitIntent>('moveCollateral'),
  },
  guards: {
    amountTyped: ({ context }) => isPositiveAmount(context.amount),
    moveAllowed: ({ context }) => context.preview?.allowed === true,
    /** A change while the move is sent waits for its answer (the form is locked meanwhile too). */
    notMoving: not(stateIn('#collateral.moving')),
  },
  actions: {
    changed: assign(({ event }) => ({
      ...(event.type === 'DIRECTION_CHOSEN' ? { direction: event.direction } : {}),
      ...(event.type === 'ASSET_CHOSEN' ? { asset: event.asset } : {}),
      ...(event.type === 'AMOUNT_CHANGED' ? { amount: event.amount } : {}),
      preview: null,
      failure: null,
    })),
    failed: assign({ failure: ({ event }) => toFailure((event as { error?: unknown }).error) }),
  },
  delays: { PREVIEW_DEBOUNCE: 400 },
}).createMachine({
  id: 'collateral',
  description: 'Adding or withdrawing crypto collateral, with a preview of the loan-to-value and credit line it would leave.',
  context: ({ input }) => ({
    accountId: input.accountId,
    direction: 'add',
    asset: input.asset,
    amount: '',
    preview: null,
    failure: null,
    result: null,
  }),
  initial: 'editing',
  on: {
    DIRECTION_CHOSEN: {
      guard: 'notMoving',
      target: '.checking',
      description: 'The customer chose to add or to withdraw: the old preview goes.',
      actions: 'changed',
    },
    ASSET_CHOSEN: {
      guard: 'notMoving',
      target: '.checking',
      description: 'The customer chose the crypto asset: the old preview goes.',
      actions: 'changed',
    },
    AMOUNT_CHANGED: {
      guard: 'notMoving',
      target: '.checking',
      description: 'The customer typed an amount: the old preview goes.',
      actions: 'changed',
    },
  },
  states: {
    editing: {
      description: 'The form, with the last preview of what is typed (or why there is none).',
      tags: ['editing'],
      on: {
        SUBMITTED: {
          guard: 'moveAllowed',
          target: 'moving',
          description: 'The move is allowed (within the credit limit): it is sent to the server.',
        },
      },
    },
    checking: {
      description: 'Something changed: an amount worth asking about waits for a pause in typing.',
      always: [
        { guard: 'amountTyped', target: 'waitingToPreview', description: 'An amount is typed: the preview waits for a pause in typing.' },
        { target: 'editing', description: 'Nothing to ask about: the form waits for the customer.' },
      ],
    },
    waitingToPreview: {
      description: 'The customer may still be typing: the preview is asked for after a short pause.',
      tags: ['editing', 'previewing'],
      after: {
        PREVIEW_DEBOUNCE: {
          target: 'previewing',
          description: 'The typing paused: the server previews the loan-to-value and credit line.',
        },
      },
    },
    previewing: {
      description: 'Working out what the move would do: the loan-to-value and the credit line after it.',
      tags: ['editing', 'previewing'],
      invoke: {
        id: 'previewCollateral',
        src: 'previewCollateral',
        input: ({ context }) => ({
          accountId: context.accountId,
          direction: context.direction,
          asset: context.asset,
          amount: context.amount,
        }),
        onDone: {
          target: 'editing',
          description: 'The preview arrived: the loan-to-value and credit line after the move show.',
          actions: assign({ preview: ({ event }) => event.output }),
        },
        onError: {
          target: 'editing',
          description: 'No preview (offline, stale rates): the form says why and keeps what was typed.',
          actions: 'failed',
        },
      },
    },
    moving: {
      description: 'Waiting while the server moves the collateral, at most once per move; it refuses a move past the credit limit.',
      tags: ['busy'],
      invoke: {
        id: 'moveCollateral',
        src: 'moveCollateral',
        input: ({ context }) => ({
          accountId: context.accountId,
          direction: context.direction,
          asset: context.asset,
          amount: context.amount,
          intent: `${context.direction}/${context.asset}/${context.amount}`,
        }),
        onDone: {
          target: 'moved',
          description: 'The server moved the collateral: the new figures show.',
          actions: assign({ result: ({ event }) => event.output }),
        },
        onError: {
          target: 'editing',
          description: 'Refused (credit limit, rates moved, offline): nothing moved; the form says why.',
          actions: ['failed', assign({ preview: null })],
        },
      },
    },
    moved: { type: 'final', description: 'Done: the collateral and credit line as they are now.' },
  },
  output: ({ context }) => ({ collateral: context.result }),
});
