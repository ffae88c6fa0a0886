import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStorage, mock, type CreateConnectorFn } from '@wagmi/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { toUnits } from '../contract/decimal';
import { MAX_UINT256, erc20TransferData, transactionProblem, type WalletChain } from '../contract/wallet';
import { walletFailureCode } from '../contract/walletFailures';
import { walletMachine, type WalletReconnected } from '../machines/wallet/wallet.machine';
import { connectWallet } from '../machines/wallet/wallet.view';
import { CHAIN_TRANSPORT, POLLING_INTERVAL_MS, WALLET_TIMINGS, chainTransport, createWallet, toViemChain } from '../src/platform/wallet';

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const to = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

describe('wallet failures', () => {
  it.each([
    [{ code: 4001 }, 'user_rejected'],
    [{ code: 4100 }, 'unauthorized'],
    [{ code: 4200 }, 'unsupported_method'],
    [{ code: 4900 }, 'provider_disconnected'],
    [{ code: 4901 }, 'chain_disconnected'],
    [{ code: 4902 }, 'unknown_chain'],
    [{ code: -32700 }, 'parse_error'],
    [{ code: -32600 }, 'invalid_request'],
    [{ code: -32601 }, 'method_not_found'],
    [{ code: -32602 }, 'invalid_params'],
    [{ code: -32603 }, 'internal_error'],
    [{ code: -32002 }, 'resource_unavailable'],
    [{ name: 'TimeoutError' }, 'timeout'],
    [new Error('Provider not found.'), 'provider_not_found'],
    [new Error('Chain not configured.'), 'chain_not_configured'],
    [new Error('Connector not connected.'), 'connector_not_connected'],
    [new Error('Connector already connected.'), 'connector_already_connected'],
    [new Error('User rejected switch after adding network.'), 'switch_rejected_after_add'],
    [new Error('something else'), 'unknown'],
    ['not an error', 'unknown'],
  ])('%o is %s', (error, code) => expect(walletFailureCode(error)).toBe(code));

  it('finds the wallet’s code inside the errors viem wraps it in', () => {
    expect(walletFailureCode({ name: 'SwitchChainError', code: 'x', cause: { cause: { code: 4001 } } })).toBe('user_rejected');
  });
});

describe('the check before sending', () => {
  const tx = { to, chainId: 31338, value: 1n };
  it('lets a well-formed transaction through', () => {
    expect(transactionProblem(tx)).toBeNull();
    expect(transactionProblem({ ...tx, maxFeePerGas: MAX_UINT256, maxPriorityFeePerGas: MAX_UINT256 })).toBeNull();
  });
  it('refuses a malformed address, a chain id that is not positive, a tip above the fee cap and a fee above 2^256 − 1', () => {
    expect(transactionProblem({ ...tx, to: '0x12' })).toBe('invalid_address');
    expect(transactionProblem({ ...tx, chainId: 0 })).toBe('invalid_chain_id');
    expect(transactionProblem({ ...tx, chainId: -1 })).toBe('invalid_chain_id');
    expect(transactionProblem({ ...tx, maxFeePerGas: 1n, maxPriorityFeePerGas: 2n })).toBe('tip_above_fee_cap');
    expect(transactionProblem({ ...tx, maxFeePerGas: MAX_UINT256 + 1n })).toBe('fee_cap_too_high');
  });
});

describe('amounts on chain', () => {
  it('turns a decimal string into the smallest unit and encodes an ERC-20 transfer', () => {
    expect(toUnits('1.5', 6)).toBe(1_500_000n);
    expect(toUnits('25', 18)).toBe(25n * 10n ** 18n);
    expect(() => toUnits('0.1234567', 6)).toThrow();
    expect(erc20TransferData(to, 1_500_000n)).toBe(
      '0xa9059cbb' + '0'.repeat(24) + to.slice(2).toLowerCase() + (1_500_000).toString(16).padStart(64, '0'),
    );
  });
});

