import type { Page } from '@playwright/test';
import type { TestWalletOrders, TestWalletSetup } from '../tests/models/graph/model';

/**
 * An EIP-1193 provider announced through EIP-6963 (and as window.ethereum), the project's own: it holds
 * the authorisation and the current chain, answers the wallet methods itself and forwards everything
 * else — signing and sending included — to the current chain's node, which signs for its development
 * accounts. It can be told to reject a method (4001), to forget a chain (4902), to refuse adding a chain or
 * the switch after it, to change accounts or chain, or to disconnect. Once per page.
 */
function testWallet(setup: TestWalletSetup) {
  if ('meridianTestWallet' in window) return;
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((listener) => listener(value));
  const state = {
    authorised: setup.authorised ?? false,
    accounts: [setup.account],
    chainId: setup.chainId,
    chains: { ...setup.chains } as Record<number, string>,
    reject: null as string | null,
    refuseAddChain: false,
    refuseSwitchAfterAdd: false,
  };
  const failure = (code: number, message: string) => Object.assign(new Error(message), { code });
  const hex = (n: number) => `0x${n.toString(16)}`;
  let id = 0;
  async function forward(method: string, params: unknown) {
    const answer = await fetch(state.chains[state.chainId]!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
    });
    const json = (await answer.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (json.error) throw failure(json.error.code, json.error.message);
    return json.result;
  }
  const provider = {
    isMeridianTestWallet: true,
    async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
      if (state.reject === method) throw failure(4001, 'User rejected the request.');
      switch (method) {
        case 'eth_requestAccounts':
        case 'wallet_requestPermissions':
          state.authorised = true;
          return method === 'eth_requestAccounts' ? state.accounts : [{ parentCapability: 'eth_accounts' }];
        case 'eth_accounts':
          return state.authorised ? state.accounts : [];
        case 'wallet_revokePermissions':
          state.authorised = false;
          return null;
        case 'eth_chainId':
          return hex(state.chainId);
        case 'wallet_switchEthereumChain': {
          const chainId = Number((params![0] as { chainId: string }).chainId);
          if (!state.chains[chainId]) throw failure(4902, 'Unrecognized chain ID.');
          state.chainId = chainId;
          emit('chainChanged', hex(chainId));
          return null;
        }
        case 'wallet_addEthereumChain': {
          if (state.refuseAddChain) throw failure(4001, 'User rejected the request.');
          const chain = params![0] as { chainId: string; rpcUrls: string[] };
          state.chains[Number(chain.chainId)] = chain.rpcUrls[0]!;
          // As wallets do, adding a chain offers to switch to it: this one does, unless told to refuse.
          if (state.refuseSwitchAfterAdd) return null;
          state.chainId = Number(chain.chainId);
          emit('chainChanged', chain.chainId);
          return null;
        }
        case 'eth_sendTransaction':
          if (!state.authorised) throw failure(4100, 'Unauthorized.');
          return forward(method, params);
        default:
          return forward(method, params);
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  const command = (orders: TestWalletOrders) => {
    if (orders.reject !== undefined) state.reject = orders.reject;
    for (const chainId of orders.forgetChains ?? []) delete state.chains[chainId];
    if (orders.refuseAddChain !== undefined) state.refuseAddChain = orders.refuseAddChain;
    if (orders.refuseSwitchAfterAdd !== undefined) state.refuseSwitchAfterAdd = orders.refuseSwitchAfterAdd;
    if (orders.changeAccounts) {
      // Wallets tell only the sites they allow: to the others eth_accounts is empty before and after.
      const told = state.authorised;
      if (orders.changeAccounts.length === 0) state.authorised = false;
      else state.accounts = orders.changeAccounts;
      if (told) emit('accountsChanged', orders.changeAccounts);
    }
    if (orders.changeChain !== undefined) {
      state.chainId = orders.changeChain;
      emit('chainChanged', hex(orders.changeChain));
    }
    if (orders.disconnect) {
      state.authorised = false;
      emit('disconnect', failure(4900, 'The provider is disconnected from all chains.'));
    }
  };
  const info = {
    uuid: '6b1f7f0e-3f7e-4a62-9d55-2f4b3e0c1a01',
    name: 'Meridian Test Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%23087"/%3E%3C/svg%3E',
    rdns: 'test.meridian.wallet',
  };
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  Object.assign(window, { ethereum: provider, meridianTestWallet: command });
}

/** Injects the test wallet into every page the tab opens from now on. */
export async function addTestWallet(page: Page, setup: TestWalletSetup): Promise<void> {
  await page.addInitScript(testWallet, setup);
}

/** Injects the test wallet into the page open now too (which has none yet). */
export async function installTestWallet(page: Page, setup: TestWalletSetup): Promise<void> {
  await addTestWallet(page, setup);
  await page.evaluate(testWallet, setup);
}

export async function tellTestWallet(page: Page, orders: TestWalletOrders): Promise<void> {
  await page.evaluate((o) => (window as unknown as { meridianTestWallet: (o: TestWalletOrders) => void }).meridianTestWallet(o), orders);
}
