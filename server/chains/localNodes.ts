import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getContractAddress,
  http,
  parseAbi,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { EVM_CHAINS, EVM_NETWORK_CODES, TOKEN_ASSETS, type EvmNetwork, type TokenAsset } from '../../contract/chainList';
import testToken from '../../contracts/TestToken.json' with { type: 'json' };

/**
 * Local development nodes (anvil, from the `@foundry-rs/anvil-<platform>` npm package): one per chain
 * with its development chain id (31337–31340), each with the test USDT and USDC deployed. `npm start`
 * and `npm run dev` start them in demo mode (server/main.ts), Playwright through the server, the server
 * tests one by one with `startLocalNode`.
 *
 * The nodes' funded accounts are anvil's well-known development accounts (mnemonic below). Deposit
 * addresses are never among them (server/chains/addresses.ts derives those on another path).
 */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** contracts/TestToken.sol's constructor; its other functions are ERC-20's. */
const TOKEN_CONSTRUCTOR = parseAbi(['constructor(string name_, string symbol_, uint8 decimals_, uint256 supply)']);

/** Deploys the test tokens; its first two transactions on every node are USDT and USDC, so their addresses are fixed. */
const DEPLOYER = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 9 }).address;
/** Development accounts 0–4 each get this many of both tokens, for tests and the wallet to send from. */
const FUNDED_ACCOUNTS = 5;
const FUNDING = '1000000';
/**
 * The local nodes' hot wallet (server/chains/hotWallet.ts): an account no test or wallet page sends from;
 * it also gets FUNDING of both tokens, to pay USDT and USDC withdrawals out.
 */
export const DEMO_HOT_WALLET_INDEX = 7;
/**
 * Below this many of a token the hot wallet is topped up to FUNDING at start: nodes whose state predates
 * token withdrawals have the tokens but a hot wallet without any, and would refund every token withdrawal.
 */
const HOT_WALLET_LOW = '10000';

/** The address of a test token on every local node (CREATE from the deployer's nonce 0 and 1). */
export const LOCAL_TOKEN_ADDRESSES: Record<TokenAsset, Address> = {
  USDT: getContractAddress({ from: DEPLOYER, nonce: 0n }),
  USDC: getContractAddress({ from: DEPLOYER, nonce: 1n }),
};

/** A development account's address (index 0–4 hold test tokens); anvil signs for it, no key needed. */
export function devAccount(index: number): Address {
  return mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).address;
}

export interface LocalNode {
  network: EvmNetwork;
  chainId: number;
  rpcUrl: string;
  /** Ends the node; with a state file, anvil writes it first. */
  stop(): Promise<void>;
}

export interface LocalNodeOptions {
  network: EvmNetwork;
  /** 0 (default) lets the system pick a free port. */
  port?: number;
  /** Keep the chain in this file across restarts (`anvil --state`); none: the chain lives in memory. */
  statePath?: string;
  /** Mine a block every this many seconds; 0 (default): a block per transaction, plus `anvil_mine`. */
  blockSeconds?: number;
}

const STARTUP_TIMEOUT_MS = 15_000;

function anvilBinary(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string] ?? process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/**
 * Starts one node, waits until it listens, deploys the test tokens when its chain has none yet, and tops
 * up the hot wallet's tokens when they run low.
 */
export async function startLocalNode({ network, port = 0, statePath, blockSeconds = 0 }: LocalNodeOptions): Promise<LocalNode> {
  const chainId = EVM_CHAINS[network].localChainId;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)];
  if (statePath) {
    mkdirSync(path.dirname(statePath), { recursive: true });
    // Also written every 10 s, so a crash loses little.
    args.push('--state', statePath, '--state-interval', '10');
  }
  if (blockSeconds > 0) args.push('--block-time', String(blockSeconds));
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // A server that dies without stopping its nodes must not leave them holding the ports.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.off('exit', orphanGuard));
  const rpcUrl = await listeningUrl(child, network);
  const node: LocalNode = { network, chainId, rpcUrl, stop: () => stopChild(child) };
  try {
    await deployTestTokens(node);
    await fundHotWallet(node);
  } catch (error) {
    await node.stop();
    throw error;
  }
  return node;
}

