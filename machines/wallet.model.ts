import type { FlowModel } from './graph/model';
import { walletMachine, type WalletConnection } from './wallet.machine';

/** The test wallet's first account on a local node (anvil's well-known development account 0). */
export const WALLET_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const CHAINS = [31337, 31338, 31339, 31340];

const connection: WalletConnection = { connectorId: 'meridian-test-wallet', accounts: [WALLET_ACCOUNT], chainId: 31337 };
const payment = { to: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', chainId: 31338, value: 10n ** 16n };

const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 });

export const walletModel = {
  events: {
    CONNECT_REQUESTED: { 'the injected wallet': { connectorId: 'meridian-test-wallet' } },
    DISCONNECT_REQUESTED: { disconnect: {} },
    ACCOUNTS_CHANGED: { 'another account': { accounts: [OTHER_ACCOUNT] }, 'no account left': { accounts: [] } },
    CHAIN_CHANGED: { 'to Base (local)': { chainId: 31338 } },
    WALLET_DISCONNECTED: { 'the wallet ended it': {} },
    RETRY: { 'try again': {} },
    SWITCH_CHAIN_REQUESTED: { 'to Base (local)': { chainId: 31338 }, 'to an unconfigured chain': { chainId: 10 } },
    SEND_REQUESTED: {
      'a payment': { transaction: payment },
      'a malformed address': { transaction: { ...payment, to: '0x1234' } },
      'chain id 0': { transaction: { ...payment, chainId: 0 } },
      'a tip above the fee cap': { transaction: { ...payment, maxFeePerGas: 1n, maxPriorityFeePerGas: 2n } },
      'a fee above 2^256 − 1': { transaction: { ...payment, maxFeePerGas: 2n ** 256n } },
    },
  },
  actors: {
    reconnect: {
      done: { 'a wallet still authorised': { chainIds: CHAINS, connection }, 'none authorised': { chainIds: CHAINS, connection: null } },
      error: { offline: new Error('Failed to fetch') },
    },
    connect: { done: { 'shares an account': connection }, error: { 'refused (4001)': rejected } },
    disconnect: { done: { disconnected: undefined }, error: { 'the wallet hung': new Error('timed out') } },
    switchChain: {
      done: { 'on Base (local)': 31338 },
      error: {
        'refused (4001)': rejected,
        'refused to switch after adding': new Error('User rejected switch after adding network.'),
      },
    },
    sendTransaction: { done: { sent: '0x' + 'ab'.repeat(32) }, error: { 'refused (4001)': rejected } },
  },
  invariants: {
    '*': (s) => s.context.connection === null || s.context.connection.accounts.length > 0 || 'connected without an account',
    connected: (s) => s.context.connection !== null || 'connected without a connection',
    disconnected: (s) => s.context.connection === null || 'disconnected but still holds a connection',
    'connected.switchingChain': (s) =>
      (s.context.requestedChainId !== null && s.context.chainIds.includes(s.context.requestedChainId)) ||
      'switching to a chain that is not configured',
    'connected.ready': (s) =>
      s.context.failure?.code !== 'chain_not_configured' || s.context.connection!.chainId !== 10 || 'switched to an unconfigured chain',
  },
} satisfies FlowModel<typeof walletMachine>;
