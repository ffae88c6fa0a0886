import { assign, setup } from 'xstate';
import { transactionProblem, type WalletTransaction } from '../../contract/wallet';
import { failureOf, type Failure } from '../parts/failure';
import { unprovided } from '../parts/unprovided';

/** A wallet the page is connected to: its connector, the accounts it shares (first = active) and its chain. */
export interface WalletConnection {
  connectorId: string;
  accounts: string[];
  chainId: number;
}

/** What the wallet knows once its libraries and the server's chain list have loaded. */
export interface WalletReconnected {
  /** The chains the server runs with: only these can be switched to. */
  chainIds: number[];
  /** The wallet still authorised for this site, or null. */
  connection: WalletConnection | null;
}

interface WalletContext {
  chainIds: number[];
  connection: WalletConnection | null;
  /** The chain a switch asked for, while it runs. */
  requestedChainId: number | null;
  /** The hash of the last transaction the wallet sent. */
  transactionHash: string | null;
  /** Why the last prompt or call failed: a wallet failure code, or another failure (the chain list did not load). */
  failure: Failure | null;
  /** While connecting a phone's wallet through MetaMask's SDK: the link that pairs it (a QR code, a deep link). */
  connectUri: string | null;
}

type WalletEvent =
  /** The visitor picked a wallet (a connector id: an injected wallet's EIP-6963 id, or MetaMask's SDK). */
  | { type: 'CONNECT_REQUESTED'; connectorId: string }
  | { type: 'DISCONNECT_REQUESTED' }
  /** The wallet says which accounts it shares now (empty: it stopped sharing any). */
  | { type: 'ACCOUNTS_CHANGED'; accounts: string[] }
  /** The wallet moved to another chain, by itself or as asked. */
  | { type: 'CHAIN_CHANGED'; chainId: number }
  /** The wallet ended the connection from its side. */
  | { type: 'WALLET_DISCONNECTED' }
  /** MetaMask's SDK made the link a phone's wallet connects with (again when it renews it). */
  | { type: 'CONNECT_URI'; uri: string }
  | { type: 'SWITCH_CHAIN_REQUESTED'; chainId: number }
  | { type: 'SEND_REQUESTED'; transaction: WalletTransaction }
  | { type: 'RETRY' };

/**
 * The browser wallet (docs/product.md#the-browser-wallet): one per page, a child of the app machine. The app starts it when
 * a wallet route first opens, or at page load when the last visit left a wallet connected; it tries to
 * reconnect first. Connecting, switching chain and sending a transaction are the wallet's own prompts;
 * what the wallet does by itself (accounts, chain, disconnect) arrives as events.
 */
