import { assign, setup } from 'xstate';
import type { CryptoAsset, Network } from '../../contract/assets';
import type { ChainDeposit, DepositAddress } from '../../contract/deposits';
import { failureOf, type Failure } from '../parts/failure';
import { pollRegion, sessionGone } from '../parts/poll';
import { unprovided } from '../parts/unprovided';

interface OnChainDepositContext {
  asset: CryptoAsset;
  network: Network | null;
  address: DepositAddress | null;
  /** The deposit being followed: the newest one seen on the chosen network. */
  deposit: ChainDeposit | null;
  /** Why the address did not load. */
  failure: Failure | null;
  /** The deposit followed last left the chain before its confirmations (never credited). */
  dropped: boolean;
}

type OnChainDepositEvent =
  | { type: 'NETWORK_CHOSEN'; network: Network }
  | { type: 'NETWORK_CHANGE_REQUESTED' }
  | { type: 'RETRY_REQUESTED' };

/** The newest deposit of this network in an answer of `GET /deposits`. */
function newestOn(deposits: readonly ChainDeposit[], network: Network | null): ChainDeposit | undefined {
  return deposits.find((deposit) => deposit.network === network);
}
const outputOf = (event: unknown) => (event as { output: { deposits: ChainDeposit[] } }).output.deposits;
const sameDeposit = (a: ChainDeposit | undefined, b: ChainDeposit | null) => Boolean(a && b && a.txHash === b.txHash);

/**
 * Crypto top-up on-chain for one asset (/inject/crypto/on-chain/:iso): the customer chooses a network,
 * the address loads and is shown, and the customer's deposits are followed: one seen on the chain
 * shows as pending with its confirmations, then as credited once the watcher has paid it. A deposit
 * whose block left the chain goes back to the address with a notice.
 */
export const onChainDepositMachine = setup({
  types: {
    context: {} as OnChainDepositContext,
    input: {} as { asset: CryptoAsset },
    events: {} as OnChainDepositEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /deposits/address for the asset and the chosen network. */
    loadDepositAddress: unprovided<DepositAddress, { asset: CryptoAsset; network: Network }>('loadDepositAddress'),
    /** GET /deposits for the asset (a background read). */
    fetchDeposits: unprovided<{ deposits: ChainDeposit[] }, { asset: CryptoAsset }>('fetchDeposits'),
  },
  actions: {
    /** Money arrived: the balances are fetched at once (src/app/moneyMoved.ts). */
    announceMoneyMoved: () => {},
    pendingFollowed: assign({ deposit: ({ context, event }) => newestOn(outputOf(event), context.network)!, dropped: false }),
    depositDropped: assign({ deposit: null, dropped: true }),
    followedUpdated: assign({ deposit: ({ context, event }) => newestOn(outputOf(event), context.network) ?? context.deposit }),
  },
  guards: {
    sessionGone,
    /** A deposit on this network not yet credited: one to follow. */
    pendingSeen: ({ context, event }) => newestOn(outputOf(event), context.network)?.status === 'pending',
    /** The followed deposit is credited. */
    followedCredited: ({ context, event }) => {
      const newest = newestOn(outputOf(event), context.network);
      return sameDeposit(newest, context.deposit) && newest!.status === 'credited';
    },
    /** The followed deposit was dropped (its block left the chain). */
    followedDropped: ({ context, event }) => {
      const newest = newestOn(outputOf(event), context.network);
      return sameDeposit(newest, context.deposit) && newest!.status === 'dropped';
    },
  },
  delays: { DEPOSIT_POLL: 2_000 },
}).createMachine({
  id: 'onChainDeposit',
  description:
    'Choose a network, load and show the deposit address, then follow deposits to it: pending with its confirmations, credited when paid. A deposit that leaves the chain is never credited.',
  context: ({ input }) => ({ asset: input.asset, network: null, address: null, deposit: null, failure: null, dropped: false }),
  initial: 'choosingNetwork',
  on: {
    NETWORK_CHANGE_REQUESTED: {
      target: '.choosingNetwork',
      description: 'Back to the list of networks.',
      actions: assign({ address: null, deposit: null, failure: null, dropped: false }),
    },
  },
  states: {
    choosingNetwork: {
      description: 'The networks the asset is received over, one to choose.',
      meta: { route: '/inject/crypto/on-chain/:iso', view: { testId: 'deposit-networks' } },
      on: {
        NETWORK_CHOSEN: {
          target: 'loadingAddress',
          description: 'The customer picked a network.',
          actions: assign({ network: ({ event }) => event.network }),
        },
      },
    },
    loadingAddress: {
      description: "The customer's address on that network is on its way.",
      tags: 'busy',
      meta: { view: { testId: 'deposit-address-loading' } },
      invoke: {
        id: 'loadDepositAddress',
        src: 'loadDepositAddress',
        input: ({ context }) => ({ asset: context.asset, network: context.network! }),
        onDone: {
          target: 'showingAddress',
          description: 'The deposit address arrived: it shows with its QR code and minimum.',
          actions: assign({ address: ({ event }) => event.output }),
        },
        onError: {
          target: 'addressFailed',
          description: 'The address could not be loaded (offline): the page offers to try again.',
          actions: assign({ failure: ({ event }) => failureOf(event) }),
        },
      },
    },
    addressFailed: {
      description: 'The address did not load; the customer may try again.',
      meta: { view: { testId: 'deposit-address-failed' } },
      on: {
        RETRY_REQUESTED: {
          target: 'loadingAddress',
          description: 'The customer tries again: the address is loaded once more.',
          actions: assign({ failure: null }),
        },
      },
    },
    showingAddress: {
      description: 'The address, its QR code, the minimum and the confirmations; deposits to it are looked for.',
      meta: { view: { testId: 'deposit-address' } },
      ...pollRegion({
        ask: 'fetchDeposits',
        delay: 'DEPOSIT_POLL',
        input: ({ context }: { context: OnChainDepositContext }) => ({ asset: context.asset }),
        onDone: [
          {
            guard: 'pendingSeen',
            target: '#onChainDeposit.depositPending',
            description: 'A deposit to the address is in a block.',
            actions: 'pendingFollowed',
          },
          { target: 'waiting', description: 'No new deposit on the chain yet: looked for again at the next poll.' },
        ],
      }),
    },
    depositPending: {
      description: 'A deposit is on the chain and gathering confirmations.',
      meta: { view: { testId: 'deposit-pending' } },
      ...pollRegion({
        ask: 'fetchDeposits',
        delay: 'DEPOSIT_POLL',
        first: 'waiting',
        input: ({ context }: { context: OnChainDepositContext }) => ({ asset: context.asset }),
        onDone: [
          {
            guard: 'followedCredited',
            target: '#onChainDeposit.credited',
            description: 'It reached its confirmations and was credited.',
          },
          {
            guard: 'followedDropped',
            target: '#onChainDeposit.showingAddress',
            description: 'Its block left the chain: never credited.',
            actions: 'depositDropped',
          },
          {
            target: 'waiting',
            description: 'Still gathering confirmations: the count shows and is asked again at the next poll.',
            actions: 'followedUpdated',
          },
        ],
      }),
    },
    credited: {
      description: 'The deposit is in the account.',
      meta: { view: { testId: 'deposit-credited' } },
      entry: 'announceMoneyMoved',
    },
  },
});
