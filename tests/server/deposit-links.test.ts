import { describe, expect, it } from 'vitest';
import { depositLinkSchema } from '../../contract/depositLinks';
import { resolveChains } from '../../server/chains/chains';
import { createApp } from '../../server/app';
import { silentLogger } from '../../server/logger';
import { expectError, registerCustomer, TestClient, TestClock, testConfig, useTestDatabase, type TestServer } from './helpers';

const ADDRESS = '0x1111111111111111111111111111111111111111';

describe('deposit links (pay a deposit from a browser wallet)', () => {
  const db = useTestDatabase();
  const server = (): TestServer => {
    const config = testConfig();
    const clock = new TestClock();
    const chains = resolveChains(config.chains, [
      { network: 'base', rpcUrl: 'http://127.0.0.1:18561' },
      { network: 'bsc', rpcUrl: 'http://127.0.0.1:18562' },
    ]);
    const depositAddress = async () => ({ address: ADDRESS });
    return {
      app: createApp({ db: db.database.db, config, clock: clock.now, logger: silentLogger, chains, depositAddress }),
      clock,
      sent: [],
    };
  };

  it('a customer creates a link; anyone with it reads only what the payer needs', async () => {
    const s = server();
    const customer = new TestClient(s);
    await registerCustomer(customer);
    const created = await customer.post('/deposit-links', { asset: 'USDT', network: 'bsc', amount: '25.5' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = depositLinkSchema.parse(created.body);
    // 32 random bytes: a link cannot be guessed.
    expect(link.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ asset: 'USDT', network: 'bsc', chainId: 31339, amount: '25.5', decimals: 18, address: ADDRESS });
    expect(link.token).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const visitor = new TestClient(s);
    const read = await visitor.get(`/deposit-links/${link.hash}`, { token: null });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(link);
    expect(Object.keys(read.body).sort()).toEqual([
      'address',
      'amount',
      'asset',
      'chainId',
      'createdAt',
      'decimals',
      'hash',
      'network',
      'received',
      'remainder',
      'status',
      'token',
    ]);
    // Nothing arrived yet.
    expect(link).toMatchObject({ status: 'open', received: '0', remainder: '25.5' });

    const native = await customer.post('/deposit-links', { asset: 'ETH', network: 'base', amount: '0.01' });
    expect(native.body).toMatchObject({ chainId: 31338, token: null, decimals: 18, amount: '0.01' });
  });

  it('refuses an asset the network does not carry, a zero amount and more decimals than the asset has', async () => {
    const s = server();
    const customer = new TestClient(s);
    await registerCustomer(customer);
    expect((await customer.post('/deposit-links', { asset: 'BNB', network: 'base', amount: '1' })).body.error.code).toBe(
      'network_not_supported',
    );
    expect((await customer.post('/deposit-links', { asset: 'BTC', network: 'base', amount: '1' })).body.error.code).toBe(
      'network_not_supported',
    );
    const zero = await customer.post('/deposit-links', { asset: 'USDT', network: 'base', amount: '0' });
    expect(zero.body.error).toMatchObject({ code: 'validation_failed', fields: { amount: 'invalid' } });
    const tooFine = await customer.post('/deposit-links', { asset: 'USDT', network: 'base', amount: '1.0000001' });
    expect(tooFine.body.error).toMatchObject({ code: 'validation_failed', fields: { amount: 'invalid' } });
    expect((await customer.post('/deposit-links', { asset: 'USDT', network: 'base', amount: '1', extra: 1 })).status).toBe(422);
  });

  it('needs a signed-in customer to create one', async () => {
    const answer = await new TestClient(server()).post('/deposit-links', { asset: 'USDT', network: 'base', amount: '1' }, { token: null });
    expect(answer.status).toBe(401);
  });

  it('answers an unknown, malformed or hostile hash alike', async () => {
    const visitor = new TestClient(server());
    for (const hash of ['A'.repeat(43), 'short', 'A'.repeat(42) + '%00', 'x'.repeat(5000)]) {
      const answer = await visitor.get(`/deposit-links/${hash}`, { token: null });
      expect([404, 422]).toContain(answer.status);
      if (answer.status === 404) expect(answer.body.error.code).toBe('deposit_link_not_found');
    }
  });

  it('takes reports of the transactions that paid a link: once per transaction, at most 10 per link, from anyone with the link', async () => {
    const s = server();
    const customer = new TestClient(s);
    await registerCustomer(customer);
    const create = async () =>
      depositLinkSchema.parse((await customer.post('/deposit-links', { asset: 'USDT', network: 'base', amount: '10' })).body);
    const [one, two] = [await create(), await create()];
    const visitor = new TestClient(s);
    const report = (hash: string, txHash: unknown) => visitor.post(`/deposit-links/${hash}/payments`, { txHash }, { token: null });
    const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

    const first = await report(one.hash, tx(1).toUpperCase().replace('0X', '0x'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // A transaction the watcher never saw counts for nothing.
    expect(first.body).toMatchObject({ hash: one.hash, status: 'open', received: '0' });
    expect((await report(one.hash, tx(1))).status).toBe(200);
    expectError(await report(two.hash, tx(1)), 409, 'deposit_link_payment_taken');
    for (let n = 2; n <= 10; n++) expect((await report(one.hash, tx(n))).status).toBe(200);
    expectError(await report(one.hash, tx(11)), 422, 'deposit_link_payments_limit');
    // Reporting one already taken is still fine.
    expect((await report(one.hash, tx(10))).status).toBe(200);

    expectError(await report('A'.repeat(43), tx(12)), 404, 'deposit_link_not_found');
    for (const bad of ['0x12', tx(1) + '00', 'zz'.repeat(33), 42, null]) expectError(await report(two.hash, bad), 422, 'validation_failed');
  });
});
