import { fromPromise } from 'xstate';
import type { WalletChain } from '../../../contract/wallet';
import { asError } from '../../../machines/parts/failure';
import type { walletMachine } from '../../../machines/wallet/wallet.machine';
import type { Wallet } from '../../platform/wallet';
import { STORAGE_KEYS, safeStorage } from '../../platform/storage';

/**
 * The wallet machine's actors over the browser wallet. wagmi and viem arrive with `src/platform/wallet`,
 * imported here on first use only: the entry chunk holds the machine, never the libraries.
 */
export function walletImplementation(
  loadChains: () => Promise<{ chains: readonly WalletChain[]; walletSdk: boolean }>,
  send: (
    event:
      | { type: 'ACCOUNTS_CHANGED'; accounts: string[] }
      | { type: 'CHAIN_CHANGED'; chainId: number }
      | { type: 'WALLET_DISCONNECTED' }
      | { type: 'CONNECT_URI'; uri: string },
  ) => void,
) {
  let loading: Promise<Wallet> | null = null;
  const wallet = () =>
    (loading ??= Promise.all([import('../../platform/wallet'), loadChains()]).then(([{ createWallet }, { chains, walletSdk }]) => {
      const created = createWallet({ chains, walletSdk });
      created.watch({
        accounts: (accounts) => send({ type: 'ACCOUNTS_CHANGED', accounts }),
        chain: (chainId) => send({ type: 'CHAIN_CHANGED', chainId }),
        disconnected: () => send({ type: 'WALLET_DISCONNECTED' }),
        connectUri: (uri) => send({ type: 'CONNECT_URI', uri }),
      });
      return created;
    })).catch((error: unknown) => {
      // A failed load (offline) is tried again on Try again; the wallet says it as its own `unknown`.
      loading = null;
      throw asError({ code: 'unknown', message: 'the wallet did not load' }, error);
    });
  /** A wallet call whose rejection is read here, with the failure tables that came with the adapter. */
  const attempt = async <T>(call: (loaded: Wallet) => Promise<T>): Promise<T> => {
    const loaded = await wallet();
    try {
      return await call(loaded);
    } catch (error) {
      // Loaded already (the call came from it): no request at the moment of failure.
      const { walletFailureCode } = await import('../../platform/wallet');
      throw asError({ code: walletFailureCode(error), message: 'wallet call failed' }, error);
    }
  };
  return {
    /** The wallets the page can offer, once the libraries are in. */
    connectors: async () => (await wallet()).connectors(),
    /** How many blocks confirm a transaction the wallet sent. */
    confirmations: async (query: { hash: `0x${string}`; chainId: number }) => (await wallet()).confirmations(query),
    provide: {
      actors: {
        reconnect: fromPromise(() => attempt((loaded) => loaded.reconnect())),
        connect: fromPromise(({ input }) => attempt((loaded) => loaded.connect(input))),
        disconnect: fromPromise(() => attempt((loaded) => loaded.disconnect())),
        switchChain: fromPromise(({ input }) => attempt((loaded) => loaded.switchChain(input))),
        sendTransaction: fromPromise(({ input }) => attempt((loaded) => loaded.sendTransaction(input))),
      },
      actions: {
        rememberConnected: () => safeStorage('local')?.setItem(STORAGE_KEYS.walletConnected, '1'),
        forgetConnected: () => safeStorage('local')?.removeItem(STORAGE_KEYS.walletConnected),
      },
    } satisfies Parameters<typeof walletMachine.provide>[0],
  };
}

export type WalletHost = ReturnType<typeof walletImplementation>;