describe('the wallet view', () => {
  const context = { chainIds: [31337], connection: null, requestedChainId: null, transactionHash: null, failure: null, connectUri: null };
  const at = (value: unknown, extra: object = {}) =>
    connectWallet(walletMachine.resolveState({ value: value as never, context: { ...context, ...extra } }), () => {});

  it('says the five connection statuses', () => {
    expect(at('reconnecting')).toMatchObject({ status: 'reconnecting', waiting: 'reconnecting', disconnected: false, busy: true });
    expect(at('connecting')).toMatchObject({ status: 'connecting', busy: true, connectUri: null });
    expect(at('connecting', { connectUri: 'metamask://connect/mwp?p=x' })).toMatchObject({ connectUri: 'metamask://connect/mwp?p=x' });
    // Not "disconnected" before the disconnect finished: a reload until then reconnects.
    expect(at('disconnecting')).toMatchObject({ status: 'disconnecting', busy: true });
    expect(at('disconnected')).toMatchObject({
      status: 'disconnected',
      waiting: null,
      disconnected: true,
      busy: false,
      account: null,
      unavailable: false,
    });
    expect(at('unavailable')).toMatchObject({ status: 'disconnected', unavailable: true });
    const connection = { connectorId: 'injected', accounts: [account], chainId: 31337 };
    expect(at({ connected: 'ready' }, { connection })).toMatchObject({ status: 'connected', account, chainId: 31337, busy: false });
    expect(at({ connected: 'switchingChain' }, { connection })).toMatchObject({ switchingChain: true, busy: true });
    expect(at({ connected: 'sending' }, { connection })).toMatchObject({ sending: true, busy: true });
  });
});

describe('the wallet machine', () => {
  const connection = { connectorId: 'injected', accounts: [account], chainId: 31337 };
  const wallet = (disconnect: () => Promise<void> = async () => {}) =>
    createActor(
      walletMachine.provide({
        actors: {
          reconnect: fromPromise<WalletReconnected, void>(async () => ({ chainIds: [31337, 31338], connection })),
          switchChain: fromPromise<number, { chainId: number }>(() => Promise.reject({ code: 'user_rejected' })),
          disconnect: fromPromise<void, { connectorId: string }>(disconnect),
        },
      }),
    ).start();

  it('forgets a failure once the wallet moves to another chain or account', async () => {
    const actor = wallet();
    const refused = async () => {
      connectWallet(actor.getSnapshot(), actor.send).switchChain(31338);
      await waitFor(actor, (s) => s.context.failure !== null);
    };
    await waitFor(actor, (s) => s.hasTag('connected'));
    await refused();
    actor.send({ type: 'CHAIN_CHANGED', chainId: 31338 });
    expect(connectWallet(actor.getSnapshot(), actor.send).failure).toBeNull();
    await refused();
    actor.send({ type: 'ACCOUNTS_CHANGED', accounts: [to] });
    expect(connectWallet(actor.getSnapshot(), actor.send)).toMatchObject({ failure: null, account: to });
  });

  it('says disconnecting until the disconnect has finished', async () => {
    let finish = () => {};
    const actor = wallet(() => new Promise<void>((resolve) => (finish = resolve)));
    await waitFor(actor, (s) => s.hasTag('connected'));
    connectWallet(actor.getSnapshot(), actor.send).disconnect();
    await Promise.resolve();
    expect(connectWallet(actor.getSnapshot(), actor.send).status).toBe('disconnecting');
    finish();
    await waitFor(actor, (s) => connectWallet(s, actor.send).status === 'disconnected');
  });
});

