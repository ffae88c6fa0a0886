import type { Chains } from '../../contract/chains';
import { EVM_CHAINS } from '../../contract/chainList';
import type { DepositLink } from '../../contract/depositLinks';
import type { WalletFailureCode } from '../../contract/wallet';
import { toFailure, type Failure } from '../../machines/parts/failure';
import type { FlowModel, TestWalletSetup } from './graph/model';
import { inLanguage, PAGE_LANGUAGES, pageTexts, typedAmount, withValues, type PageLanguage } from './graph/page';
import { walletMachine, type WalletConnection } from '../../machines/wallet/wallet.machine';

/** The test wallet's first account on a local node (anvil's well-known development account 0). */
export const WALLET_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const CHAINS = Object.values(EVM_CHAINS).map((chain) => chain.localChainId);
/** The server no longer runs Base (its RPC left the configuration) while a link on it is still open. */
const WITHOUT_BASE = CHAINS.filter((chainId) => chainId !== EVM_CHAINS.base.localChainId);

/** The test wallet's EIP-6963 `rdns`, which wagmi takes as its connector's id. */
const TEST_WALLET_CONNECTOR = 'test.meridian.wallet';
const connection: WalletConnection = { connectorId: TEST_WALLET_CONNECTOR, accounts: [WALLET_ACCOUNT], chainId: 31337 };

/** The browser paths pay this link (0.01 ETH on Base's local node) on its public page, the one wallet screen. */
export const LINK: DepositLink = {
  hash: 'Wa11etPathsPayThisLinkFromTheTestWa11etNow0',
  asset: 'ETH',
  network: 'base',
  chainId: 31338,
  amount: '0.01',
  decimals: 18,
  token: null,
  address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  createdAt: '2026-11-26T15:00:00.000Z',
  status: 'open',
  received: '0',
  remainder: '0.01',
};
const payment = { to: LINK.address, chainId: LINK.chainId, value: 10n ** 16n };
/**
 * The link as a corrupted or tampered answer says it, once part of it was paid: its address is malformed.
 * The page builds the payment from it; the pre-send check refuses it.
 */
const TAMPERED: DepositLink = { ...LINK, address: '0x1234', status: 'underpaid', received: '0.004', remainder: '0.006' };
const tamperedPayment = { to: TAMPERED.address, chainId: LINK.chainId, value: 6n * 10n ** 15n };

/**
 * The chains' nodes, answered by the bindings (the wallet top-up's too): a path moves no money on the shared local nodes and does
 * not depend on their state. On the page's origin, which the CSP's connect-src allows.
 */
const rpcUrl = (chainId: number) => `/model-chain/${chainId}`;
export const MODEL_CHAINS: Chains['chains'] = Object.entries(EVM_CHAINS).map(([network, chain]) => ({
  network: network as keyof typeof EVM_CHAINS,
  chainId: chain.localChainId,
  name: chain.name,
  nativeCurrency: chain.nativeCurrency,
  rpcUrl: rpcUrl(chain.localChainId),
  explorerUrl: null,
  local: true,
  confirmations: 2,
  tokens: [],
}));
export const CHAINS_CALL = '**/api/chains';

/** The test wallet of the browser paths: account 0 on Ethereum's local node, knowing the four chains. */
export const TEST_WALLET: TestWalletSetup = {
  account: WALLET_ACCOUNT,
  chainId: connection.chainId,
  chains: Object.fromEntries(CHAINS.map((chainId) => [chainId, rpcUrl(chainId)])),
};

// The actors reject with the failure already read (src/app/actors/wallet.ts reads the wallet's 4001 so).
type WalletRefusal = Failure & { code: WalletFailureCode };
const rejected: WalletRefusal = { code: 'user_rejected' };
/** The same refusal, of the prompt to add the chain: the bindings tell the two apart. */
const refusedToAdd: WalletRefusal = { code: 'user_rejected' };

