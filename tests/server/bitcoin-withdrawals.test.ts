import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkBitcoinAddress } from '../../contract/bitcoinAddress';
import { withdrawalAddressSchema, withdrawalAddressesSchema, withdrawalQuoteSchema, withdrawalSchema } from '../../contract/withdrawals';
import { createWithdrawalService } from '../../server/chains/withdrawals';
import type { Db } from '../../server/db/database';
import { ApiError } from '../../server/errors';
import { createTestServer, expectError, POSTGRES_URL, stepUp, testConfig, TestClient, useTestDatabase, type TestServer } from './helpers';
import { fund } from './payLinkHelpers';
import { withdrawalHelpers } from './withdrawalHelpers';

const db = useTestDatabase();
const { sqlRows, customer, expectLedgerBalanced } = withdrawalHelpers(db);

/** Addresses of every kind, from BIP 173/350 and the library's own tests. */
const MAINNET = {
  p2pkh: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  p2wpkh: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  p2wsh: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  p2tr: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
};
const TESTNET = {
  p2pkh: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
  p2sh: '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc',
  p2wpkh: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  p2wsh: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
  p2tr: 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
  regtest: 'bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw',
};
/** The demo's fee: 10 sat/vB × 141 vB. */
const FEE = '0.0000141';

type Customer = Awaited<ReturnType<typeof customer>>;

