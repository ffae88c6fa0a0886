import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '../../contract/chains';
import { depositLinkSchema } from '../../contract/depositLinks';
import { chainDepositsSchema, depositAddressSchema } from '../../contract/deposits';
import { createApp } from '../../server/app';
import { DEMO_DEPOSIT_MNEMONIC } from '../../server/chains/addresses';
import { resolveChains } from '../../server/chains/chains';
import { ANVIL_MNEMONIC, devAccount, startLocalNode, type LocalNode } from '../../server/chains/localNodes';
import { createDepositWatcher, toAssetAmount } from '../../server/chains/watcher';
import { loadConfig } from '../../server/config';
import { silentLogger } from '../../server/logger';
import {
  createTestServer,
  expectError,
  registerCustomer,
  testConfig,
  TestClient,
  TestClock,
  PRODUCTION_ENV,
  useTestDatabase,
  type TestServer,
} from './helpers';

const db = useTestDatabase();
const sqlRows = <Row>(text: string, params?: unknown[]) => db.owner.transaction((session) => session.query<Row>(text, params));

/** A server whose chains are these local nodes' (confirmations 2, as in the e2e run). */
function serverOn(nodes: readonly LocalNode[]): { server: TestServer; chains: Chain[] } {
  const config = testConfig();
  const chains = resolveChains(config.chains, nodes);
  const clock = new TestClock();
  const app = createApp({ db: db.database.db, config, clock: clock.now, logger: silentLogger, chains, transport: async () => {} });
  return { server: { app, clock, sent: [] }, chains };
}

async function customer(server: TestServer) {
  const client = new TestClient(server);
  const { email } = await registerCustomer(client);
  const [user] = await sqlRows<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return { client, userId: user!.id };
}