const walletTexts = (language: PageLanguage) => pageTexts(language).wallet;
const button = (name: string) => ({ role: 'button' as const, name });
/** The test wallet announces itself by this name (its EIP-6963 `info`). */
const connectButton = (language: PageLanguage) => button(withValues(walletTexts(language).connectWith, { name: 'Meridian Test Wallet' }));
/** To the link's chain, named as the page names a local node's chain, or by its network's name when the server no longer runs it. */
const switchButton = (language: PageLanguage, chainIds: number[]) => {
  const { name } = EVM_CHAINS.base;
  const chain = chainIds.includes(LINK.chainId) ? withValues(walletTexts(language).localChain, { name }) : name;
  return button(withValues(walletTexts(language).switchTo, { chain }));
};
/** Pay what the link (as the page last loaded it) is due. */
export const payButton = (language: PageLanguage, due = LINK.amount) =>
  button(withValues(walletTexts(language).pay, { amount: typedAmount(language, due), asset: LINK.asset }));
/** The failure kept in the context, as the wallet block says it; none: no alert. */
const failureShown = (failure: { code: string } | null, language: PageLanguage) => {
  const alert = { role: 'alert' as const };
  if (!failure) return { shows: [], hides: [alert] };
  return { shows: [{ ...alert, text: (walletTexts(language).errors as Record<string, string>)[failure.code]! }], hides: [] };
};

