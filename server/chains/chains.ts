import { createPublicClient, http, type PublicClient } from 'viem';
import { EVM_CHAINS, EVM_NETWORK_CODES, TOKEN_ASSETS, type EvmNetwork } from '../../contract/chainList';
import type { Chain } from '../../contract/chains';
import type { ChainSettings } from '../config';
import { LOCAL_TOKEN_ADDRESSES, type LocalNode } from './localNodes';

/**
 * The chains as this server runs them (also what `GET /api/chains` answers): the local nodes' when
 * they run, else mainnet's ids with the configured RPC endpoints and the real token contracts.
 */
export function resolveChains(settings: ChainSettings, localNodes?: readonly Pick<LocalNode, 'network' | 'rpcUrl'>[]): Chain[] {
  return EVM_NETWORK_CODES.map((network) => {
    const spec = EVM_CHAINS[network];
    const node = localNodes?.find((candidate) => candidate.network === network);
    const tokens = TOKEN_ASSETS.map((asset) => ({
      asset,
      address: node ? LOCAL_TOKEN_ADDRESSES[asset] : spec.tokens[asset].address,
      decimals: spec.tokens[asset].decimals,
    }));
    return {
      network,
      chainId: node ? spec.localChainId : spec.chainId,
      name: spec.name,
      nativeCurrency: { ...spec.nativeCurrency },
      rpcUrl: node ? node.rpcUrl : (settings.rpcUrls[network] ?? spec.rpcUrl),
      explorerUrl: node ? null : spec.explorerUrl,
      local: Boolean(node),
      confirmations: settings.confirmations,
      tokens,
    };
  });
}

export function chainOf(chains: readonly Chain[], network: EvmNetwork): Chain {
  const chain = chains.find((candidate) => candidate.network === network);
  if (!chain) throw new Error(`chain ${network} is not configured`);
  return chain;
}

/** The server's client of a chain, with the transport constants of docs/product.md#the-browser-wallet: 10 s timeout, 3 retries from 150 ms doubling (viem's back-off). */
export function publicClientOf(chain: Pick<Chain, 'rpcUrl'>): PublicClient {
  return createPublicClient({ transport: http(chain.rpcUrl, { timeout: 10_000, retryCount: 3, retryDelay: 150 }) });
}
