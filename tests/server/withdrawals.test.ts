import { randomUUID } from 'node:crypto';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  formatEther,
  http,
  parseTransaction,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TokenAsset } from '../../contract/chainList';
import type { Chain } from '../../contract/chains';
import {
  withdrawalAddressSchema,
  withdrawalQuoteSchema,
  withdrawalSchema,
  type Withdrawal,
  type WithdrawalNetwork,
} from '../../contract/withdrawals';
import { createApp } from '../../server/app';
import { publicClientOf, resolveChains } from '../../server/chains/chains';
import { demoHotWalletKey, hotWalletAccount } from '../../server/chains/hotWallet';
import { devAccount, LOCAL_TOKEN_ADDRESSES, startLocalNode, type LocalNode } from '../../server/chains/localNodes';
import { createWithdrawalSigner, SIGNER_LOCK_KEY, type SignerDeps } from '../../server/chains/signer';
import { checkedEvmAddress } from '../../server/chains/withdrawals';
import type { Config } from '../../server/config';
import { silentLogger, type Logger } from '../../server/logger';
import { auditLedger } from '../../server/services/audit';
import { expectError, POSTGRES_URL, stepUp, testConfig, TestClock, useTestDatabase, type TestServer } from './helpers';
import { fund } from './payLinkHelpers';
import { withdrawalHelpers } from './withdrawalHelpers';

const db = useTestDatabase();
const { sqlRows, customer, expectLedgerBalanced } = withdrawalHelpers(db);

let node: LocalNode;
/** BNB Smart Chain's node: its USDT and USDC keep 18 decimals. */
let bsc: LocalNode;
beforeAll(async () => {
  [node, bsc] = await Promise.all([startLocalNode({ network: 'ethereum' }), startLocalNode({ network: 'bsc' })]);
});
afterAll(async () => {
  await Promise.all([node?.stop(), bsc?.stop()]);
});

/** A server whose Ethereum is the local node (confirmations 2), and a signer (`restart` makes another, as a new process would). */
/** A new customer with 1 ETH who asked to withdraw 0.1 of it to a fresh saved address. */
async function pendingWithdrawal(server: TestServer) {
  const who = await customer(server);
  await fund(db, who.userId, 'ETH', '1');
  const to = freshAddress();
  const withdrawal = await withdraw(who, (await saveAddress(who, to)).id, '0.1');
  return { who, to, withdrawal };
}

function serverOn(overrides: Partial<Config> = {}) {
  const config = testConfig(overrides);
  const chains = resolveChains(config.chains, [node, bsc]);
  const clock = new TestClock();
  const app = createApp({ db: db.database.db, config, clock: clock.now, logger: silentLogger, chains, transport: async () => {} });
  const restart = (deps: Partial<SignerDeps> = {}) =>
    createWithdrawalSigner({
      db: db.database.db,
      clock: clock.now,
      logger: silentLogger,
      chains,
      account: hotWalletAccount(demoHotWalletKey()),
      replaceAfterSeconds: config.withdrawals.replaceAfterSeconds,
      maxFeeMultiple: config.withdrawals.maxFeeMultiple,
      ...deps,
    });
  const server: TestServer = { app, clock, sent: [] };
  return { server, signer: restart(), restart };
}

/** A client of the chain whose sends do `instead`: the process dies before (or after) the transaction reaches the node. */
const sendsDo =
  (instead: (send: PublicClient['sendRawTransaction'], raw: Parameters<PublicClient['sendRawTransaction']>[0]) => Promise<Hash>) =>
  (of: Chain): PublicClient => {
    const client = publicClientOf(of);
    return { ...client, sendRawTransaction: (raw) => instead(client.sendRawTransaction, raw) };
  };
const killed = () => Promise.reject(new Error('the process died'));

type Customer = Awaited<ReturnType<typeof customer>>;

const chain = (on: LocalNode = node) => createPublicClient({ transport: http(on.rpcUrl) });
const anvil = (on: LocalNode = node) => createTestClient({ mode: 'anvil', transport: http(on.rpcUrl) });
const mine = (blocks: number, on: LocalNode = node) => anvil(on).mine({ blocks });
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const balanceOf = async (userId: string, asset = 'ETH') =>
  (
    await sqlRows<{ balance: string }>(`SELECT balance::text AS balance FROM accounts WHERE user_id = $1 AND currency = $2`, [
      userId,
      asset,
    ])
  )[0]!.balance.replace(/\.?0+$/, '');