export const walletModel = {
  events: {
    CONNECT_REQUESTED: { 'the injected wallet': { connectorId: TEST_WALLET_CONNECTOR } },
    DISCONNECT_REQUESTED: { disconnect: {} },
    ACCOUNTS_CHANGED: { 'another account': { accounts: [OTHER_ACCOUNT] }, 'no account left': { accounts: [] } },
    CHAIN_CHANGED: { 'to Base (local)': { chainId: 31338 } },
    WALLET_DISCONNECTED: { 'the wallet ended it': {} },
    // What MetaMask's SDK emits while a phone's wallet pairs (headless: the page shows it).
    CONNECT_URI: { 'a pairing link': { uri: 'metamask://connect/mwp?p=pairing&c=1' } },
    RETRY: { 'try again': {} },
    SWITCH_CHAIN_REQUESTED: { 'to Base (local)': { chainId: 31338 }, 'to an unconfigured chain': { chainId: 10 } },
    SEND_REQUESTED: {
      'a payment': { transaction: payment },
      'a malformed address': { transaction: tamperedPayment },
      'chain id 0': { transaction: { ...payment, chainId: 0 } },
      'a tip above the fee cap': { transaction: { ...payment, maxFeePerGas: 1n, maxPriorityFeePerGas: 2n } },
      'a fee above 2^256 − 1': { transaction: { ...payment, maxFeePerGas: 2n ** 256n } },
    },
  },
  actors: {
    reconnect: {
      done: {
        'a wallet still authorised': { chainIds: CHAINS, connection },
        'none authorised': { chainIds: CHAINS, connection: null },
        'a wallet still authorised; Base no longer configured': { chainIds: WITHOUT_BASE, connection },
      },
      error: { offline: new Error('Failed to fetch') },
    },
    connect: { done: { 'shares an account': connection }, error: { 'refused (4001)': rejected } },
    disconnect: {
      done: { disconnected: undefined },
      error: { 'kept the site allowed': { code: 'still_authorised' } satisfies WalletRefusal },
    },
    switchChain: {
      done: { 'on Base (local)': 31338 },
      error: {
        'refused (4001)': rejected,
        'refused to add the chain (4001)': refusedToAdd,
        'refused to switch after adding': { code: 'switch_rejected_after_add' } satisfies WalletRefusal,
      },
    },
    sendTransaction: { done: { sent: '0x' + 'ab'.repeat(32) }, error: { 'refused (4001)': rejected } },
  },
  invariants: {
    '*': (s) => {
      if (s.context.connectUri !== null && !s.matches('connecting')) return 'a pairing link outlived its attempt';
      return s.context.connection === null || s.context.connection.accounts.length > 0 || 'connected without an account';
    },
    connected: (s) => s.context.connection !== null || 'connected without a connection',
    disconnected: (s) => s.context.connection === null || 'disconnected but still holds a connection',
    'connected.switchingChain': (s) =>
      (s.context.requestedChainId !== null && s.context.chainIds.includes(s.context.requestedChainId)) ||
      'switching to a chain that is not configured',
    'connected.ready': (s) =>
      s.context.failure?.code !== 'chain_not_configured' || s.context.connection!.chainId !== 10 || 'switched to an unconfigured chain',
  },
  journeys: {
    // A failure said of the chain or account the wallet has left goes with it (issue 24, item 33).
    'a refused switch, then the wallet moves to Base itself': {
      steps: [
        'reconnect done (a wallet still authorised)',
        'SWITCH_CHAIN_REQUESTED (to Base (local))',
        'switchChain failed (refused (4001))',
        'CHAIN_CHANGED (to Base (local))',
      ],
    },
  },
  browser: {
    languages: PAGE_LANGUAGES,
    // The public page of a link, signed out: the wallet starts once the link and the chains are in.
    start: (_, language) => [
      { answer: `**/api/deposit-links/${LINK.hash}`, method: 'GET', json: LINK },
      { open: inLanguage(`/inject/crypto/on-chain/wallet/${LINK.hash}`, language) },
    ],
    events: {
      CONNECT_REQUESTED: (_, __, language) => [{ click: connectButton(language) }],
      DISCONNECT_REQUESTED: (_, __, language) => [{ click: button(walletTexts(language).disconnect) }],
      // wagmi reports an emptied account list as a disconnection: the page ends disconnected all the same.
      ACCOUNTS_CHANGED: ({ accounts }, before) =>
        before.context.connection?.accounts.join() === accounts.join() ? null : [{ wallet: { changeAccounts: accounts } }],
      CHAIN_CHANGED: ({ chainId }, before) =>
        before.context.connection?.chainId === chainId ? null : [{ wallet: { changeChain: chainId } }],
      WALLET_DISCONNECTED: () => [{ wallet: { disconnect: true } }],
      // The test wallet is injected: MetaMask's SDK needs its relay (tests/wallet.test.ts and the view test).
      CONNECT_URI: () => null,
      RETRY: (_, __, language) => [{ click: button(walletTexts(language).retry) }],
      // The page offers only the link's chain, and only while the wallet is on another one.
      // A chain the server no longer runs is refused by the machine ("Chain not configured.").
      SWITCH_CHAIN_REQUESTED: ({ chainId }, before, language) =>
        chainId === LINK.chainId && before.context.connection?.chainId !== chainId
          ? [{ click: switchButton(language, before.context.chainIds) }]
          : null,
      // The page sends what the link asks, once, and sets no fees: a malformed address comes from a
      // tampered answer of the link, the other refusals stay unit paths (docs/testing.md). wagmi refuses a
      // chain it is not configured with before the wallet sees it.
      SEND_REQUESTED: ({ transaction }, before, language) => {
        const canPay =
          before.context.chainIds.includes(LINK.chainId) &&
          transaction.chainId === LINK.chainId &&
          transaction.maxFeePerGas === undefined &&
          before.context.connection?.chainId === LINK.chainId &&
          before.context.transactionHash === null;
        if (!canPay) return null;
        if (transaction.to === LINK.address) return [{ click: payButton(language) }];
        if (transaction.to !== TAMPERED.address) return null;
        return [
          // Had the page asked the wallet to send, the wallet's refusal, not the check's, would show.
          { wallet: { reject: 'eth_sendTransaction' } },
          // The page follows the link while it is open; its next answer is the tampered one, due 0.006 ETH.
          { answer: `**/api/deposit-links/${LINK.hash}`, method: 'GET', json: TAMPERED },
          { click: payButton(language, TAMPERED.remainder) },
        ];
      },
    },
    actors: {
      reconnect: {
        done: (reconnected) => [
          {
            answer: CHAINS_CALL,
            method: 'GET',
            json: { chains: MODEL_CHAINS.filter((chain) => reconnected.chainIds.includes(chain.chainId)) },
          },
          { wallet: { install: { ...TEST_WALLET, authorised: reconnected.connection !== null } } },
        ],
        // The page's own list loads; the wallet's, right after, finds no connection.
        error: () => [
          { answer: CHAINS_CALL, method: 'GET', times: 1, json: { chains: MODEL_CHAINS } },
          { answer: CHAINS_CALL, method: 'GET', times: 1, offline: true },
        ],
      },
      connect: {
        // The wallet as it started (the site is not allowed here, so it is not told).
        done: ({ accounts, chainId }) => [{ wallet: { reject: null, changeAccounts: accounts, changeChain: chainId } }],
        // wagmi asks for the permission first.
        error: () => [{ wallet: { reject: 'wallet_requestPermissions' } }],
      },
      // wagmi's injected connector ignores a refused revoke; the wallet then still shares its accounts.
      disconnect: {
        done: () => [{ wallet: { reject: null } }],
        error: () => [{ wallet: { reject: 'wallet_revokePermissions' } }],
      },
      switchChain: {
        // Through adding the chain, as the first switch of a wallet that never had it does.
        done: (chainId) => [{ wallet: { reject: null, forgetChains: [chainId], refuseAddChain: false, refuseSwitchAfterAdd: false } }],
        error: (error, before) => {
          const asked = [before.context.requestedChainId!];
          if (toFailure(error).code === 'switch_rejected_after_add')
            return [{ wallet: { reject: null, forgetChains: asked, refuseAddChain: false, refuseSwitchAfterAdd: true } }];
          return error === refusedToAdd
            ? [{ wallet: { reject: null, forgetChains: asked, refuseAddChain: true } }]
            : [{ wallet: { reject: 'wallet_switchEthereumChain' } }];
        },
      },
      sendTransaction: {
        done: (hash) => [
          { wallet: { reject: null } },
          // The wallet sends it through the chain's node, which answers its hash.
          { answer: '**/model-chain/**', method: 'POST', json: { jsonrpc: '2.0', id: 1, result: hash } },
          { answer: `**/api/deposit-links/${LINK.hash}/payments`, method: 'POST', json: LINK },
        ],
        error: () => [{ wallet: { reject: 'eth_sendTransaction' } }],
      },
    },
    states: {
      unavailable: (s, language) => ({ shows: [button(walletTexts(language).retry), ...failureShown(s.context.failure, language).shows] }),
      disconnected: (s, language) => {
        const failure = failureShown(s.context.failure, language);
        return {
          shows: [connectButton(language), ...failure.shows],
          // The wallet that announced itself is not offered a second time as window.ethereum ("Injected").
          hides: [
            { testId: 'wallet-account' },
            button(withValues(walletTexts(language).connectWith, { name: 'Injected' })),
            ...failure.hides,
          ],
        };
      },
      connected: (s, language) => {
        const failure = failureShown(s.context.failure, language);
        return { shows: [{ shownText: s.context.connection!.accounts[0]! }, ...failure.shows], hides: failure.hides };
      },
      'connected.ready': (s, language) => {
        if (s.context.connection!.chainId !== LINK.chainId) return { shows: [switchButton(language, s.context.chainIds)] };
        // Sent: the page follows the transaction by its hash.
        if (s.context.transactionHash) return { shows: [{ shownText: s.context.transactionHash }] };
        // Refused by the check: nothing was sent, the page still offers to pay what the tampered link says.
        return { shows: [payButton(language, s.context.failure?.code === 'invalid_address' ? TAMPERED.remainder : LINK.amount)] };
      },
    },
  },
  notInBrowser: {
    transitions: {
      'connecting → connecting (stays) (CONNECT_URI)':
        "The test wallet is injected; a pairing link needs MetaMask's SDK relay (tests/wallet.test.ts and the view test cover it).",
    },
  },
} satisfies FlowModel<typeof walletMachine>;
