import type { SnapshotFrom } from 'xstate';
import type { walletMachine } from './wallet.machine';

/** The wallet's five connection statuses (docs/product.md#the-browser-wallet). */
export type WalletStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected' | 'disconnecting';

/** What a wallet block shows. */
export function walletView(snapshot: SnapshotFrom<typeof walletMachine>) {
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
  };
}

export type WalletView = ReturnType<typeof walletView>;