async function saveAddress(who: Customer, address: string = freshAddress(), network: WithdrawalNetwork = 'ethereum') {
  await stepUp(who.client, 'withdrawal.address', who.phone);
  const answer = await who.client.post('/withdrawal-addresses', {
    network,
    address: address.toLowerCase(),
    label: 'Cold wallet',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return withdrawalAddressSchema.parse(answer.body);
}

async function withdraw(who: Customer, addressId: string, amount: string, asset = 'ETH'): Promise<Withdrawal> {
  const quoted = await who.client.post('/withdrawals/quotes', { asset, addressId, amount });
  expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
  const quote = withdrawalQuoteSchema.parse(quoted.body);
  await stepUp(who.client, 'withdrawal', who.phone);
  const answer = await who.client.post('/withdrawals', { quoteId: quote.id }, { headers: { 'idempotency-key': randomUUID() } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return withdrawalSchema.parse(answer.body);
}

/** Market prices as of the server's clock, so a token's fee (the native coin's gas converted) is exact. */
async function setPrices(server: TestServer, prices: Record<string, string>) {
  for (const [asset, usd] of Object.entries(prices)) {
    await sqlRows(
      `INSERT INTO rates (asset, usd, updated_at, source) VALUES ($1, $2, $3, 'admin')
       ON CONFLICT (asset) DO UPDATE SET usd = EXCLUDED.usd, updated_at = EXCLUDED.updated_at`,
      [asset, usd, server.clock.now()],
    );
  }
}

const tokenBalance = (on: LocalNode, asset: TokenAsset, address: Address) =>
  chain(on).readContract({ address: LOCAL_TOKEN_ADDRESSES[asset], abi: erc20Abi, functionName: 'balanceOf', args: [address] });

/** Moves all of the hot wallet's `asset` to development account 0 (as an operator might); answers how much, to move back. */
async function drainHotWallet(on: LocalNode, asset: TokenAsset): Promise<bigint> {
  const held = await tokenBalance(on, asset, hot);
  const wallet = createWalletClient({ account: hotWalletAccount(demoHotWalletKey()), transport: http(on.rpcUrl) });
  const hash = await wallet.writeContract({
    chain: null,
    address: LOCAL_TOKEN_ADDRESSES[asset],
    abi: erc20Abi,
    functionName: 'transfer',
    args: [devAccount(0), held],
  });
  await chain(on).waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return held;
}

async function refundHotWallet(on: LocalNode, asset: TokenAsset, amount: bigint) {
  const wallet = createWalletClient({ account: devAccount(0), transport: http(on.rpcUrl) });
  const hash = await wallet.writeContract({
    chain: null,
    address: LOCAL_TOKEN_ADDRESSES[asset],
    abi: erc20Abi,
    functionName: 'transfer',
    args: [hot, amount],
  });
  await chain(on).waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

const hot = hotWalletAccount(demoHotWalletKey()).address;

/** The transactions signed for a withdrawal, oldest first. */
const transactionsOf = (id: string) =>
  sqlRows<{ hash: string; raw: Hex; max_fee_per_gas: string; max_priority_fee_per_gas: string }>(
    `SELECT hash, raw, max_fee_per_gas::text, max_priority_fee_per_gas::text FROM withdrawal_transactions
      WHERE withdrawal_id = $1 ORDER BY signed_at, hash`,
    [id],
  );

const rowOf = async (id: string) =>
  (
    await sqlRows<{ status: string; nonce: string | null; tx_hash: string | null; activity: string; reference: string | null }>(
      `SELECT w.status, w.nonce::text, w.tx_hash, a.status AS activity, a.reference
         FROM withdrawals w JOIN activities a ON a.id = w.activity_id WHERE w.id = $1`,
      [id],
    )
  )[0]!;

describe('EVM addresses', () => {
  it('are checksummed; a mistyped character in a checksummed one is told apart from a malformed one', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(checkedEvmAddress(address.toLowerCase())).toBe(address);
    expect(checkedEvmAddress(address)).toBe(address);
    expect(() => checkedEvmAddress('0x52908400098527886E0F7030069857D2E4169Ee7')).toThrow(
      expect.objectContaining({ code: 'address_checksum_invalid' }),
    );
    for (const bad of ['0x5290840009852788', '52908400098527886E0F7030069857D2E4169EE7', '0xZZ908400098527886E0F7030069857D2E4169EE7'])
      expect(() => checkedEvmAddress(bad)).toThrow(expect.objectContaining({ code: 'address_invalid' }));
  });
});

describe('the address book', () => {
  it('adds with a step-up, refuses bad and wrong-checksum addresses without spending it, labels and removes', async () => {
    const { server } = serverOn();
    const who = await customer(server);
    const typed = { network: 'ethereum', address: '0x52908400098527886E0F7030069857D2E4169EE7', label: 'Ledger' };
    expectError(await who.client.post('/withdrawal-addresses', typed), 403, 'step_up_required');

    await stepUp(who.client, 'withdrawal.address', who.phone);
    expectError(await who.client.post('/withdrawal-addresses', { ...typed, address: '0x1234' }), 422, 'address_invalid');
    expectError(
      await who.client.post('/withdrawal-addresses', { ...typed, address: '0x52908400098527886E0F7030069857D2E4169Ee7' }),
      422,
      'address_checksum_invalid',
    );
    // An EVM address on Bitcoin is no Bitcoin address.
    expectError(await who.client.post('/withdrawal-addresses', { ...typed, network: 'bitcoin' }), 422, 'address_invalid');
    expectError(await who.client.post('/withdrawal-addresses', { ...typed, network: 'litecoin' }), 422, 'validation_failed');
    expectError(await who.client.post('/withdrawal-addresses', { ...typed, label: 'a\u0000b' }), 422, 'validation_failed');
    // The grant survived the refusals and is spent by the one address saved.
    const saved = await who.client.post('/withdrawal-addresses', { ...typed, address: typed.address.toLowerCase() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ address: typed.address, label: 'Ledger', usableAt: saved.body.createdAt });
    expectError(await who.client.post('/withdrawal-addresses', typed), 403, 'step_up_required');
    await stepUp(who.client, 'withdrawal.address', who.phone);
    expectError(await who.client.post('/withdrawal-addresses', typed), 409, 'address_exists');

    const renamed = await who.client.request('PATCH', `/withdrawal-addresses/${saved.body.id}`, { body: { label: 'Hardware' } });
    expect(renamed.body.label).toBe('Hardware');
    expect((await who.client.get('/withdrawal-addresses')).body.addresses).toHaveLength(1);
    const removed = await who.client.request('DELETE', `/withdrawal-addresses/${saved.body.id}`);
    expect(removed.body).toMatchObject({ addresses: [] });
  });

  it("never lets a customer see, rename, remove or withdraw to another customer's address", async () => {
    const { server } = serverOn();
    const owner = await customer(server);
    const attacker = await customer(server);
    const saved = await saveAddress(owner);
    await fund(db, attacker.userId, 'ETH', '1');
    expect((await attacker.client.get('/withdrawal-addresses')).body).toMatchObject({ addresses: [] });
    for (const id of [saved.id, randomUUID(), 'not-a-uuid']) {
      expectError(
        await attacker.client.request('PATCH', `/withdrawal-addresses/${id}`, { body: { label: 'mine' } }),
        404,
        'address_not_found',
      );
      expectError(await attacker.client.request('DELETE', `/withdrawal-addresses/${id}`), 404, 'address_not_found');
    }
    expectError(
      await attacker.client.post('/withdrawals/quotes', { asset: 'ETH', addressId: saved.id, amount: '0.1' }),
      404,
      'address_not_found',
    );
    expect((await owner.client.get('/withdrawal-addresses')).body.addresses).toHaveLength(1);
  });

  it('keeps a new address unusable for the cooling-off period', async () => {
    const { server } = serverOn({
      withdrawals: { ...testConfig().withdrawals, coolingOffSeconds: 600 },
    });
    const who = await customer(server);
    await fund(db, who.userId, 'ETH', '1');
    const saved = await saveAddress(who);
    const body = { asset: 'ETH', addressId: saved.id, amount: '0.1' };
    const early = await who.client.post('/withdrawals/quotes', body);
    expectError(early, 409, 'address_cooling_off', ['usableAt']);
    expect(early.body.error.fields.usableAt).toBe(saved.usableAt);
    server.clock.advance(600);
    expect((await who.client.post('/withdrawals/quotes', body)).status).toBe(201);
  });
});

describe('a quote', () => {
  // One row per kind of withdrawal: a native coin, a token (its fee priced in it), and Bitcoin (a configured fee).
  it.each([
    {
      asset: 'ETH',
      network: 'ethereum',
      address: freshAddress(),
      tooPrecise: '0.1234567890123456789',
      tooSmall: '0.0001',
      notThere: 'BNB',
    },
    { asset: 'USDT', network: 'ethereum', address: freshAddress(), tooPrecise: '12.1234567', tooSmall: '5', notThere: 'BNB' },
    {
      asset: 'BTC',
      network: 'bitcoin',
      address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      tooPrecise: '0.000500001',
      tooSmall: '0.0004',
      notThere: 'ETH',
    },
  ] as const)('of $asset refuses too many decimals, less than the minimum, and an asset its network does not carry', async (row) => {
    const { server } = serverOn();
    await setPrices(server, { ETH: '3000', [row.asset]: row.asset === 'ETH' ? '3000' : '1' });
    const who = await customer(server);
    await fund(db, who.userId, row.asset, '100');
    const saved = await saveAddress(who, row.address, row.network);
    const quote = (asset: string, amount: string) => who.client.post('/withdrawals/quotes', { asset, addressId: saved.id, amount });
    expectError(await quote(row.asset, row.tooPrecise), 422, 'amount_too_precise');
    expectError(await quote(row.asset, row.tooSmall), 422, 'amount_too_small', ['minimum']);
    expectError(await quote(row.notThere, '1'), 422, 'network_not_supported');
  });
});

describe('a withdrawal', () => {
  it('quotes the fee from the chain, holds the amount, is broadcast with its hash, and confirms', async () => {
    const { server, signer } = serverOn();
    const who = await customer(server);
    await fund(db, who.userId, 'ETH', '1');
    const to = freshAddress();
    const saved = await saveAddress(who, to);

    const quote = withdrawalQuoteSchema.parse(
      (await who.client.post('/withdrawals/quotes', { asset: 'ETH', addressId: saved.id, amount: '0.1' })).body,
    );
    expect(Number(quote.fee)).toBeGreaterThan(0);
    expect(quote).toMatchObject({ amount: '0.10', network: 'ethereum', address: saved.address, minimum: MIN_ETH });

    // Without the step-up nothing moves.
    expectError(
      await who.client.post('/withdrawals', { quoteId: quote.id }, { headers: { 'idempotency-key': randomUUID() } }),
      403,
      'step_up_required',
    );
    await stepUp(who.client, 'withdrawal', who.phone);
    const key = randomUUID();
    const created = await who.client.post('/withdrawals', { quoteId: quote.id }, { headers: { 'idempotency-key': key } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const withdrawal = withdrawalSchema.parse(created.body);
    expect(withdrawal).toMatchObject({ status: 'pending', txHash: null, received: quote.received });
    expect(await balanceOf(who.userId)).toBe('0.9');
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'pending', activity: 'pending' });

    // A double tap (same key) answers the first answer; the same key for another body is refused.
    const again = await who.client.post('/withdrawals', { quoteId: quote.id }, { headers: { 'idempotency-key': key } });
    expect(again.body).toEqual(created.body);
    expectError(
      await who.client.post('/withdrawals', { quoteId: randomUUID() }, { headers: { 'idempotency-key': key } }),
      422,
      'idempotency_key_reused',
    );
    await stepUp(who.client, 'withdrawal', who.phone);
    expectError(
      await who.client.post('/withdrawals', { quoteId: quote.id }, { headers: { 'idempotency-key': randomUUID() } }),
      409,
      'quote_used',
    );
    expect(await balanceOf(who.userId)).toBe('0.9');

    await signer.runOnce();
    const sent = await rowOf(withdrawal.id);
    expect(sent).toMatchObject({ status: 'broadcast', activity: 'pending', reference: sent.tx_hash });
    expect(sent.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // One block (its own) is not the 2 confirmations yet.
    await signer.runOnce();
    expect((await rowOf(withdrawal.id)).status).toBe('broadcast');
    await mine(1);
    await signer.runOnce();
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'confirmed', activity: 'completed', reference: sent.tx_hash });
    expect(formatEther(await chain().getBalance({ address: to as Address }))).toBe(quote.received);
    const shown = await who.client.get(`/withdrawals/${withdrawal.id}`);
    expect(shown.body).toMatchObject({ status: 'confirmed', txHash: sent.tx_hash, explorerUrl: null });
  }, 60_000);

  it('more than the balance or the limit is refused at the quote, and at the withdrawal before any step-up is asked for', async () => {
    const { server } = serverOn();
    await setPrices(server, { ETH: '3000' });
    const who = await customer(server);
    await fund(db, who.userId, 'ETH', '0.1');
    const saved = await saveAddress(who);
    const quote = (amount: string) => who.client.post('/withdrawals/quotes', { asset: 'ETH', addressId: saved.id, amount });
    expectError(await quote('0.100000000000000001'), 409, 'insufficient_funds');

    // A quote the balance covered, then the money left by another withdrawal: refused, not answered
    // `step_up_required`, so the app never has a code sent for it; a grant already given stays unspent.
    const covered = withdrawalQuoteSchema.parse((await quote('0.06')).body);
    await withdraw(who, saved.id, '0.06');
    const confirm = () => who.client.post('/withdrawals', { quoteId: covered.id }, { headers: { 'idempotency-key': randomUUID() } });
    expectError(await confirm(), 409, 'insufficient_funds');
    await stepUp(who.client, 'withdrawal', who.phone);
    expectError(await confirm(), 409, 'insufficient_funds');
    const grants = `SELECT count(*)::int AS n FROM step_ups WHERE user_id = $1 AND action = 'withdrawal' AND granted_at IS NOT NULL`;
    expect(await sqlRows(grants, [who.userId])).toEqual([{ n: 1 }]);
    expect(await balanceOf(who.userId)).toBe('0.04');

    await fund(db, who.userId, 'ETH', '999');
    expectError(await quote('999'), 409, 'limit_exceeded', ['operation', 'period', 'left']);
  }, 60_000);

  it("refuses another customer's quote and withdrawal, and made-up ids", async () => {
    const { server } = serverOn();
    const owner = await customer(server);
    const attacker = await customer(server);
    await fund(db, owner.userId, 'ETH', '1');
    await fund(db, attacker.userId, 'ETH', '1');
    const saved = await saveAddress(owner);
    const quote = (await owner.client.post('/withdrawals/quotes', { asset: 'ETH', addressId: saved.id, amount: '0.1' })).body;
    await stepUp(attacker.client, 'withdrawal', attacker.phone);
    expectError(
      await attacker.client.post('/withdrawals', { quoteId: quote.id }, { headers: { 'idempotency-key': randomUUID() } }),
      404,
      'quote_not_found',
    );
    const withdrawal = await withdraw(owner, saved.id, '0.1');
    expectError(await attacker.client.get(`/withdrawals/${withdrawal.id}`), 404, 'withdrawal_not_found');
    expectError(await attacker.client.get('/withdrawals/not-a-uuid'), 404, 'withdrawal_not_found');
    expect(await balanceOf(attacker.userId)).toBe('1');
  }, 60_000);

  it('fails when the node refuses it, and a reversing transaction returns the held amount', async () => {
    const { server, signer } = serverOn();
    const who = await customer(server);
    await fund(db, who.userId, 'ETH', '1');
    const saved = await saveAddress(who);
    const withdrawal = await withdraw(who, saved.id, '0.1');
    expect(await balanceOf(who.userId)).toBe('0.9');
    const funds = await chain().getBalance({ address: hot });
    await anvil().setBalance({ address: hot, value: 0n });
    try {
      await signer.runOnce();
    } finally {
      await anvil().setBalance({ address: hot, value: funds });
    }
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'failed', activity: 'failed', nonce: null });
    expect(await balanceOf(who.userId)).toBe('1');
    expect((await who.client.get(`/withdrawals/${withdrawal.id}`)).body.status).toBe('failed');
    expect(await auditLedger(db.database.db)).toEqual([]);
  }, 60_000);

  it('20 at once each hold once, go out with 20 distinct nonces, confirm, and the ledger sums to zero', async () => {
    const { server, signer } = serverOn();
    const customers = await Promise.all(Array.from({ length: 20 }, () => customer(server)));
    const ready = await Promise.all(
      customers.map(async (who) => {
        await fund(db, who.userId, 'ETH', '0.05');
        const saved = await saveAddress(who);
        const quote = (await who.client.post('/withdrawals/quotes', { asset: 'ETH', addressId: saved.id, amount: '0.01' })).body;
        await stepUp(who.client, 'withdrawal', who.phone);
        return { who, quote };
      }),
    );
    // Each confirm is double-tapped with its key, all at once.
    const answers = await Promise.all(
      ready.flatMap(({ who, quote }) => {
        const headers = { 'idempotency-key': randomUUID() };
        return [
          who.client.post('/withdrawals', { quoteId: quote.id }, { headers }),
          who.client.post('/withdrawals', { quoteId: quote.id }, { headers }),
        ];
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(201));
    for (const who of customers) expect(await balanceOf(who.userId)).toBe('0.04');

    // Two rounds at once (two instances' signers) still share one nonce sequence.
    await Promise.all([signer.runOnce(), signer.runOnce()]);
    const ids = [...new Set(answers.map((answer) => answer.body.id as string))];
    expect(ids).toHaveLength(20);
    const rows = await Promise.all(ids.map(rowOf));
    // Each sent transaction is mined in a block of its own: the later ones already confirm the first.
    expect(rows.every((row) => row.status === 'broadcast' || row.status === 'confirmed')).toBe(true);
    const nonces = rows.map((row) => Number(row.nonce)).sort((a, b) => a - b);
    expect(new Set(nonces).size).toBe(20);
    expect(nonces.at(-1)! - nonces[0]!).toBe(19);

    await mine(2);
    await signer.runOnce();
    expect((await Promise.all(ids.map(rowOf))).map((row) => row.status)).toEqual(Array(20).fill('confirmed'));
    await expectLedgerBalanced();
  }, 120_000);
});

describe('a USDT or USDC withdrawal', () => {
  /** A customer with 100 of the token, a saved address on the node's chain, and the token's fee priced at ETH/BNB 3000/600 and 1 US dollar. */
  async function tokenCustomer(server: TestServer, asset: TokenAsset, on: LocalNode) {
    await setPrices(server, { ETH: '3000', BNB: '600', [asset]: '1' });
    const who = await customer(server);
    await fund(db, who.userId, asset, '100');
    const to = freshAddress();
    const saved = await saveAddress(who, to, on.network);
    return { who, to, saved };
  }

  it('is quoted with the gas of a token transfer in the token, sent as transfer(to, amount), and the tokens arrive', async () => {
    const { server, signer } = serverOn();
    const { who, to, saved } = await tokenCustomer(server, 'USDT', node);

    const quoted = await who.client.post('/withdrawals/quotes', { asset: 'USDT', addressId: saved.id, amount: '25' });
    const quote = withdrawalQuoteSchema.parse(quoted.body);
    // 80 000 gas at the quoted max fee per gas, in ETH at 3000 US dollars, in USDT at 1: rounded up to 6 decimals.
    const [priced] = await sqlRows<{ gas_limit: string; max_fee_per_gas: string }>(
      'SELECT gas_limit::text, max_fee_per_gas::text FROM withdrawal_quotes WHERE id = $1',
      [quote.id],
    );
    const wei = BigInt(priced!.gas_limit) * BigInt(priced!.max_fee_per_gas);
    expect(priced!.gas_limit).toBe('80000');
    expect(parseUnits(quote.fee, 6)).toBe((wei * 3000n * 10n ** 6n + 10n ** 18n - 1n) / 10n ** 18n);
    expect(parseUnits(quote.received, 6)).toBe(parseUnits('25', 6) - parseUnits(quote.fee, 6));

    await stepUp(who.client, 'withdrawal', who.phone);
    const created = await who.client.post('/withdrawals', { quoteId: quote.id }, { headers: { 'idempotency-key': randomUUID() } });
    const withdrawal = withdrawalSchema.parse(created.body);
    expect(withdrawal).toMatchObject({ asset: 'USDT', network: 'ethereum', amount: '25.00', received: quote.received });
    expect(await balanceOf(who.userId, 'USDT')).toBe('75');

    await signer.runOnce();
    const [sent] = await transactionsOf(withdrawal.id);
    const signed = parseTransaction(sent!.raw);
    expect(signed).toMatchObject({ to: LOCAL_TOKEN_ADDRESSES.USDT.toLowerCase(), gas: 80_000n });
    expect(signed.value ?? 0n).toBe(0n);
    expect(decodeFunctionData({ abi: erc20Abi, data: signed.data! })).toEqual({
      functionName: 'transfer',
      args: [to, parseUnits(quote.received, 6)],
    });
    await mine(1);
    await signer.runOnce();
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'confirmed', activity: 'completed', reference: sent!.hash });
    expect(await tokenBalance(node, 'USDT', to)).toBe(parseUnits(quote.received, 6));
    await expectLedgerBalanced();
  }, 60_000);

  it('on BNB Smart Chain pays the 6-decimal amount to the 18-decimal contract exactly (× 10¹²)', async () => {
    const { server, signer } = serverOn();
    const { who, to, saved } = await tokenCustomer(server, 'USDC', bsc);
    const withdrawal = await withdraw(who, saved.id, '12.345678', 'USDC');
    expect(withdrawal.network).toBe('bsc');
    await signer.runOnce();
    await mine(1, bsc);
    await signer.runOnce();
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'confirmed', activity: 'completed' });
    expect(await tokenBalance(bsc, 'USDC', to)).toBe(parseUnits(withdrawal.received, 6) * 10n ** 12n);
    expect(await balanceOf(who.userId, 'USDC')).toBe('87.654322');
  }, 60_000);

  it('is not signed when the hot wallet lacks the tokens: failed, and the held amount comes back', async () => {
    const { server, signer } = serverOn();
    const { who, saved } = await tokenCustomer(server, 'USDC', node);
    const withdrawal = await withdraw(who, saved.id, '20', 'USDC');
    expect(await balanceOf(who.userId, 'USDC')).toBe('80');
    const held = await drainHotWallet(node, 'USDC');
    try {
      await signer.runOnce();
    } finally {
      await refundHotWallet(node, 'USDC', held);
    }
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'failed', activity: 'failed', nonce: null });
    expect(await balanceOf(who.userId, 'USDC')).toBe('100');
    await expectLedgerBalanced();
  }, 60_000);

  it('that reverts on chain fails, and a reversing transaction returns the held amount', async () => {
    const { server, signer } = serverOn();
    const { who, to, saved } = await tokenCustomer(server, 'USDT', node);
    const withdrawal = await withdraw(who, saved.id, '30', 'USDT');
    const code = await chain().getCode({ address: LOCAL_TOKEN_ADDRESSES.USDT });
    await anvil().setAutomine(false);
    try {
      await signer.runOnce();
      // Signed and sent against a working contract; by the time it is mined the contract reverts everything.
      await anvil().setCode({ address: LOCAL_TOKEN_ADDRESSES.USDT, bytecode: '0x60006000fd' });
      await mine(2);
    } finally {
      await anvil().setCode({ address: LOCAL_TOKEN_ADDRESSES.USDT, bytecode: code! });
      await anvil().setAutomine(true);
    }
    await signer.runOnce();
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'failed', activity: 'failed' });
    expect(await balanceOf(who.userId, 'USDT')).toBe('100');
    expect(await tokenBalance(node, 'USDT', to)).toBe(0n);
    await expectLedgerBalanced();
  }, 60_000);

  it('and native withdrawals at once share one nonce sequence on the chain', async () => {
    const { server, signer } = serverOn();
    const withdrawals = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        if (index % 2) return (await pendingWithdrawal(server)).withdrawal;
        const { who, saved } = await tokenCustomer(server, 'USDT', node);
        return withdraw(who, saved.id, '20', 'USDT');
      }),
    );
    await Promise.all([signer.runOnce(), signer.runOnce()]);
    const nonces = (await Promise.all(withdrawals.map((withdrawal) => rowOf(withdrawal.id))))
      .map((row) => Number(row.nonce))
      .sort((a, b) => a - b);
    expect(new Set(nonces).size).toBe(6);
    expect(nonces.at(-1)! - nonces[0]!).toBe(5);
    await mine(2);
    await signer.runOnce();
    expect((await Promise.all(withdrawals.map((withdrawal) => rowOf(withdrawal.id)))).map((row) => row.status)).toEqual(
      Array(6).fill('confirmed'),
    );
    await expectLedgerBalanced();
  }, 120_000);
});