export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    tags: {} as 'busy' | 'connected',
  },
  actors: {
    /**
     * Loads the wallet libraries and the chain list, then reconnects the most recently used wallet
     * first, else any still authorised.
     */
    reconnect: unprovided<WalletReconnected>('reconnect'),
    /** Asks the chosen wallet to share its accounts. */
    connect: unprovided<WalletConnection, { connectorId: string }>('connect'),
    /** Ends the connection; the injected wallet is flagged disconnected so it is not reconnected by itself. */
    disconnect: unprovided<void, { connectorId: string }>('disconnect'),
    /** Asks the wallet to switch (adding the chain when it does not know it); answers the chain it is on. */
    switchChain: unprovided<number, { chainId: number }>('switchChain'),
    /** Asks the wallet to sign and send; answers the transaction hash. */
    sendTransaction: unprovided<string, { transaction: WalletTransaction }>('sendTransaction'),
  },
  actions: {
    /** Keeps why the wallet's prompt or call failed (an actor's error event), as a stable code. */
    noteFailure: assign({ failure: ({ event }) => failureOf(event) }),
    /** Sets the device's flag that makes the next page load start the wallet (and so wagmi) at once. */
    rememberConnected: () => {},
    /** Clears that flag: the next page load keeps wagmi off until a wallet route opens. */
    forgetConnected: () => {},
  },
  guards: {
    foundWallet: ({ event }) => 'output' in event && (event.output as WalletReconnected).connection !== null,
    noAccountsLeft: ({ event }) => event.type === 'ACCOUNTS_CHANGED' && event.accounts.length === 0,
    isConfiguredChain: ({ context, event }) => event.type === 'SWITCH_CHAIN_REQUESTED' && context.chainIds.includes(event.chainId),
    isSendable: ({ event }) => event.type === 'SEND_REQUESTED' && transactionProblem(event.transaction) === null,
  },
}).createMachine({
  id: 'wallet',
  description:
    'The browser wallet: reconnect at start (most recently used wallet first), connect on request, follow the accounts and chain the wallet reports, switch to one of the configured chains (adding it to the wallet when needed), send a checked transaction, disconnect.',
  context: () => ({ chainIds: [], connection: null, requestedChainId: null, transactionHash: null, failure: null, connectUri: null }),
  initial: 'reconnecting',
  states: {
    reconnecting: {
      tags: ['busy'],
      description: 'The wallet libraries load; a wallet still authorised for this site is connected again without a prompt.',
      invoke: {
        id: 'reconnect',
        src: 'reconnect',
        onDone: [
          {
            guard: 'foundWallet',
            target: 'connected',
            actions: assign({ chainIds: ({ event }) => event.output.chainIds, connection: ({ event }) => event.output.connection }),
            description: 'A wallet still shares accounts with this site.',
          },
          {
            target: 'disconnected',
            actions: assign({ chainIds: ({ event }) => event.output.chainIds }),
            description: 'No wallet is authorised (or the last one was disconnected by the visitor).',
          },
        ],
        onError: {
          target: 'unavailable',
          description: 'The wallet libraries did not load (offline): the page offers to try again.',
          actions: 'noteFailure',
        },
      },
    },
    unavailable: {
      description: 'The wallet libraries or the chain list did not load (offline): Try again.',
      on: {
        RETRY: {
          target: 'reconnecting',
          description: 'The customer tries again: the wallet libraries load once more.',
          actions: assign({ failure: null }),
        },
      },
    },
    disconnected: {
      description: 'No wallet: the page offers the wallets it found.',
      entry: 'forgetConnected',
      on: {
        CONNECT_REQUESTED: {
          target: 'connecting',
          description: 'The visitor chose a wallet: it asks them to share accounts.',
          actions: assign({ failure: null }),
        },
      },
    },
    connecting: {
      tags: ['busy'],
      description: 'The chosen wallet asks the visitor to share accounts; a phone’s wallet pairs through the link MetaMask’s SDK makes.',
      on: {
        CONNECT_URI: {
          description: 'The wallet app offered a pairing link: shown as a QR code and a deep link.',
          actions: assign({ connectUri: ({ event }) => event.uri }),
        },
      },
      // The link pairs this attempt only.
      exit: assign({ connectUri: null }),
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ event }) => {
          if (event.type !== 'CONNECT_REQUESTED') throw new Error('connect starts from CONNECT_REQUESTED');
          return { connectorId: event.connectorId };
        },
        onDone: {
          target: 'connected',
          description: 'The wallet shared an account: the page shows it connected.',
          actions: assign({ connection: ({ event }) => event.output }),
        },
        onError: { target: 'disconnected', actions: 'noteFailure', description: 'Refused (4001), no wallet found, or the wallet failed.' },
      },
    },
    connected: {
      tags: ['connected'],
      entry: 'rememberConnected',
      description: 'A wallet shares an account with the page.',
      initial: 'ready',
      on: {
        // A failure said of the account or chain the wallet left no longer holds: it goes with them.
        ACCOUNTS_CHANGED: [
          {
            guard: 'noAccountsLeft',
            target: 'disconnected',
            actions: assign({ connection: null, failure: null }),
            description: 'An empty account list disconnects.',
          },
          {
            description: 'The wallet’s accounts changed: the page follows the first one, and the last failure is cleared.',
            actions: assign({ connection: ({ context, event }) => ({ ...context.connection!, accounts: event.accounts }), failure: null }),
          },
        ],
        CHAIN_CHANGED: {
          description: 'The stored chain follows the wallet; the last failure is cleared.',
          actions: assign({ connection: ({ context, event }) => ({ ...context.connection!, chainId: event.chainId }), failure: null }),
        },
        WALLET_DISCONNECTED: {
          target: 'disconnected',
          description: 'The wallet itself disconnected: the page offers to connect again.',
          actions: assign({ connection: null }),
        },
        DISCONNECT_REQUESTED: { target: 'disconnecting', description: 'The visitor asked to disconnect the wallet.' },
      },
      states: {
        ready: {
          description: 'Waiting for the visitor: switch chain, or send.',
          on: {
            SWITCH_CHAIN_REQUESTED: [
              {
                guard: 'isConfiguredChain',
                target: 'switchingChain',
                description: 'A configured chain: the wallet is asked to switch to it.',
                actions: assign({ requestedChainId: ({ event }) => event.chainId, failure: null }),
              },
              {
                actions: assign({ failure: { code: 'chain_not_configured' } }),
                description: 'A chain the app does not support: said, nothing is asked of the wallet.',
              },
            ],
            SEND_REQUESTED: [
              {
                guard: 'isSendable',
                target: 'sending',
                description: 'The payment passes the check: the wallet shows the transaction to sign.',
                actions: assign({ failure: null, transactionHash: null }),
              },
              {
                actions: assign({ failure: ({ event }) => ({ code: transactionProblem(event.transaction)! }) }),
                description: 'The check before sending refused it: nothing is sent.',
              },
            ],
          },
        },
        switchingChain: {
          tags: ['busy'],
          description:
            'The wallet is asked to switch; a chain it does not know (4902) is added first. A refusal, also of the switch after adding, is a user rejection.',
          invoke: {
            id: 'switchChain',
            src: 'switchChain',
            input: ({ context }) => ({ chainId: context.requestedChainId! }),
            onDone: {
              description: 'The wallet switched chains: the page follows.',
              target: 'ready',
              actions: assign({
                connection: ({ context, event }) => ({ ...context.connection!, chainId: event.output }),
                requestedChainId: null,
              }),
            },
            onError: {
              target: 'ready',
              description: 'The switch was refused or failed: the page says why and the chain stays.',
              actions: ['noteFailure', assign({ requestedChainId: null })],
            },
          },
        },
        sending: {
          tags: ['busy'],
          description: 'The wallet shows the transaction; the visitor signs it and it is sent, or refuses.',
          invoke: {
            id: 'sendTransaction',
            src: 'sendTransaction',
            input: ({ event }) => {
              if (event.type !== 'SEND_REQUESTED') throw new Error('sendTransaction starts from SEND_REQUESTED');
              return { transaction: event.transaction };
            },
            onDone: {
              target: 'ready',
              description: 'The wallet sent the transaction: its hash shows.',
              actions: assign({ transactionHash: ({ event }) => event.output }),
            },
            onError: {
              target: 'ready',
              description: 'The visitor refused or the wallet failed: the page says why.',
              actions: 'noteFailure',
            },
          },
        },
      },
    },
    disconnecting: {
      tags: ['busy'],
      description:
        'The wallet’s permission is revoked (when it can) and it is flagged disconnected on this device; until then a reload would reconnect it, so the page says it is disconnecting.',
      invoke: {
        id: 'disconnect',
        src: 'disconnect',
        input: ({ context }) => ({ connectorId: context.connection!.connectorId }),
        onDone: {
          target: 'disconnected',
          description: 'Disconnected: the page offers the wallets again.',
          actions: assign({ connection: null }),
        },
        // Disconnecting is local in the end: the flag is set even when the wallet did not answer or kept
        // the site allowed, which the visitor is told (it is undone in the wallet).
        onError: {
          target: 'disconnected',
          description: 'The permission could not be revoked: disconnected on this device anyway, saying why.',
          actions: [assign({ connection: null }), 'noteFailure'],
        },
      },
    },
  },
});