describe('the wallet adapter', () => {
  it('has the transport constants and wallet timings', () => {
    expect(CHAIN_TRANSPORT).toEqual({ timeout: 10_000, retryCount: 3, retryDelay: 150, batch: { batchSize: 1000 } });
    expect(POLLING_INTERVAL_MS).toBe(4000);
    expect(WALLET_TIMINGS).toEqual({ statusCheckMs: 200, revokeMs: 100, switchConfirmation: { retryCount: 20, delay: 50 } });
  });

  const chains: WalletChain[] = [
    {
      chainId: 31337,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:1/',
      explorerUrl: null,
    },
    {
      chainId: 31338,
      name: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:1/',
      explorerUrl: null,
    },
  ];
  const memory = () => {
    const map = new Map<string, string>();
    return createStorage({
      storage: { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) },
    });
  };

  // MetaMask's SDK needs its remote relays: the SDK connector is stood in for by wagmi's mock connector.
  it('connects the chosen connector, switches chain, reconnects it next time, and not after a disconnect', async () => {
    const storage = memory();
    const sdk = mock({ accounts: [account], features: { reconnect: true } });
    const wallet = createWallet({ chains, storage, connectors: [sdk] });
    // No window.ethereum here: wagmi's plain `injected` is not offered, it could only fail.
    expect(wallet.connectors().map((c) => c.id)).toEqual(['mock']);

    expect(await wallet.connect({ connectorId: 'mock' })).toEqual({ connectorId: 'mock', accounts: [account], chainId: 31337 });
    expect(await wallet.switchChain({ chainId: 31338 })).toBe(31338);

    // The next page load: a new config over the same wallet.
    const again = createWallet({ chains, storage, connectors: [sdk] });
    expect(await again.reconnect()).toEqual({
      chainIds: [31337, 31338],
      connection: expect.objectContaining({ connectorId: 'mock', accounts: [account] }),
    });
    await again.disconnect();

    const afterDisconnect = createWallet({ chains, storage, connectors: [sdk] });
    expect((await afterDisconnect.reconnect()).connection).toBeNull();
  });

  it('refuses an unknown connector and an unconfigured chain with the libraries’ messages', async () => {
    const wallet = createWallet({ chains, storage: memory(), connectors: [mock({ accounts: [account] })] });
    await expect(wallet.connect({ connectorId: 'nope' })).rejects.toThrow('Provider not found.');
    await wallet.connect({ connectorId: 'mock' });
    await expect(wallet.switchChain({ chainId: 1 })).rejects.toSatisfy((e) => walletFailureCode(e) === 'chain_not_configured');
  });

  it('counts a refused switch as a user rejection', async () => {
    const wallet = createWallet({
      chains,
      storage: memory(),
      connectors: [mock({ accounts: [account], features: { switchChainError: true } })],
    });
    await wallet.connect({ connectorId: 'mock' });
    await expect(wallet.switchChain({ chainId: 31338 })).rejects.toSatisfy((e) => walletFailureCode(e) === 'user_rejected');
  });

  it('offers MetaMask’s SDK where no wallet is injected and the server admits its relay', () => {
    expect(createWallet({ chains, storage: memory(), walletSdk: true }).connectors()).toEqual([
      { id: 'metaMaskSDK', name: 'MetaMask', icon: undefined },
    ]);
    expect(createWallet({ chains, storage: memory() }).connectors()).toEqual([]);
  });

  it('passes on the pairing link MetaMask’s SDK makes, and connects through it', async () => {
    const uri = 'metamask://connect/mwp?p=pairing&c=1';
    // The SDK's connector stood in for: wagmi's mock, emitting the link as the SDK's connector does.
    const sdk: CreateConnectorFn = (config) => {
      const stand = mock({ accounts: [account] })(config);
      return {
        ...stand,
        connect(parameters) {
          config.emitter.emit('message', { type: 'display_uri', data: uri });
          return stand.connect(parameters);
        },
      } as typeof stand;
    };
    const wallet = createWallet({ chains, storage: memory(), walletSdk: true, loadMetaMask: async () => sdk });
    const shown: string[] = [];
    wallet.watch({ accounts: () => {}, chain: () => {}, disconnected: () => {}, connectUri: (link) => shown.push(link) });
    expect(await wallet.connect({ connectorId: 'metaMaskSDK' })).toMatchObject({ accounts: [account] });
    expect(shown).toEqual([uri]);
  });

  it('says "Provider not found." when the chosen wallet has no provider (window.ethereum went away)', async () => {
    const wallet = createWallet({ chains, storage: memory() });
    await expect(wallet.connect({ connectorId: 'injected' })).rejects.toSatisfy((e) => walletFailureCode(e) === 'provider_not_found');
  });

  it('loads MetaMask’s SDK connector only when it is chosen', async () => {
    let loaded = 0;
    const wallet = createWallet({
      chains,
      storage: memory(),
      loadMetaMask: async () => {
        loaded++;
        return mock({ accounts: [account] });
      },
    });
    expect(loaded).toBe(0);
    await wallet.connect({ connectorId: 'metaMaskSDK' });
    expect(loaded).toBe(1);
  });
});