describe('a signer process that dies around the send', () => {
  it.each([
    ['before the transaction reaches the node', killed],
    ['after the node took it', (send: PublicClient['sendRawTransaction'], raw: Parameters<typeof send>[0]) => send(raw).then(killed)],
  ])(
    '%s: once restarted, it sends the saved transaction or finds it mined; one payout, nothing returned',
    async (_, dies) => {
      const { server, restart } = serverOn();
      const { who, to, withdrawal } = await pendingWithdrawal(server);
      const nonce = await chain().getTransactionCount({ address: hot });

      await restart({ clientOf: sendsDo(dies) }).runOnce();
      const signed = await rowOf(withdrawal.id);
      expect(signed).toMatchObject({ status: 'broadcast', nonce: String(nonce), reference: signed.tx_hash });

      const restarted = restart();
      await restarted.runOnce();
      await mine(1);
      await restarted.runOnce();
      expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'confirmed', activity: 'completed', tx_hash: signed.tx_hash });
      // Nothing was signed again: one transaction, one nonce used, paid once, the hold kept.
      expect((await transactionsOf(withdrawal.id)).map((row) => row.hash)).toEqual([signed.tx_hash]);
      expect(await chain().getTransactionCount({ address: hot })).toBe(nonce + 1);
      expect(formatEther(await chain().getBalance({ address: to }))).toBe(withdrawal.received);
      expect(await balanceOf(who.userId)).toBe('0.9');
      await expectLedgerBalanced();
    },
    60_000,
  );
});

