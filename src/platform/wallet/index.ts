import {
  connect,
  createConfig,
  createStorage,
  disconnect,
  getConnection,
  getConnectors,
  getTransactionConfirmations,
  injected,
  reconnect,
  sendTransaction,
  switchChain,
  watchConnection,
  type Config,
  type CreateConnectorFn,
  type Storage,
} from '@wagmi/core';
import { fallback, http, isAddress, withRetry, type Chain, type Transport } from 'viem';
import { METAMASK_SDK_CONNECTOR, type WalletChain, type WalletFailureCode, type WalletTransaction } from '../../../contract/wallet';
import type { WalletConnection, WalletReconnected } from '../../../machines/wallet/wallet.machine';
import { asError } from '../../../machines/parts/failure';

/** The failure tables come with the adapter: the wallet actors read a failed call with them. */
export { walletFailureCode } from '../../../contract/walletFailures';

/**
 * The browser wallet: wagmi's config, its connectors and viem's transports (the constants of docs/product.md#the-browser-wallet).
 * Loaded only with the wallet (a dynamic import right after the first render, never in the entry chunk).
 */

/** JSON-RPC over HTTP to each chain: viem retries HTTP 403, 408, 413, 429, 500, 502, 503, 504 and honours Retry-After. */
export const CHAIN_TRANSPORT = {
  timeout: 10_000,
  retryCount: 3,
  /** The first retry waits this long, each next one twice as long. */
  retryDelay: 150,
  batch: { batchSize: 1000 },
} as const;
export const POLLING_INTERVAL_MS = 4000;

export const WALLET_TIMINGS = {
  /**
   * Injected wallets announce themselves (EIP-6963) in answer to the page's request; a reconnect waits
   * this long for them before asking which one is still authorised.
   */
  statusCheckMs: 200,
  /** `wallet_revokePermissions` at disconnect (wagmi's injected connector gives it the same 100 ms). */
  revokeMs: 100,
  /** After a switch, the wallet's chain is read again until it is the one asked for. */
  switchConfirmation: { retryCount: 20, delay: 50 },
} as const;

/** The app's failure with one of the wallet's stable codes (walletFailureCode reads it first). */
const walletError = (code: WalletFailureCode, message?: string) => asError({ code, ...(message ? { message } : {}) });

/**
 * The transport of one chain: its RPC endpoints in order, each with those constants. The fallback
 * itself does not retry: by default it would run the whole list again 3 times, 16 requests for one call.
 */
export function chainTransport(chain: Chain): Transport {
  return fallback(
    chain.rpcUrls.default.http.map((url) => http(url, CHAIN_TRANSPORT)),
    { retryCount: 0 },
  );
}

/** A chain of the server's list as viem describes it (what `wallet_addEthereumChain` sends comes from here). */
export function toViemChain({ chainId, name, nativeCurrency, rpcUrl, explorerUrl }: WalletChain): Chain {
  return {
    id: chainId,
    name,
    nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    ...(explorerUrl ? { blockExplorers: { default: { name, url: explorerUrl } } } : {}),
  };
}

export interface WalletOptions {
  chains: readonly WalletChain[];
  /** Where wagmi keeps the recent connector and the injected wallets' disconnected flags (default: localStorage). */
  storage?: Storage;
  /** Extra connectors (tests: wagmi's `mock`); the injected ones are always there. */
  connectors?: CreateConnectorFn[];
  /** The server admits the relay of MetaMask's SDK (`GET /chains`): offer the SDK where no wallet is injected. */
  walletSdk?: boolean;
  /** Loads MetaMask's SDK connector; called only when the visitor chooses it (it needs remote relays). */
  loadMetaMask?: () => Promise<CreateConnectorFn>;
}

/** MetaMask's SDK, headless: the page shows the pairing link itself (a QR code, a deep link), under its own CSP. */
export function loadMetaMaskConnector(): Promise<CreateConnectorFn> {
  return import('@wagmi/connectors/metaMask').then(({ metaMask }) =>
    metaMask({ dapp: { name: 'Meridian', url: window.location.origin }, headless: true }),
  );
}

/** How MetaMask's SDK is offered in the list (wagmi names its connector so too). */
const METAMASK_SDK_OFFER = { id: METAMASK_SDK_CONNECTOR, name: 'MetaMask', icon: undefined };

/** The id of wagmi's `injected()` without a target: whatever wallet `window.ethereum` is. */
const INJECTED_FALLBACK = 'injected';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The wallet for one page: wagmi's config (EIP-6963 discovery of injected wallets, plus `window.ethereum`
 * through a plain `injected()`), and the wallet machine's actors over it.
 */