function listeningUrl(child: ChildProcess, network: EvmNetwork): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`anvil (${network}) did not start within ${STARTUP_TIMEOUT_MS} ms`)), STARTUP_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.on('error', fail);
    child.on('exit', (code) => fail(new Error(`anvil (${network}) exited with ${code}: ${output.slice(-500)}`)));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on ([\d.]+):(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      // The node logs every request: keep draining its output, show none of it.
      child.stdout!.removeAllListeners('data').resume();
      child.stderr!.removeAllListeners('data').resume();
      resolve(`http://${match[1]}:${match[2]}`);
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function deployTestTokens(node: LocalNode): Promise<void> {
  const transport = http(node.rpcUrl);
  const client = createPublicClient({ transport });
  if (await client.getCode({ address: LOCAL_TOKEN_ADDRESSES.USDC })) return;
  const wallet = createWalletClient({ transport, account: DEPLOYER });
  const decimals = EVM_CHAINS[node.network].tokens.USDT.decimals;
  const supply = parseUnits(FUNDING, decimals) * BigInt(FUNDED_ACCOUNTS * 10);
  // Both deployments first (nonces 0 and 1), then the funding.
  for (const asset of TOKEN_ASSETS) {
    const hash = await wallet.deployContract({
      chain: null,
      abi: TOKEN_CONSTRUCTOR,
      bytecode: testToken.bytecode as Hex,
      args: [asset === 'USDT' ? 'Tether USD (local)' : 'USD Coin (local)', asset, decimals, supply],
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.contractAddress?.toLowerCase() !== LOCAL_TOKEN_ADDRESSES[asset].toLowerCase())
      throw new Error(`${asset} landed at ${receipt.contractAddress}, not ${LOCAL_TOKEN_ADDRESSES[asset]}: the deployer's nonce moved`);
  }
  // The hot wallet's share comes from fundHotWallet, right after.
  const funded = Array.from({ length: FUNDED_ACCOUNTS }, (_, index) => index);
  const transfers = TOKEN_ASSETS.flatMap((asset) =>
    funded.map((index) => ({ asset, to: devAccount(index), amount: parseUnits(FUNDING, decimals) })),
  );
  await sendTokens(node, transfers);
}

/**
 * Tops the hot wallet up to FUNDING of each test token it holds less than HOT_WALLET_LOW of, from the
 * deployer (the tokens mint nothing after deployment). A second start finds it funded and sends nothing.
 */
async function fundHotWallet(node: LocalNode): Promise<void> {
  const client = createPublicClient({ transport: http(node.rpcUrl) });
  const decimals = EVM_CHAINS[node.network].tokens.USDT.decimals;
  const hotWallet = devAccount(DEMO_HOT_WALLET_INDEX);
  const balances = await Promise.all(
    TOKEN_ASSETS.map((asset) =>
      client.readContract({ address: LOCAL_TOKEN_ADDRESSES[asset], abi: erc20Abi, functionName: 'balanceOf', args: [hotWallet] }),
    ),
  );
  const transfers = TOKEN_ASSETS.flatMap((asset, index) =>
    balances[index]! < parseUnits(HOT_WALLET_LOW, decimals)
      ? [{ asset, to: hotWallet, amount: parseUnits(FUNDING, decimals) - balances[index]! }]
      : [],
  );
  await sendTokens(node, transfers);
}

/** The deployer's token transfers, one after another (its nonces in order); resolves once the last is mined. */
async function sendTokens(node: LocalNode, transfers: Array<{ asset: TokenAsset; to: Address; amount: bigint }>): Promise<void> {
  const transport = http(node.rpcUrl);
  const wallet = createWalletClient({ transport, account: DEPLOYER });
  let last: Hex | undefined;
  for (const { asset, to, amount } of transfers) {
    last = await wallet.writeContract({
      chain: null,
      address: LOCAL_TOKEN_ADDRESSES[asset],
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
    });
  }
  if (last) await createPublicClient({ transport }).waitForTransactionReceipt({ hash: last, pollingInterval: 50 });
}

export interface LocalNodesOptions {
  /** State files go to `<dataDir>/chains/<network>.json`. */
  dataDir: string;
  /** The first node listens here, the others on the next ports; 0: free ports. */
  port: number;
  /**
   * The operator chose `port` (LOCAL_CHAIN_PORT): when one of the ports is taken, fail with
   * `LocalPortsTaken`. Otherwise (the default ports) the nodes move to the first of free consecutive ports.
   */
  fixedPort?: boolean;
  blockSeconds?: number;
}

/** The ports the operator chose for the local nodes are taken: a message for one line, no stack. */
export class LocalPortsTaken extends Error {}

const NODE_COUNT = EVM_NETWORK_CODES.length;

/** Whether `count` ports from `first` on are free on 127.0.0.1, where the nodes listen. */
async function portsFree(first: number, count: number): Promise<boolean> {
  for (let port = first; port < first + count; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (!free) return false;
  }
  return true;
}

/**
 * The first of `count` consecutive free ports on 127.0.0.1: consecutive because a second instance finds
 * the nodes from the first one's port (LOCAL_CHAINS=external).
 */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    if (first + count - 1 <= 65_535 && (await portsFree(first, count))) return first;
  }
  throw new Error(`found no ${count} consecutive free ports on 127.0.0.1`);
}

