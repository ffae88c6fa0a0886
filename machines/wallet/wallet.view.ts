import type { SnapshotFrom } from 'xstate';
import type { Send } from '../parts/connect';
import type { WalletTransaction } from '../../contract/wallet';
import type { walletMachine } from './wallet.machine';

type Wallet = typeof walletMachine;

/** The wallet's five connection statuses (docs/product.md#the-browser-wallet). */
export type WalletStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected' | 'disconnecting';

/** What a wallet block shows, and its intents. */
export function connectWallet(snapshot: SnapshotFrom<Wallet>, send: Send<Wallet>) {
  const { context } = snapshot;
  const status: WalletStatus = snapshot.hasTag('connected')
    ? 'connected'
    : snapshot.matches('connecting')
      ? 'connecting'
      : snapshot.matches('reconnecting')
        ? 'reconnecting'
        : // Not disconnected before wagmi's disconnect resolved: a reload until then reconnects.
          snapshot.matches('disconnecting')
          ? 'disconnecting'
          : 'disconnected';
  return {
    status,
    /** Connecting, reconnecting or disconnecting: the status's sentence and nothing to do. */
    waiting: status === 'connecting' || status === 'reconnecting' || status === 'disconnecting' ? status : null,
    disconnected: status === 'disconnected',
    busy: snapshot.hasTag('busy'),
    /** The wallet libraries or the chain list did not load: Try again. */
    unavailable: snapshot.matches('unavailable'),
    switchingChain: snapshot.matches({ connected: 'switchingChain' }),
    sending: snapshot.matches({ connected: 'sending' }),
    /** The active account (the wallet lists it first). */
    account: context.connection?.accounts[0] ?? null,
    chainId: context.connection?.chainId ?? null,
    connectorId: context.connection?.connectorId ?? null,
    transactionHash: context.transactionHash,
    failure: context.failure,
    /** While connecting through MetaMask's SDK: the link that pairs a phone's wallet. */
    connectUri: context.connectUri,
    retry: () => send({ type: 'RETRY' }),
    connect: (connectorId: string) => send({ type: 'CONNECT_REQUESTED', connectorId }),
    switchChain: (chainId: number) => send({ type: 'SWITCH_CHAIN_REQUESTED', chainId }),
    disconnect: () => send({ type: 'DISCONNECT_REQUESTED' }),
    pay: (transaction: WalletTransaction) => send({ type: 'SEND_REQUESTED', transaction }),
  };
}

export type WalletView = ReturnType<typeof connectWallet>;
