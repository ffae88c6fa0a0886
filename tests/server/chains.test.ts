import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, createWalletClient, erc20Abi, formatUnits, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainsSchema } from '../../contract/chains';
import { resolveChains } from '../../server/chains/chains';
import {
  DEMO_HOT_WALLET_INDEX,
  devAccount,
  externalLocalNodes,
  freePortRun,
  LOCAL_TOKEN_ADDRESSES,
  LocalPortsTaken,
  startLocalNode,
  startLocalNodes,
  type LocalNode,
} from '../../server/chains/localNodes';
import { loadConfig } from '../../server/config';
import { createTestServer, PRODUCTION_ENV, testConfig, useTestDatabase } from './helpers';

describe('local chain nodes', () => {
  let bsc: LocalNode;
  beforeAll(async () => {
    bsc = await startLocalNode({ network: 'bsc' });
  });
  afterAll(() => bsc?.stop());

  it('serve the development chain id with the test tokens deployed and dev accounts funded (18 decimals on BNB Smart Chain)', async () => {
    const client = createPublicClient({ transport: http(bsc.rpcUrl) });
    expect(await client.getChainId()).toBe(31339);
    const read = (functionName: 'decimals' | 'symbol') =>
      client.readContract({ address: LOCAL_TOKEN_ADDRESSES.USDT, abi: erc20Abi, functionName });
    expect(await read('symbol')).toBe('USDT');
    expect(await read('decimals')).toBe(18);
    const balance = await client.readContract({
      address: LOCAL_TOKEN_ADDRESSES.USDC,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [devAccount(1)],
    });
    expect(formatUnits(balance, 18)).toBe('1000000');
  });

  it('a node whose hot wallet holds no tokens (state from before token withdrawals) has it funded at start, once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-chain-'));
    const statePath = path.join(dataDir, 'ethereum.json');
    const hotWallet = devAccount(DEMO_HOT_WALLET_INDEX);
    const tokens = [LOCAL_TOKEN_ADDRESSES.USDT, LOCAL_TOKEN_ADDRESSES.USDC];
    const holdings = (node: LocalNode) => {
      const client = createPublicClient({ transport: http(node.rpcUrl) });
      return Promise.all(
        tokens.map(async (address) =>
          formatUnits(await client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [hotWallet] }), 6),
        ),
      );
    };
    /** Every token transaction the node has seen: the deployer's and the hot wallet's nonces. */
    const sent = (node: LocalNode) => {
      const client = createPublicClient({ transport: http(node.rpcUrl) });
      return Promise.all([devAccount(9), hotWallet].map((address) => client.getTransactionCount({ address })));
    };
    const started: LocalNode[] = [];
    const start = async () => {
      const node = await startLocalNode({ network: 'ethereum', statePath });
      started.push(node);
      return node;
    };
    try {
      // The hot wallet gives all its tokens away, as on a node whose state predates its funding.
      const old = await start();
      const hot = createWalletClient({ transport: http(old.rpcUrl), account: hotWallet });
      const client = createPublicClient({ transport: http(old.rpcUrl) });
      for (const [index, address] of tokens.entries()) {
        const balance = await client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [hotWallet] });
        const hash = await hot.writeContract({
          chain: null,
          address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [devAccount(8), balance],
        });
        if (index === tokens.length - 1) await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      }
      expect(await holdings(old)).toEqual(['0', '0']);
      await old.stop();

      const restarted = await start();
      expect(await holdings(restarted)).toEqual(['1000000', '1000000']);
      const afterFunding = await sent(restarted);
      // The same chain, not a new one: the hot wallet's two give-aways are still on it.
      expect(afterFunding[1]).toBe(2);
      await restarted.stop();

      const again = await start();
      expect(await holdings(again)).toEqual(['1000000', '1000000']);
      expect(await sent(again)).toEqual(afterFunding);
    } finally {
      await Promise.all(started.map((node) => node.stop()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the committed token bytecode is what contracts/TestToken.sol compiles to', () => {
    expect(() => execFileSync(process.execPath, ['scripts/compile-contracts.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});

describe('GET /api/chains', () => {
  const db = useTestDatabase();

  it('answers the local nodes as local, with development ids, and allows their RPC in the CSP', async () => {
    const config = testConfig();
    const chains = resolveChains(config.chains, [{ network: 'base', rpcUrl: 'http://127.0.0.1:18546' }]);
    const { createApp } = await import('../../server/app');
    const app = createApp({ db: db.database.db, config, chains });
    const answer = await app.request('/api/chains');
    const body = chainsSchema.parse(await answer.json());
    const base = body.chains.find((chain) => chain.network === 'base')!;
    expect(base).toMatchObject({ chainId: 31338, local: true, explorerUrl: null, rpcUrl: 'http://127.0.0.1:18546', confirmations: 2 });
    expect(body.chains.find((chain) => chain.network === 'ethereum')).toMatchObject({ chainId: 1, local: false });
    expect(answer.headers.get('content-security-policy')).toContain('http://127.0.0.1:18546');
  });

  it('offers MetaMask’s SDK and admits its relay in the CSP only when a relay is configured', async () => {
    const relay = 'wss://relay.wallet.example';
    const connectSrc = (answer: Response) =>
      answer.headers
        .get('content-security-policy')!
        .split(';')
        .find((directive) => directive.trim().startsWith('connect-src'))!;
    const offered = await createTestServer(db, { config: { walletSdkRelay: relay } }).app.request('/api/chains');
    expect(chainsSchema.parse(await offered.json()).walletSdk).toBe(true);
    expect(connectSrc(offered)).toContain(relay);
    const off = await createTestServer(db).app.request('/api/chains');
    expect(chainsSchema.parse(await off.json()).walletSdk).toBe(false);
    expect(connectSrc(off)).not.toContain('wss:');
  });

  it('answers mainnet ids with the configured RPC endpoints when no node is local', async () => {
    const { app } = createTestServer(db, { config: { chains: { ...testConfig().chains, rpcUrls: { bsc: 'https://bsc.rpc.example/' } } } });
    const body = chainsSchema.parse(await (await app.request('/api/chains')).json());
    expect(body.chains.map((chain) => [chain.network, chain.chainId])).toEqual([
      ['ethereum', 1],
      ['base', 8453],
      ['bsc', 56],
      ['avalanche', 43114],
    ]);
    expect(body.chains.find((chain) => chain.network === 'bsc')).toMatchObject({
      rpcUrl: 'https://bsc.rpc.example/',
      explorerUrl: 'https://bscscan.com',
    });
  });
});

describe('local chain nodes on taken ports (issue 24, item 32a)', () => {
  it('move from default ports another process holds to free consecutive ones, and refuse chosen ones in one line', async () => {
    const first = await freePortRun(4);
    // Someone else's process on the third of the four ports, as a developer's own node holds 8545.
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(first + 2, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-ports-'));
    try {
      const refused = startLocalNodes({ dataDir, port: first, fixedPort: true });
      await expect(refused).rejects.toBeInstanceOf(LocalPortsTaken);
      await expect(refused).rejects.toThrow(
        new RegExp(
          `^LOCAL_CHAIN_PORT=${first}: the local chain nodes need ports ${first}–${first + 3}, and one of them is taken\\. [^\\n]+$`,
        ),
      );

      const moved = await startLocalNodes({ dataDir, port: first, blockSeconds: 0 });
      try {
        expect(moved.port, 'the nodes moved').not.toBe(first);
        // Consecutive, so a second instance finds them all from the first port (LOCAL_CHAINS=external).
        expect(moved.nodes.map(({ rpcUrl }) => rpcUrl)).toEqual(externalLocalNodes(moved.port).map(({ rpcUrl }) => rpcUrl));
        const chainIds = await Promise.all(moved.nodes.map(({ rpcUrl }) => createPublicClient({ transport: http(rpcUrl) }).getChainId()));
        expect(chainIds).toEqual([31337, 31338, 31339, 31340]);
      } finally {
        await moved.stop();
      }
    } finally {
      holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('chain configuration', () => {
  const base = { AUTH_SECRET: 's'.repeat(32) };
  it('runs local nodes in demo mode and refuses them in production', () => {
    expect(loadConfig(base).chains).toMatchObject({ local: true, localPort: 8545, localBlockSeconds: 2, confirmations: 2 });
    expect(loadConfig({ ...base, DEMO_MODE: '0' }).chains).toMatchObject({ local: false, confirmations: 12 });
    expect(() => loadConfig({ ...PRODUCTION_ENV, LOCAL_CHAINS: '1' })).toThrow(/LOCAL_CHAINS must be off/);
    expect(() => loadConfig({ ...base, CHAIN_RPC_URL_BASE: 'ftp://x.example' })).toThrow(/http\(s\) URL/);
    expect(() => loadConfig({ ...base, DEPOSIT_CONFIRMATIONS: '0' })).toThrow(/DEPOSIT_CONFIRMATIONS/);
  });
});