async function saveAddress(who: Customer, address: string = TESTNET.p2wpkh) {
  await stepUp(who.client, 'withdrawal.address', who.phone);
  const answer = await who.client.post('/withdrawal-addresses', { network: 'bitcoin', address, label: 'Cold' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return withdrawalAddressSchema.parse(answer.body);
}

async function quote(who: Customer, addressId: string, amount: string) {
  const answer = await who.client.post('/withdrawals/quotes', { asset: 'BTC', addressId, amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return withdrawalQuoteSchema.parse(answer.body);
}

async function withdraw(who: Customer, quoteId: string, key = randomUUID()) {
  await stepUp(who.client, 'withdrawal', who.phone);
  return who.client.post('/withdrawals', { quoteId }, { headers: { 'idempotency-key': key } });
}

/** A customer with 0.01 BTC whose withdrawal of 0.004 to a testnet address is held. */
async function held(server: TestServer) {
  const who = await customer(server);
  await fund(db, who.userId, 'BTC', '0.01');
  const saved = await saveAddress(who);
  const answer = await withdraw(who, (await quote(who, saved.id, '0.004')).id);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { who, withdrawal: withdrawalSchema.parse(answer.body) };
}

const simulate = (who: Customer, id: string, outcome: string, key = randomUUID()) =>
  who.client.post(`/simulate/withdrawals/${id}`, { outcome }, { headers: { 'idempotency-key': key } });

const balanceOf = async (userId: string) =>
  (
    await sqlRows<{ balance: string }>(`SELECT balance::text AS balance FROM accounts WHERE user_id = $1 AND currency = 'BTC'`, [userId])
  )[0]!.balance;

describe('Bitcoin addresses', () => {
  it.each(Object.entries(MAINNET))('mainnet %s is taken on mainnet and refused as the wrong network on testnet', (_, address) => {
    expect(checkBitcoinAddress(address, 'mainnet')).toEqual({ ok: true, address });
    expect(checkBitcoinAddress(address, 'testnet')).toEqual({ ok: false, code: 'address_wrong_network' });
  });

  it.each(Object.entries(TESTNET))('test network %s is taken on testnet and refused as the wrong network on mainnet', (_, address) => {
    expect(checkBitcoinAddress(address, 'testnet')).toEqual({ ok: true, address });
    expect(checkBitcoinAddress(address, 'mainnet')).toEqual({ ok: false, code: 'address_wrong_network' });
  });

  it('keeps bech32 typed in capitals in lower case', () => {
    expect(checkBitcoinAddress(TESTNET.p2wpkh.toUpperCase(), 'testnet')).toEqual({ ok: true, address: TESTNET.p2wpkh });
  });

  it.each([
    ['a base58 checksum off by one character', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'],
    ['a bech32 checksum off by one character', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx'],
    ['an EVM address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['a NUL byte', `${TESTNET.p2wpkh}\u0000`],
    ['10 KB', 'tb1q'.padEnd(10_240, 'q')],
    ['nothing', ''],
  ])('refuses %s as no address', (_, address) => {
    expect(checkBitcoinAddress(address, 'testnet')).toEqual({ ok: false, code: 'address_invalid' });
    expect(checkBitcoinAddress(address, 'mainnet')).toEqual({ ok: false, code: 'address_invalid' });
  });
});

describe('the address book on Bitcoin', () => {
  it('saves a testnet address with a step-up; refuses mainnet, malformed and EVM ones (and a Bitcoin address on an EVM network) without spending the step-up', async () => {
    const server = createTestServer(db);
    const who = await customer(server);
    const book = withdrawalAddressesSchema.parse((await who.client.get('/withdrawal-addresses')).body);
    expect(book).toEqual({ addresses: [], coolingOffSeconds: 0, bitcoinNetwork: 'testnet' });

    await stepUp(who.client, 'withdrawal.address', who.phone);
    const add = (network: string, address: string) => who.client.post('/withdrawal-addresses', { network, address, label: 'Cold' });
    expectError(await add('bitcoin', MAINNET.p2wpkh), 422, 'address_wrong_network');
    expectError(await add('bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'), 422, 'address_invalid');
    expectError(await add('bitcoin', '0x52908400098527886E0F7030069857D2E4169EE7'), 422, 'address_invalid');
    expectError(await add('ethereum', TESTNET.p2wpkh), 422, 'address_invalid');
    expectError(await add('bitcoin', 'tb1q'.padEnd(10_240, 'q')), 422, 'validation_failed');
    // The same grant still adds the right one.
    const saved = await add('bitcoin', TESTNET.p2tr.toUpperCase());
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ network: 'bitcoin', address: TESTNET.p2tr });
    expectError(await add('bitcoin', TESTNET.p2sh), 403, 'step_up_required');
  });

  it('answers the configured cooling-off period and Bitcoin network (mainnet outside demo mode)', async () => {
    const server = createTestServer(db, {
      config: {
        withdrawals: {
          ...testConfig().withdrawals,
          coolingOffSeconds: 86_400,
          bitcoin: { network: 'mainnet', feeRateSatPerVb: 10, simulated: false },
        },
      },
    });
    const who = await customer(server);
    expect((await who.client.get('/withdrawal-addresses')).body).toEqual({
      addresses: [],
      coolingOffSeconds: 86_400,
      bitcoinNetwork: 'mainnet',
    });
    // Nothing settles Bitcoin withdrawals there: they are not offered.
    await stepUp(who.client, 'withdrawal.address', who.phone);
    const saved = await who.client.post('/withdrawal-addresses', { network: 'bitcoin', address: MAINNET.p2pkh, label: 'Cold' });
    expect(saved.status).toBe(201);
    await sqlRows('UPDATE withdrawal_addresses SET usable_at = created_at WHERE id = $1', [saved.body.id]);
    expectError(
      await who.client.post('/withdrawals/quotes', { asset: 'BTC', addressId: saved.body.id, amount: '0.001' }),
      503,
      'withdrawals_unavailable',
    );
  });
});

describe('a Bitcoin withdrawal', () => {
  it('is quoted with the configured fee, holds the amount once per Idempotency-Key, and confirms through the simulated processor with a txid', async () => {
    const server = createTestServer(db);
    const who = await customer(server);
    await fund(db, who.userId, 'BTC', '0.01');
    const saved = await saveAddress(who);
    const offered = await quote(who, saved.id, '0.004');
    expect(offered).toMatchObject({ network: 'bitcoin', amount: '0.004', fee: FEE, received: '0.0039859', minimum: '0.0005' });

    const key = randomUUID();
    const answer = await withdraw(who, offered.id, key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const withdrawal = withdrawalSchema.parse(answer.body);
    expect(withdrawal).toMatchObject({ status: 'pending', txHash: null, explorerUrl: null, received: '0.0039859' });
    // A replay of the same key answers the same withdrawal and moves nothing more.
    const replay = await who.client.post('/withdrawals', { quoteId: offered.id }, { headers: { 'idempotency-key': key } });
    expect(replay.body.id).toBe(withdrawal.id);
    expect(await balanceOf(who.userId)).toBe('0.006000000000000000');

    const sent = withdrawalSchema.parse((await simulate(who, withdrawal.id, 'broadcast')).body);
    expect(sent.status).toBe('broadcast');
    expect(sent.txHash).toMatch(/^[0-9a-f]{64}$/);
    const confirmed = withdrawalSchema.parse((await simulate(who, withdrawal.id, 'confirmed')).body);
    expect(confirmed).toMatchObject({ status: 'confirmed', txHash: sent.txHash, explorerUrl: null });
    const [activity] = await sqlRows<{ status: string; reference: string }>('SELECT status, reference FROM activities WHERE id = $1', [
      withdrawal.activityId,
    ]);
    expect(activity).toEqual({ status: 'completed', reference: sent.txHash });
    expectError(await simulate(who, withdrawal.id, 'failed'), 409, 'withdrawal_settled');
    expect(await balanceOf(who.userId)).toBe('0.006000000000000000');
    await expectLedgerBalanced();
  });

  it('that fails returns the held amount by a reversing transaction', async () => {
    const server = createTestServer(db);
    const { who, withdrawal } = await held(server);
    expect(await balanceOf(who.userId)).toBe('0.006000000000000000');
    const failed = withdrawalSchema.parse((await simulate(who, withdrawal.id, 'failed')).body);
    expect(failed).toMatchObject({ status: 'failed', txHash: null });
    expect(await balanceOf(who.userId)).toBe('0.010000000000000000');
    expectError(await simulate(who, withdrawal.id, 'confirmed'), 409, 'withdrawal_settled');
    await expectLedgerBalanced();
  });

  it.each([
    ['9 decimals', '0.000500001', 422, 'amount_too_precise'],
    ['19 decimals', '0.0050000000000000001', 422, 'amount_too_precise'],
    ['below the minimum', '0.0004', 422, 'amount_too_small'],
    ['not a number', '1e-3', 422, 'amount_invalid'],
    ['BTC to an EVM address', 'ETH', 422, 'network_not_supported'],
  ])('quotes refuse %s', async (_, amount, status, code) => {
    const server = createTestServer(db);
    const who = await customer(server);
    const saved = await saveAddress(who);
    // ETH to a Bitcoin address: the asset is not carried there.
    const body = amount === 'ETH' ? { asset: 'ETH', addressId: saved.id, amount: '0.01' } : { asset: 'BTC', addressId: saved.id, amount };
    expectError(await who.client.post('/withdrawals/quotes', body), status, code);
  });

  it('is simulated only by its owner, only for Bitcoin, and not at all outside demo mode', async () => {
    const server = createTestServer(db);
    const { who, withdrawal } = await held(server);
    const attacker = await customer(server);
    for (const id of [withdrawal.id, randomUUID(), 'not-a-uuid']) {
      expectError(await simulate(attacker, id, 'confirmed'), 404, 'withdrawal_not_found');
    }
    expectError(await simulate(who, withdrawal.id, 'mined'), 422, 'validation_failed');

    const production = createTestServer(db, { config: { demoMode: false } });
    const client = new TestClient(production);
    client.token = who.client.token;
    expect(
      (
        await client.post(
          `/simulate/withdrawals/${withdrawal.id}`,
          { outcome: 'confirmed' },
          { headers: { 'idempotency-key': randomUUID() } },
        )
      ).status,
    ).toBe(404);
    expect(withdrawalSchema.parse((await who.client.get(`/withdrawals/${withdrawal.id}`)).body).status).toBe('pending');
  });
});

// On PGlite the two run one after the other; on PostgreSQL (scripts/with-postgres.sh) they race.
describe(`two Bitcoin withdrawals at once with the balance for one (${POSTGRES_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('exactly one holds the amount; the ledger sums to zero', async () => {
    const server = createTestServer(db);
    const who = await customer(server);
    await fund(db, who.userId, 'BTC', '0.005');
    const saved = await saveAddress(who);
    // Within the level's daily withdrawal limit, which the quotes check now.
    const quotes = [await quote(who, saved.id, '0.004'), await quote(who, saved.id, '0.004')];
    // The service itself, with step-up and limits granted: the race is the ledger's alone.
    const service = createWithdrawalService({
      db: db.database.db,
      clock: server.clock.now,
      chains: [],
      limits: { assertWithinLimit: async () => {} },
      rates: { quote: async () => Promise.reject(new Error('not asked')) },
      stepUp: { consume: async () => {} },
      outbox: { enqueue: async () => {}, deliverPending: async () => {} },
      hotWallet: false,
      coolingOffSeconds: 0,
      bitcoin: testConfig().withdrawals.bitcoin,
    });
    const principal = { userId: who.userId, sessionId: randomUUID() };
    const outcomes = await Promise.allSettled(
      quotes.map((offered) =>
        db.database.db.transaction((tx: Db) =>
          service.withdraw(tx, principal, offered.id, randomUUID(), { ip: '10.0.0.1', userAgent: undefined }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ApiError);
    expect((refused.reason as ApiError).code).toBe('insufficient_funds');
    expect(await balanceOf(who.userId)).toBe('0.001000000000000000');
    await expectLedgerBalanced();
  });
});