describe('a withdrawal whose nonce another transaction used', () => {
  it('can never be mined: it fails once that transaction is deep enough, and the held amount comes back', async () => {
    const { server, signer, restart } = serverOn();
    const who = await customer(server);
    await fund(db, who.userId, 'ETH', '1');
    const withdrawal = await withdraw(who, (await saveAddress(who)).id, '0.1');
    await restart({ clientOf: sendsDo(killed) }).runOnce();
    const { nonce } = await rowOf(withdrawal.id);
    // Someone with the hot wallet's key sends another transaction with that nonce first.
    const wallet = createWalletClient({ account: hotWalletAccount(demoHotWalletKey()), transport: http(node.rpcUrl) });
    await wallet.sendTransaction({ chain: null, to: hot, value: 0n, nonce: Number(nonce) });
    await signer.runOnce();
    expect((await rowOf(withdrawal.id)).status).toBe('broadcast');
    await mine(1);
    await signer.runOnce();
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'failed', activity: 'failed' });
    expect(await balanceOf(who.userId)).toBe('1');
    await expectLedgerBalanced();
  }, 60_000);
});

describe('a node that fails to answer', () => {
  it('about a mined withdrawal whose nonce is used: it is neither failed nor refunded, and confirms once the node answers', async () => {
    const { server, signer, restart } = serverOn();
    const who = await customer(server);
    await fund(db, who.userId, 'ETH', '1');
    const withdrawal = await withdraw(who, (await saveAddress(who)).id, '0.1');
    await signer.runOnce();
    await mine(2);
    const flaky = (of: Chain): PublicClient => ({
      ...publicClientOf(of),
      getTransactionReceipt: () => Promise.reject(new Error('connection reset')),
    });
    await restart({ clientOf: flaky }).runOnce();
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'broadcast', activity: 'pending' });
    expect(await balanceOf(who.userId)).toBe('0.9');
    await signer.runOnce();
    expect((await rowOf(withdrawal.id)).status).toBe('confirmed');
  }, 60_000);
});

