import { fromPromise } from 'xstate';
import type { WalletChain } from '../../../contract/wallet';
import type { walletMachine } from '../../../machines/wallet.machine';
import type { Wallet } from '../../platform/wallet';
import { STORAGE_KEYS, safeStorage } from '../../platform/storage';

/**
 * The wallet machine's actors over the browser wallet. wagmi and viem arrive with `src/platform/wallet`,
 * imported here on first use only: the entry chunk holds the machine, never the libraries.
 */
export function walletImplementation(
  loadChains: () => Promise<readonly WalletChain[]>,
  send: (
    event: { type: 'ACCOUNTS_CHANGED'; accounts: string[] } | { type: 'CHAIN_CHANGED'; chainId: number } | { type: 'WALLET_DISCONNECTED' },
  ) => void,
) {
  let loading: Promise<Wallet> | null = null;
  const wallet = () =>
    (loading ??= Promise.all([import('../../platform/wallet'), loadChains()]).then(([{ createWallet }, chains]) => {
      const created = createWallet({ chains });
      created.watch({
        accounts: (accounts) => send({ type: 'ACCOUNTS_CHANGED', accounts }),
        chain: (chainId) => send({ type: 'CHAIN_CHANGED', chainId }),
        disconnected: () => send({ type: 'WALLET_DISCONNECTED' }),
      });
      return created;
    })).catch((error: unknown) => {
      // A failed load (offline) is tried again on Try again.
      loading = null;
      throw error;
    });
  return {
    /** The wallets the page can offer, once the libraries are in. */
    connectors: async () => (await wallet()).connectors(),
    /** How many blocks confirm a transaction the wallet sent. */
    confirmations: async (query: { hash: `0x${string}`; chainId: number }) => (await wallet()).confirmations(query),
    provide: {
      actors: {
        reconnect: fromPromise(async () => (await wallet()).reconnect()),
        connect: fromPromise(async ({ input }) => (await wallet()).connect(input)),
        disconnect: fromPromise(async () => (await wallet()).disconnect()),
        switchChain: fromPromise(async ({ input }) => (await wallet()).switchChain(input)),
        sendTransaction: fromPromise(async ({ input }) => (await wallet()).sendTransaction(input)),
      },
      actions: {
        rememberConnected: () => safeStorage('local')?.setItem(STORAGE_KEYS.walletConnected, '1'),
        forgetConnected: () => safeStorage('local')?.removeItem(STORAGE_KEYS.walletConnected),
      },
    } satisfies Parameters<typeof walletMachine.provide>[0],
  };
}

export type WalletHost = ReturnType<typeof walletImplementation>;