describe('the chain transport against a node that answers badly', () => {
  const servers: Server[] = [];
  afterEach(() => servers.splice(0).forEach((server) => server.close()));

  /** A JSON-RPC endpoint that answers each request with the next of `answers` (then 200), noting when each came and what. */
  async function node(answers: { status: number; headers?: Record<string, string> }[]) {
    const seen: { at: number; body: unknown }[] = [];
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(text) as { id: number } | { id: number }[];
        seen.push({ at: performance.now(), body });
        const answer = answers[seen.length - 1] ?? { status: 200 };
        const result = (one: { id: number }) => ({ jsonrpc: '2.0', id: one.id, result: '0x7a69' });
        response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
        response.end(answer.status === 200 ? JSON.stringify(Array.isArray(body) ? body.map(result) : result(body)) : '{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const transport = chainTransport(
      toViemChain({
        chainId: 31337,
        name: 'Ethereum',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: url,
        explorerUrl: null,
      }),
    )({});
    return { seen, request: () => transport.request({ method: 'eth_chainId' }) };
  }
  const gaps = (seen: { at: number }[]) => seen.slice(1).map((s, i) => s.at - seen[i]!.at);

  // Each status against a node of its own, side by side: the waits are real (about a second per status).
  it('retries HTTP 403, 408, 413, 429, 500, 502, 503 and 504 three times, waiting 150, 300 then 600 ms', async () => {
    await Promise.all(
      [403, 408, 413, 429, 500, 502, 503, 504].map(async (status) => {
        const { seen, request } = await node([{ status }, { status }, { status }]);
        expect(await request(), `HTTP ${status}`).toBe('0x7a69');
        expect(seen, `HTTP ${status}`).toHaveLength(4);
        const [first, second, third] = gaps(seen);
        expect(first, `HTTP ${status}`).toBeGreaterThanOrEqual(145);
        expect(second, `HTTP ${status}`).toBeGreaterThanOrEqual(295);
        expect(third, `HTTP ${status}`).toBeGreaterThanOrEqual(595);
      }),
    );
  });

  it('gives up after the third retry', async () => {
    const { seen, request } = await node([{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }]);
    await expect(request()).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(4);
  });

  it('does not retry a status outside the list', async () => {
    const { seen, request } = await node([{ status: 400 }]);
    await expect(request()).rejects.toMatchObject({ status: 400 });
    expect(seen).toHaveLength(1);
  });

  it('waits as long as Retry-After says', async () => {
    const { seen, request } = await node([{ status: 429, headers: { 'Retry-After': '1' } }]);
    await request();
    expect(gaps(seen)[0]).toBeGreaterThanOrEqual(995);
  });

  it('sends requests made together as one batch', async () => {
    const { seen, request } = await node([]);
    await Promise.all([request(), request(), request()]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toHaveLength(3);
  });
});