export function createWallet({
  chains: walletChains,
  storage,
  connectors = [],
  walletSdk = false,
  loadMetaMask = loadMetaMaskConnector,
}: WalletOptions) {
  const chains = walletChains.map(toViemChain);
  if (!chains[0]) throw walletError('chain_not_configured', 'Chain not configured.');
  const config: Config = createConfig({
    chains: [chains[0], ...chains.slice(1)],
    connectors: [injected(), ...connectors],
    multiInjectedProviderDiscovery: true,
    pollingInterval: POLLING_INTERVAL_MS,
    storage: storage ?? createStorage({ storage: typeof window === 'undefined' ? undefined : window.localStorage, key: 'meridian.wallet' }),
    transports: Object.fromEntries(chains.map((chain) => [chain.id, chainTransport(chain)])),
  });

  const current = (): WalletConnection | null => {
    const connection = getConnection(config);
    if (connection.status !== 'connected') return null;
    return { connectorId: connection.connector.id, accounts: [...connection.addresses], chainId: connection.chainId };
  };

  /** Where the pairing links of MetaMask's SDK go (set by `watch`). */
  let onConnectUri: ((uri: string) => void) | undefined;
  /** The SDK's connector, its pairing link passed on: wagmi emits it as a `display_uri` message. */
  const passingConnectUri =
    (create: CreateConnectorFn): CreateConnectorFn =>
    (parameters) => {
      parameters.emitter.on('message', ({ type, data }) => {
        if (type === 'display_uri' && typeof data === 'string') onConnectUri?.(data);
      });
      return create(parameters);
    };

  async function connectorById(connectorId: string) {
    const found = getConnectors(config).find((connector) => connector.id === connectorId);
    if (found) return found;
    if (connectorId === METAMASK_SDK_CONNECTOR) return passingConnectUri(await loadMetaMask());
    throw walletError('provider_not_found', 'Provider not found.');
  }

  return {
    config,
    /**
     * The wallets the page can offer: every injected wallet found, else MetaMask's SDK. `window.ethereum`
     * (wagmi's plain `injected`, named "Injected") is the fallback for wallets that do not announce
     * themselves (EIP-6963): once one has, it is that same wallet, offered under its own name. With
     * neither (every phone), MetaMask's SDK pairs the phone's wallet when the server admits its relay;
     * else no wallet is offered and the page says none was found.
     */
    connectors: () => {
      const found = getConnectors(config);
      const announced = found.some((connector) => connector.type === 'injected' && connector.id !== INJECTED_FALLBACK);
      // wagmi lists the fallback even without window.ethereum, where it could only answer "Provider not found.".
      const fallback = !announced && typeof window !== 'undefined' && Boolean((window as { ethereum?: unknown }).ethereum);
      const offered = found
        .filter((connector) => connector.id !== INJECTED_FALLBACK || fallback)
        .map(({ id, name, icon }) => ({ id, name, icon }));
      return walletSdk && !announced && !fallback ? [...offered, METAMASK_SDK_OFFER] : offered;
    },
    async reconnect(): Promise<WalletReconnected> {
      await sleep(WALLET_TIMINGS.statusCheckMs);
      // wagmi tries the most recently used connector first and skips one flagged disconnected.
      await reconnect(config);
      return { chainIds: chains.map((chain) => chain.id), connection: current() };
    },
    async connect({ connectorId }: { connectorId: string }): Promise<WalletConnection> {
      const connector = await connectorById(connectorId);
      await connect(config, { connector });
      const connection = current();
      if (!connection) throw walletError('connector_not_connected', 'Connector not connected.');
      return connection;
    },
    async disconnect(): Promise<void> {
      const { connector } = getConnection(config);
      await disconnect(config);
      // wagmi asks an injected wallet to revoke the site's permission (100 ms) and ignores a refusal or
      // silence; a wallet that still shares accounts keeps the site allowed, which the visitor is told.
      if (connector?.type === 'injected' && (await connector.getAccounts().catch(() => [])).length > 0)
        throw walletError('still_authorised', 'The wallet still allows this site.');
    },
    async switchChain({ chainId }: { chainId: number }): Promise<number> {
      // wagmi's injected connector adds a chain the wallet does not know (4902) and counts a refusal, also
      // of the switch right after adding, as a rejection.
      await switchChain(config, { chainId });
      const connector = getConnection(config).connector;
      if (!connector) throw walletError('connector_not_connected', 'Connector not connected.');
      return withRetry(
        async () => {
          const now = await connector.getChainId();
          if (now !== chainId) throw walletError('chain_disconnected');
          return now;
        },
        { ...WALLET_TIMINGS.switchConfirmation, shouldRetry: () => true },
      );
    },
    async sendTransaction({ transaction }: { transaction: WalletTransaction }): Promise<string> {
      // The machine checked the address's shape; the EIP-55 checksum needs viem, loaded here.
      if (!isAddress(transaction.to)) throw walletError('invalid_address');
      const { to, chainId, value, data, maxFeePerGas, maxPriorityFeePerGas } = transaction;
      return sendTransaction(config, { to, chainId, value, data, maxFeePerGas, maxPriorityFeePerGas });
    },
    /** Blocks on top of the transaction's, its own included (0 while it waits in the pool). */
    async confirmations({ hash, chainId }: { hash: `0x${string}`; chainId: number }): Promise<number> {
      return Number(await getTransactionConfirmations(config, { hash, chainId }).catch(() => 0n));
    },
    /** Follows what the wallet does by itself, and the SDK's pairing links; answers the function that stops following. */
    watch(on: {
      accounts: (accounts: string[]) => void;
      chain: (chainId: number) => void;
      disconnected: () => void;
      connectUri: (uri: string) => void;
    }): () => void {
      onConnectUri = on.connectUri;
      const stop = watchConnection(config, {
        onChange(now, before) {
          if (now.status === 'disconnected' && before.status === 'connected') return on.disconnected();
          if (now.status !== 'connected') return;
          if (now.addresses.join() !== (before.addresses ?? []).join()) on.accounts([...now.addresses]);
          if (now.chainId !== before.chainId) on.chain(now.chainId);
        },
      });
      return () => {
        onConnectUri = undefined;
        stop();
      };
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;