describe('a transaction stuck in the pool', () => {
  /** A withdrawal of 0.1 ETH signed and sent while the node mines only when told. */
  async function sentWhileNotMining(signer: Pick<ReturnType<typeof serverOn>['signer'], 'runOnce'>, server: TestServer) {
    const { who, to, withdrawal } = await pendingWithdrawal(server);
    await anvil().setAutomine(false);
    await signer.runOnce();
    const [first] = await transactionsOf(withdrawal.id);
    return { who, to, withdrawal, first: first! };
  }

  it('is replaced after the configured time with the same nonce and at least 10% higher fees; the replacement mined confirms it', async () => {
    const { server, signer } = serverOn();
    try {
      const { to, withdrawal, first } = await sentWhileNotMining(signer, server);
      // The base fee rises above what the transaction offers: blocks come, it stays in the pool.
      await anvil().setNextBlockBaseFeePerGas({ baseFeePerGas: BigInt(first.max_fee_per_gas) * 3n });
      await mine(1);
      await signer.runOnce();
      server.clock.advance(179);
      await signer.runOnce();
      expect(await transactionsOf(withdrawal.id)).toHaveLength(1);

      server.clock.advance(1);
      await signer.runOnce();
      const [, second] = await transactionsOf(withdrawal.id);
      expect(BigInt(second!.max_fee_per_gas) * 10n).toBeGreaterThanOrEqual(BigInt(first.max_fee_per_gas) * 11n);
      expect(BigInt(second!.max_priority_fee_per_gas) * 10n).toBeGreaterThanOrEqual(BigInt(first.max_priority_fee_per_gas) * 11n);
      expect(parseTransaction(second!.raw).nonce).toBe(parseTransaction(first.raw).nonce);
      expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'broadcast', tx_hash: second!.hash, reference: second!.hash });

      await mine(2);
      await signer.runOnce();
      expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'confirmed', tx_hash: second!.hash, reference: second!.hash });
      expect(formatEther(await chain().getBalance({ address: to }))).toBe(withdrawal.received);
    } finally {
      await anvil().setAutomine(true);
    }
  }, 60_000);

  it('is not replaced beyond the fee ceiling: it stays broadcast for an operator, and goes out once the ceiling allows', async () => {
    const { server, restart } = serverOn();
    const capped = restart({ maxFeeMultiple: 2 });
    try {
      const { withdrawal, first } = await sentWhileNotMining(capped, server);
      // The chain now asks about six times what the transaction offers: more than twice the first fee.
      await anvil().setNextBlockBaseFeePerGas({ baseFeePerGas: BigInt(first.max_fee_per_gas) * 3n });
      await mine(1);
      server.clock.advance(180);
      await capped.runOnce();
      server.clock.advance(180);
      await capped.runOnce();
      expect(await transactionsOf(withdrawal.id)).toHaveLength(1);
      expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'broadcast', activity: 'pending', tx_hash: first.hash });

      // The operator raises the ceiling (the default, 10×): the replacement goes out and is mined.
      await restart().runOnce();
      const [, second] = await transactionsOf(withdrawal.id);
      expect(BigInt(second!.max_fee_per_gas)).toBeGreaterThan(BigInt(first.max_fee_per_gas) * 2n);
      await mine(2);
      await restart().runOnce();
      expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'confirmed', tx_hash: second!.hash });
    } finally {
      await anvil().setAutomine(true);
    }
  }, 60_000);

  it('is confirmed by its first transaction when that one is mined after all', async () => {
    const { server, signer, restart } = serverOn();
    try {
      const { to, withdrawal, first } = await sentWhileNotMining(signer, server);
      server.clock.advance(180);
      // The replacement is saved, and the process dies before sending it.
      await restart({ clientOf: sendsDo(killed) }).runOnce();
      const [, second] = await transactionsOf(withdrawal.id);
      expect((await rowOf(withdrawal.id)).tx_hash).toBe(second!.hash);

      await mine(2);
      await signer.runOnce();
      expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'confirmed', tx_hash: first.hash, reference: first.hash });
      expect(formatEther(await chain().getBalance({ address: to }))).toBe(withdrawal.received);
      await expectLedgerBalanced();
    } finally {
      await anvil().setAutomine(true);
    }
  }, 60_000);
});

