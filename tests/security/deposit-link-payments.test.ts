import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '../../contract/chains';
import { depositLinkSchema } from '../../contract/depositLinks';
import { createApp } from '../../server/app';
import { resolveChains } from '../../server/chains/chains';
import { devAccount, startLocalNode, type LocalNode } from '../../server/chains/localNodes';
import { createDepositWatcher } from '../../server/chains/watcher';
import { silentLogger } from '../../server/logger';
import { expectError, registerCustomer, TestClient, TestClock, testConfig, useTestDatabase } from '../server/helpers';

/**
 * Issue 21, item 6: anyone holding a deposit link may report the transaction that paid it. A
 * transaction to the same address mined before the link existed (visible to anyone on the chain) must
 * not mark the link paid; it stays a deposit like any other, credited as before. Reports are rate-limited.
 */

const db = useTestDatabase();
let node: LocalNode;
beforeAll(async () => {
  node = await startLocalNode({ network: 'base' });
}, 60_000);
afterAll(async () => {
  await node?.stop();
});

const anvil = () => createTestClient({ mode: 'anvil', transport: http(node.rpcUrl) });
const chainClient = () => createPublicClient({ transport: http(node.rpcUrl) });

async function sendUsdt(chain: Chain, to: string, amount: string, minedAt: Date) {
  const token = chain.tokens.find((candidate) => candidate.asset === 'USDT')!;
  await anvil().setNextBlockTimestamp({ timestamp: BigInt(Math.floor(minedAt.getTime() / 1000)) });
  const hash = await createWalletClient({ transport: http(node.rpcUrl), account: devAccount(0) }).writeContract({
    chain: null,
    address: token.address as Address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Address, parseUnits(amount, token.decimals)],
  });
  await chainClient().waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

describe('a deposit link counts only transactions mined after it was created', () => {
  it('an older transaction to the same address is reported: the link stays open, the deposit is credited as before', async () => {
    const config = testConfig();
    const chains = resolveChains(config.chains, [node]);
    const base = chains.find((chain) => chain.network === 'base')!;
    // The chain's time and the server's agree, as in production: the server clock starts after the chain's last block.
    const latest = await chainClient().getBlock();
    const clock = new TestClock(new Date(Number(latest.timestamp) * 1000 + 60_000));
    const app = createApp({ db: db.database.db, config, clock: clock.now, logger: silentLogger, chains, transport: async () => {} });
    const server = { app, clock, sent: [] };
    const customer = new TestClient(server);
    await registerCustomer(customer);
    const { address } = (await customer.get('/deposits/address?asset=USDT&network=base')).body as { address: string };
    const watcher = createDepositWatcher({ db: db.database.db, clock: clock.now, logger: silentLogger, chains: [base] });
    await watcher.runOnce();

    // Yesterday's deposit of exactly the amount, on the public chain for anyone to find.
    const old = await sendUsdt(base, address, '25', new Date(clock.now().getTime() - 30_000));
    await anvil().mine({ blocks: 2 });
    await watcher.runOnce();
    await watcher.runOnce();

    clock.advance(60);
    const link = depositLinkSchema.parse((await customer.post('/deposit-links', { asset: 'USDT', network: 'base', amount: '25' })).body);
    const payer = new TestClient(server);
    const report = async (txHash: string) => {
      const answer = await payer.post(`/deposit-links/${link.hash}/payments`, { txHash }, { token: null });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return depositLinkSchema.parse(answer.body);
    };
    expect(await report(old)).toMatchObject({ status: 'open', received: '0', remainder: '25' });

    // The payment itself, a minute after the link.
    const paid = await sendUsdt(base, address, '25', new Date(clock.now().getTime() + 60_000));
    clock.advance(120);
    expect(await report(paid)).toMatchObject({ status: 'open', received: '0' });
    await watcher.runOnce();
    expect((await payer.get(`/deposit-links/${link.hash}`, { token: null })).body).toMatchObject({ status: 'confirming' });
    await anvil().mine({ blocks: 2 });
    await watcher.runOnce();
    expect((await payer.get(`/deposit-links/${link.hash}`, { token: null })).body).toMatchObject({
      status: 'paid',
      received: '25',
      remainder: '0',
    });

    // Both transactions are the customer's deposits, credited as ever.
    const deposits = (await customer.get('/deposits?asset=USDT')).body.deposits as { txHash: string; status: string }[];
    expect(deposits.filter((deposit) => [old, paid].includes(deposit.txHash as `0x${string}`)).map((deposit) => deposit.status)).toEqual([
      'credited',
      'credited',
    ]);
  }, 60_000);
});

describe('reporting payments is rate-limited', () => {
  it('one address gets 429 rate_limited after 30 reports in 15 minutes, whichever links they name (known or not)', async () => {
    const config = testConfig();
    const chains = resolveChains(config.chains, [node]);
    const clock = new TestClock();
    const server = { app: createApp({ db: db.database.db, config, clock: clock.now, logger: silentLogger, chains }), clock, sent: [] };
    const customer = new TestClient(server);
    await registerCustomer(customer);
    const link = depositLinkSchema.parse((await customer.post('/deposit-links', { asset: 'USDT', network: 'base', amount: '1' })).body);
    const script = new TestClient(server);
    const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    // Guessing at links counts as much as reporting to one.
    for (let n = 1; n <= 30; n++)
      expectError(
        await script.post(`/deposit-links/${'A'.repeat(43)}/payments`, { txHash: tx(n) }, { token: null }),
        404,
        'deposit_link_not_found',
      );
    expectError(await script.post(`/deposit-links/${link.hash}/payments`, { txHash: tx(31) }, { token: null }), 429, 'rate_limited');
    // Another address is not slowed by this one.
    expect((await new TestClient(server).post(`/deposit-links/${link.hash}/payments`, { txHash: tx(1) }, { token: null })).status).toBe(
      200,
    );
    clock.advance(15 * 60);
    expect((await script.post(`/deposit-links/${link.hash}/payments`, { txHash: tx(1) }, { token: null })).status).toBe(200);
  });
});
