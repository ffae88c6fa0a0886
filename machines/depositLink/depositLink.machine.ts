import { assign, setup } from 'xstate';
import { assetDecimals, type CryptoAsset } from '../../contract/assetList';
import type { EvmNetwork } from '../../contract/chainList';
import { fitsDecimals, isPositiveAmount } from '../../contract/decimal';
import type { DepositLink } from '../../contract/depositLinks';
import { failureOf, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

interface DepositLinkContext {
  asset: CryptoAsset;
  network: EvmNetwork;
  created: DepositLink | null;
  /** The amount is not a positive number the asset can hold: said next to the field, nothing sent. */
  amountInvalid: boolean;
  failure: Failure | null;
}

type DepositLinkEvent = { type: 'AMOUNT_SUBMITTED'; amount: string } | { type: 'NEW_LINK_REQUESTED' };

/**
 * Ask someone to pay a deposit from a browser wallet, on the deposit screen of an asset and network:
 * the customer enters an amount, the link /inject/crypto/on-chain/wallet/{hash} is made, then copied or
 * shared. What the link was paid is display-only server data, read by the screen.
 */
export const depositLinkMachine = setup({
  types: {
    context: {} as DepositLinkContext,
    input: {} as { asset: CryptoAsset; network: EvmNetwork },
    events: {} as DepositLinkEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /deposit-links. */
    createDepositLink: unprovided<DepositLink, { asset: CryptoAsset; network: EvmNetwork; amount: string }>('createDepositLink'),
  },
  guards: {
    amountAcceptable: ({ context, event }) =>
      event.type === 'AMOUNT_SUBMITTED' && isPositiveAmount(event.amount) && fitsDecimals(event.amount, assetDecimals(context.asset)),
  },
}).createMachine({
  id: 'depositLink',
  description: 'An amount, then a link that lets anyone pay it from a browser wallet to the customer’s deposit address.',
  context: ({ input }) => ({ asset: input.asset, network: input.network, created: null, amountInvalid: false, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The amount to ask for.',
      meta: { view: { testId: 'deposit-link-form' } },
      on: {
        AMOUNT_SUBMITTED: [
          {
            guard: 'amountAcceptable',
            target: 'creating',
            description: 'A positive amount within the asset’s decimals.',
            actions: assign({ amountInvalid: false, failure: null }),
          },
          { description: 'Not an amount the asset can hold: nothing is sent.', actions: assign({ amountInvalid: true, failure: null }) },
        ],
      },
    },
    creating: {
      description: 'The link is being made.',
      tags: 'busy',
      meta: { view: { testId: 'deposit-link-form' } },
      invoke: {
        id: 'createDepositLink',
        src: 'createDepositLink',
        input: ({ context, event }) => {
          if (event.type !== 'AMOUNT_SUBMITTED') throw new Error('createDepositLink starts from AMOUNT_SUBMITTED');
          return { asset: context.asset, network: context.network, amount: event.amount };
        },
        onDone: {
          target: 'created',
          description: 'The link was made: it shows to copy or share, with what it was paid.',
          actions: assign({ created: ({ event }) => event.output }),
        },
        onError: {
          target: 'editing',
          description: 'Refused or offline: the amount stays.',
          actions: assign({ failure: ({ event }) => failureOf(event) }),
        },
      },
    },
    created: {
      description: 'The link, to copy or share, with what it was paid so far.',
      meta: { view: { testId: 'deposit-link-created' } },
      on: {
        NEW_LINK_REQUESTED: {
          target: 'editing',
          description: 'The customer wants another link: the amount form shows again.',
          actions: assign({ created: null }),
        },
      },
    },
  },
});