const MIN_ETH = '0.002';

// Only PostgreSQL has sessions of their own holding an advisory lock; PGlite's one process always leads.
describe.skipIf(!POSTGRES_URL)('two instances against one PostgreSQL', () => {
  const recording = (events: string[]): Logger => ({ info: (event) => events.push(event), warn: () => {}, error: () => {} });

  /** Drops the session holding the signer's lock, as when the process holding it is killed. */
  async function killLockHolder() {
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ killed: boolean }>(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND ((classid::bigint << 32) | objid::bigint) = $1`,
        [SIGNER_LOCK_KEY.toString()],
      );
      expect(rows).toEqual([{ killed: true }]);
    } finally {
      await admin.end();
    }
  }

  it('when the leader dies after saving a transaction, the other takes over and the withdrawal is paid once', async () => {
    const { server, restart } = serverOn();
    const { who, to, withdrawal } = await pendingWithdrawal(server);
    const nonce = await chain().getTransactionCount({ address: hot });
    const first: string[] = [];
    const second: string[] = [];
    const stops: (() => Promise<void>)[] = [];
    try {
      // The first instance leads, saves the signed transaction and hangs in the send: it never comes back.
      const hangs = () => new Promise<never>(() => {});
      stops.push(restart({ logger: recording(first), clientOf: sendsDo(hangs) }).start({ databaseUrl: POSTGRES_URL, pollMs: 100 }));
      await vi.waitFor(async () => expect((await rowOf(withdrawal.id)).status).toBe('broadcast'), { timeout: 20_000 });
      stops.push(restart({ logger: recording(second) }).start({ databaseUrl: POSTGRES_URL, pollMs: 100 }));
      expect(first).toEqual(['withdrawals.leading']);

      await killLockHolder();
      await vi.waitFor(
        async () => {
          await mine(1);
          expect((await rowOf(withdrawal.id)).status).toBe('confirmed');
        },
        { timeout: 30_000, interval: 250 },
      );
      expect(second).toContain('withdrawals.leading');
      expect(await transactionsOf(withdrawal.id)).toHaveLength(1);
      expect(await chain().getTransactionCount({ address: hot })).toBe(nonce + 1);
      expect(formatEther(await chain().getBalance({ address: to }))).toBe(withdrawal.received);
      expect(await balanceOf(who.userId)).toBe('0.9');
      await expectLedgerBalanced();
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  }, 90_000);
});
