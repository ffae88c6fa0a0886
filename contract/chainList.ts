import type { CryptoAsset, Network } from './assetList';

/**
 * The four EVM chains (docs/product.md#the-browser-wallet), once for app, machines and server (plain data, no zod, so the wallet
 * chunk can import it alone). `chainId`, `rpcUrl` and `explorerUrl` are mainnet's, used when the
 * server is configured with real RPC endpoints; in demo mode each chain is served by a local
 * development node (server/chains/localNodes.ts) under `localChainId` instead, so a real wallet can
 * never send mainnet funds to a demo address. What is in force at run time comes from `GET /api/chains`
 * (contract/chains.ts): never assume the mainnet id in the browser.
 */
export const EVM_CHAINS = {
  ethereum: {
    name: 'Ethereum',
    chainId: 1,
    localChainId: 31337,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: 'https://ethereum.reth.rs/rpc',
    explorerUrl: 'https://etherscan.io',
    tokens: {
      USDT: { address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
      USDC: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
    },
  },
  base: {
    name: 'Base',
    chainId: 8453,
    localChainId: 31338,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrl: 'https://mainnet.base.org',
    explorerUrl: 'https://basescan.org',
    tokens: {
      USDT: { address: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', decimals: 6 },
      USDC: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 },
    },
  },
  bsc: {
    name: 'BNB Smart Chain',
    chainId: 56,
    localChainId: 31339,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrl: 'https://56.rpc.thirdweb.com',
    explorerUrl: 'https://bscscan.com',
    // BNB Smart Chain's bridged stablecoins keep 18 decimals; the ledger keeps the asset's 6 (dust recorded).
    tokens: {
      USDT: { address: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
      USDC: { address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
    },
  },
  avalanche: {
    name: 'Avalanche C-Chain',
    chainId: 43114,
    localChainId: 31340,
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    rpcUrl: 'https://api.avax.network/ext/bc/C/rpc',
    explorerUrl: 'https://snowtrace.io',
    tokens: {
      USDT: { address: '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', decimals: 6 },
      USDC: { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', decimals: 6 },
    },
  },
} as const satisfies Record<
  Exclude<Network, 'bitcoin'>,
  {
    name: string;
    chainId: number;
    localChainId: number;
    nativeCurrency: { name: string; symbol: CryptoAsset; decimals: number };
    rpcUrl: string;
    explorerUrl: string;
    tokens: Partial<Record<CryptoAsset, { address: `0x${string}`; decimals: number }>>;
  }
>;

export type EvmNetwork = keyof typeof EVM_CHAINS;
export const EVM_NETWORK_CODES = Object.keys(EVM_CHAINS) as [EvmNetwork, ...EvmNetwork[]];
/** The ERC-20 tokens deposits are watched for (and that the local nodes get as test contracts). */
export const TOKEN_ASSETS = ['USDT', 'USDC'] as const satisfies readonly CryptoAsset[];
export type TokenAsset = (typeof TOKEN_ASSETS)[number];

export function isEvmNetwork(value: string): value is EvmNetwork {
  return Object.hasOwn(EVM_CHAINS, value);
}