async function addressOf(client: TestClient, asset: string, network: string) {
  const answer = await client.get(`/deposits/address?asset=${asset}&network=${network}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return depositAddressSchema.parse(answer.body);
}

const balance = async (userId: string, asset: string) =>
  (
    await sqlRows<{ balance: string }>(
      `SELECT balance::text AS balance FROM accounts WHERE user_id = $1 AND kind = 'crypto' AND currency = $2`,
      [userId, asset],
    )
  )[0]?.balance.replace(/\.?0+$/, '') ?? '0';
const depositRows = (userId: string) =>
  sqlRows<{ status: string; amount: string; dust: string; activity: string; transactions: number }>(
    `SELECT d.status, d.amount::text, d.dust::text, a.status AS activity,
            (SELECT count(*)::int FROM ledger_transactions t WHERE t.id = d.transaction_id) AS transactions
       FROM chain_deposits d JOIN activities a ON a.id = d.activity_id WHERE d.user_id = $1 ORDER BY d.seen_at`,
    [userId],
  );

describe('deposit addresses', () => {
  it("derive per customer from the extended public key at m/44'/60'/1'/0/n, never a development account, the same on every call", async () => {
    const server = createTestServer(db);
    const first = await customer(server);
    const second = await customer(server);
    const one = await addressOf(first.client, 'USDT', 'base');
    expect(await addressOf(first.client, 'USDT', 'base')).toEqual(one);
    // One index per customer: the same address on every EVM chain, another customer's differs.
    expect((await addressOf(first.client, 'ETH', 'ethereum')).address).toBe(one.address);
    const other = await addressOf(second.client, 'USDT', 'base');
    expect(other.address).not.toBe(one.address);

    const [{ index }] = (await sqlRows<{ index: number }>('SELECT derivation_index AS index FROM deposit_indexes WHERE user_id = $1', [
      first.userId,
    ])) as [{ index: number }];
    expect(one.address).toBe(mnemonicToAccount(DEMO_DEPOSIT_MNEMONIC, { accountIndex: 1, addressIndex: index }).address);
    const developmentAccounts = Array.from({ length: 20 }, (_, i) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: i }).address);
    expect(developmentAccounts).not.toContain(one.address);

    expect(one).toMatchObject({ chainId: 8453, local: false, minimum: '1', confirmations: 2 });
    expect(one.paymentUri).toBe(`ethereum:0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2@8453/transfer?address=${one.address}`);
    expect((await addressOf(first.client, 'ETH', 'base')).paymentUri).toBe(`ethereum:${one.address}@8453`);
  }, 60_000);

  it('gives BTC a BIP-84 address (test network in demo mode) and refuses a network the asset is not received over', async () => {
    const server = createTestServer(db);
    const { client } = await customer(server);
    const btc = await addressOf(client, 'BTC', 'bitcoin');
    expect(btc.address).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    expect(btc).toMatchObject({ chainId: null, confirmations: null, paymentUri: `bitcoin:${btc.address}` });
    expectError(await client.get('/deposits/address?asset=BNB&network=base'), 422, 'network_not_supported');
    expectError(await client.get('/deposits/address?asset=DOGE&network=base'), 422, 'validation_failed');
    expectError(await client.get('/deposits/address?asset=USDT&network=base', { token: null }), 401, 'unauthorized');
  });

  it("is off without deposit keys, and production refuses the test mnemonic's keys", async () => {
    const server = createTestServer(db, { config: { deposits: undefined } });
    const { client } = await customer(server);
    expectError(await client.get('/deposits/address?asset=USDT&network=base'), 503, 'deposits_unavailable');

    const keys = loadConfig({ AUTH_SECRET: 's'.repeat(32) }).deposits!;
    const production = PRODUCTION_ENV;
    expect(() => loadConfig({ ...production, DEPOSIT_XPUB_EVM: keys.evm, DEPOSIT_XPUB_BTC: keys.btc })).toThrow(/test mnemonic/);
    expect(loadConfig(production).deposits).toBeUndefined();
    expect(() => loadConfig({ ...production, DEPOSIT_XPUB_EVM: 'xprv-nope', DEPOSIT_XPUB_BTC: keys.btc })).toThrow(/extended public key/);
  });

  it("converts 18-decimal tokens to the asset's 6 and keeps the rest as dust", () => {
    expect(toAssetAmount(parseUnits('5.123456789', 18), 18, 'USDT')).toEqual({ amount: '5.123456', dust: '0.000000789' });
    expect(toAssetAmount(parseUnits('5.25', 6), 6, 'USDC')).toEqual({ amount: '5.25', dust: '0' });
  });
});

describe('the deposit watcher', () => {
  let base: LocalNode;
  let bsc: LocalNode;
  beforeAll(async () => {
    [base, bsc] = await Promise.all([startLocalNode({ network: 'base' }), startLocalNode({ network: 'bsc' })]);
  });
  afterAll(async () => {
    await Promise.all([base?.stop(), bsc?.stop()]);
  });

  const mine = (node: LocalNode, blocks: number) => createTestClient({ mode: 'anvil', transport: http(node.rpcUrl) }).mine({ blocks });
  async function sendToken(node: LocalNode, chain: Chain, asset: 'USDT' | 'USDC', to: string, amount: string, from = devAccount(0)) {
    const token = chain.tokens.find((candidate) => candidate.asset === asset)!;
    const wallet = createWalletClient({ transport: http(node.rpcUrl), account: from });
    const hash = await wallet.writeContract({
      chain: null,
      address: token.address as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Address, parseUnits(amount, token.decimals)],
    });
    await createPublicClient({ transport: http(node.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return hash;
  }

  it('records a USDT transfer on Base as pending at once and credits it once at the confirmation depth, across a restart', async () => {
    const { server, chains } = serverOn([base]);
    const baseChain = chains.find((chain) => chain.network === 'base')!;
    const { client, userId } = await customer(server);
    const { address } = await addressOf(client, 'USDT', 'base');
    const watcher = () => createDepositWatcher({ db: db.database.db, clock: server.clock.now, logger: silentLogger, chains: [baseChain] });
    const first = watcher();
    await first.runOnce();

    const hash = await sendToken(base, baseChain, 'USDT', address, '25.5');
    await first.runOnce();
    expect(await depositRows(userId)).toEqual([
      { status: 'pending', amount: '25.500000000000000000', dust: '0.000000000000000000', activity: 'pending', transactions: 0 },
    ]);
    expect(await balance(userId, 'USDT')).toBe('0');
    const pending = chainDepositsSchema.parse((await client.get('/deposits?asset=USDT')).body).deposits;
    expect(pending).toEqual([expect.objectContaining({ txHash: hash, status: 'pending', amount: '25.50', confirmations: 1, required: 2 })]);
    const activities = (await client.get('/activities')).body.items;
    expect(activities[0]).toMatchObject({ type: 'deposit', status: 'pending', reference: hash, currency: 'USDT' });

    // Another instance takes over mid-confirmation (the first one's work is in the database only).
    const second = watcher();
    await mine(base, 1);
    await Promise.all([second.runOnce(), first.runOnce()]);
    await second.runOnce();
    expect(await depositRows(userId)).toEqual([expect.objectContaining({ status: 'credited', activity: 'completed', transactions: 1 })]);
    expect(await balance(userId, 'USDT')).toBe('25.5');
    const credited = chainDepositsSchema.parse((await client.get('/deposits?asset=USDT')).body).deposits;
    expect(credited[0]).toMatchObject({ status: 'credited', confirmations: 2 });
  });

  it('counts what a deposit link was paid: confirming, underpaid with the remainder, then overpaid; other transactions count for nothing', async () => {
    const { server, chains } = serverOn([base]);
    const baseChain = chains.find((chain) => chain.network === 'base')!;
    const { client } = await customer(server);
    const other = await customer(server);
    const { address } = await addressOf(client, 'USDT', 'base');
    const { address: elsewhere } = await addressOf(other.client, 'USDT', 'base');
    const watcher = createDepositWatcher({ db: db.database.db, clock: server.clock.now, logger: silentLogger, chains: [baseChain] });
    await watcher.runOnce();
    const link = depositLinkSchema.parse((await client.post('/deposit-links', { asset: 'USDT', network: 'base', amount: '25' })).body);
    const visitor = new TestClient(server);
    const report = async (txHash: string) => {
      const answer = await visitor.post(`/deposit-links/${link.hash}/payments`, { txHash }, { token: null });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return depositLinkSchema.parse(answer.body);
    };
    const read = async () => depositLinkSchema.parse((await visitor.get(`/deposit-links/${link.hash}`, { token: null })).body);

    const part = await sendToken(base, baseChain, 'USDT', address, '20');
    expect(await report(part)).toMatchObject({ status: 'open', received: '0', remainder: '25' });
    await watcher.runOnce();
    expect(await read()).toMatchObject({ status: 'confirming', received: '0', remainder: '25' });
    await mine(base, 1);
    await watcher.runOnce();
    expect(await read()).toMatchObject({ status: 'underpaid', received: '20', remainder: '5' });

    // A deposit to someone else's address, and one to this address the link's payer did not report.
    expect(await report(await sendToken(base, baseChain, 'USDT', elsewhere, '7'))).toMatchObject({ received: '20' });
    await sendToken(base, baseChain, 'USDT', address, '3');
    const rest = await sendToken(base, baseChain, 'USDT', address, '5.5');
    await report(rest);
    await mine(base, 1);
    await watcher.runOnce();
    await watcher.runOnce();
    expect(await read()).toMatchObject({ status: 'overpaid', received: '25.5', remainder: '0' });
  });

  it("credits native coins and BNB Smart Chain's 18-decimal USDT in 6 decimals with the dust recorded", async () => {
    const { server, chains } = serverOn([bsc]);
    const bscChain = chains.find((chain) => chain.network === 'bsc')!;
    const { client, userId } = await customer(server);
    const { address } = await addressOf(client, 'USDT', 'bsc');
    const watcher = createDepositWatcher({ db: db.database.db, clock: server.clock.now, logger: silentLogger, chains: [bscChain] });
    await watcher.runOnce();
    await sendToken(bsc, bscChain, 'USDT', address, '5.123456789');
    const wallet = createWalletClient({ transport: http(bsc.rpcUrl), account: devAccount(1) });
    await wallet.sendTransaction({ chain: null, to: address as Address, value: parseEther('0.5') });
    // Below the minimum (1 USDT): not recorded.
    await sendToken(bsc, bscChain, 'USDT', address, '0.5');
    await mine(bsc, 2);
    await watcher.runOnce();
    await watcher.runOnce();
    const rows = await depositRows(userId);
    expect(rows.map(({ status, amount, dust }) => ({ status, amount, dust }))).toEqual(
      expect.arrayContaining([
        { status: 'credited', amount: '5.123456000000000000', dust: '0.000000789000000000' },
        { status: 'credited', amount: '0.500000000000000000', dust: '0.000000000000000000' },
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(await balance(userId, 'USDT')).toBe('5.123456');
    expect(await balance(userId, 'BNB')).toBe('0.5');
  });

  it('never credits a deposit whose block was reorganised away (snapshot, deposit, revert, mine) on a node of its own', async () => {
    const node = await startLocalNode({ network: 'base' });
    try {
      const { server, chains } = serverOn([node]);
      const chain = chains.find((candidate) => candidate.network === 'base')!;
      const { client, userId } = await customer(server);
      const { address } = await addressOf(client, 'USDC', 'base');
      const watcher = createDepositWatcher({ db: db.database.db, clock: server.clock.now, logger: silentLogger, chains: [chain] });
      await watcher.runOnce();
      const test = createTestClient({ mode: 'anvil', transport: http(node.rpcUrl) });
      const snapshot = await test.snapshot();
      await sendToken(node, chain, 'USDC', address, '40');
      await watcher.runOnce();
      expect((await depositRows(userId))[0]).toMatchObject({ status: 'pending', activity: 'pending' });

      await test.revert({ id: snapshot });
      await test.mine({ blocks: 4 });
      await watcher.runOnce();
      await watcher.runOnce();
      expect(await depositRows(userId)).toEqual([expect.objectContaining({ status: 'dropped', activity: 'cancelled', transactions: 0 })]);
      expect(await balance(userId, 'USDC')).toBe('0');
    } finally {
      await node.stop();
    }
  });
});