/** Where another instance's nodes listen (LOCAL_CHAINS=external): its first port and the next ones, as started below. */
export function externalLocalNodes(port: number): Pick<LocalNode, 'network' | 'rpcUrl'>[] {
  return EVM_NETWORK_CODES.map((network, index) => ({ network, rpcUrl: `http://127.0.0.1:${port + index}` }));
}

/**
 * The four chains' nodes, started together; stopping stops all. Answers the first node's port (0 when
 * free ports were asked for), which differs from `port` when the default ports were taken.
 */
export async function startLocalNodes({
  dataDir,
  port,
  fixedPort = false,
  blockSeconds,
}: LocalNodesOptions): Promise<{ nodes: LocalNode[]; port: number; stop(): Promise<void> }> {
  let first = port;
  for (let attempt = 1; ; attempt++) {
    if (first !== 0 && !(await portsFree(first, NODE_COUNT))) {
      if (fixedPort)
        throw new LocalPortsTaken(
          `LOCAL_CHAIN_PORT=${port}: the local chain nodes need ports ${port}–${port + NODE_COUNT - 1}, and one of them is taken. ` +
            'Stop what holds it, choose other ports, or set LOCAL_CHAIN_PORT=0 for free ones.',
        );
      first = await freePortRun(NODE_COUNT);
    }
    try {
      return { ...(await startNodes(dataDir, first, blockSeconds)), port: first };
    } catch (error) {
      // A port taken between the check and the node's start: check again (and move, or refuse).
      if (attempt === 3 || !/Address already in use/i.test(String(error))) throw error;
    }
  }
}

async function startNodes(
  dataDir: string,
  port: number,
  blockSeconds: number | undefined,
): Promise<{ nodes: LocalNode[]; stop(): Promise<void> }> {
  const started = await Promise.allSettled(
    EVM_NETWORK_CODES.map((network, index) =>
      startLocalNode({
        network,
        port: port === 0 ? 0 : port + index,
        statePath: path.join(dataDir, 'chains', `${network}.json`),
        blockSeconds,
      }),
    ),
  );
  const nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => void (await Promise.all(nodes.map((node) => node.stop())));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  return { nodes, stop };
}
