import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, balancesSummarySchema } from '../../contract/accounts';
import { API_ERRORS } from '../../contract/errors';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { germanIban, MERIDIAN_BIC } from '../../server/services/accounts';
import { TestClient, expectError, registerCustomer, registerVerifiedCustomer, useTestServer, withKey } from './helpers';

const { server } = useTestServer();
let demo: TestClient;

beforeAll(async () => {
  demo = new TestClient(server);
  expect((await demo.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
});

/** ISO 13616: moving the country and check digits to the end, the number is 1 modulo 97. */
function ibanIsValid(iban: string): boolean {
  const digits = [...(iban.slice(4) + iban.slice(0, 4))].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('');
  return [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0) === 1;
}

describe('GET /accounts-management/accounts/:id', () => {
  it("answers the customer's fiat account with its IBAN and the BIC, and a crypto account without", async () => {
    const summary = balancesSummarySchema.parse((await demo.get('/accounts-management/summary-balance')).body);
    const euro = summary.fiat.accounts_limit_balances.find((account) => account.currency === 'EUR')!;
    const answer = await demo.get(`/accounts-management/accounts/${euro.id}`);
    expect(answer.status).toBe(200);
    expect(accountSchema.parse(answer.body)).toMatchObject({
      id: euro.id,
      type: 'fiat',
      currency: 'EUR',
      balance: euro.balance,
      iban: euro.iban,
      bic: MERIDIAN_BIC,
    });
    const btc = summary.crypto.utgl.coin_balances.find((account) => account.currency === 'BTC')!;
    expect((await demo.get(`/accounts-management/accounts/${btc.id}`)).body).toMatchObject({ type: 'crypto', iban: null, bic: null });
  });

  it("answers the same 404 for another customer's account, a card account, an unknown and a malformed id", async () => {
    const other = new TestClient(server);
    await registerVerifiedCustomer(other);
    const opened = await other.post('/accounts-management/open-account', { currency: 'GBP' }, withKey());
    const card = await demo.post('/accounts-management/create-accounts-card', {}, withKey());
    for (const id of [opened.body.id, card.body.id, randomUUID(), 'not-a-uuid']) {
      const answer = await demo.get(`/accounts-management/accounts/${id}`);
      expectError(answer, 404, 'account_not_found');
      expect(answer.body.error.message).toBe(API_ERRORS.account_not_found.description);
    }
    // A NUL byte is refused before any lookup, as on every endpoint.
    expectError(await demo.get(`/accounts-management/accounts/${randomUUID()}%00`), 422, 'validation_failed');
  });

  it('needs a session', async () => {
    expect((await new TestClient(server).get(`/accounts-management/accounts/${randomUUID()}`)).status).toBe(401);
  });
});

describe('POST /accounts-management/open-account', () => {
  it('opens a fiat account with a valid IBAN, answers the same account when asked again, and the summary lists it', async () => {
    const client = new TestClient(server);
    await registerVerifiedCustomer(client);
    const first = await client.post('/accounts-management/open-account', { currency: 'GBP' }, withKey());
    expect(first.status).toBe(200);
    const account = accountSchema.parse(first.body);
    expect(account).toMatchObject({ type: 'fiat', currency: 'GBP', balance: '0.00', bic: MERIDIAN_BIC, name: 'Pound sterling account' });
    expect(account.iban).toMatch(/^DE\d{20}$/);
    expect(ibanIsValid(account.iban!)).toBe(true);
    const again = await client.post('/accounts-management/open-account', { currency: 'GBP' }, withKey());
    expect(again.body).toEqual(first.body);
    const summary = balancesSummarySchema.parse((await client.get('/accounts-management/summary-balance')).body);
    expect(summary.fiat.accounts_limit_balances.map((row) => row.id)).toEqual([account.id]);
  });

  it('opens one crypto account per asset even when asked in parallel', async () => {
    const client = new TestClient(server);
    await registerVerifiedCustomer(client);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/accounts-management/open-account', { currency: 'ETH' }, withKey())),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers[0]!.body).toMatchObject({ type: 'crypto', currency: 'ETH', iban: null, bic: null, balance: '0.00' });
    const summary = balancesSummarySchema.parse((await client.get('/accounts-management/summary-balance')).body);
    expect(summary.crypto.utgl.coin_balances.map((row) => row.currency)).toEqual(['ETH']);
  });

  it('refuses an unverified e-mail and opens nothing', async () => {
    const client = new TestClient(server);
    await registerCustomer(client);
    expectError(await client.post('/accounts-management/open-account', { currency: 'EUR' }, withKey()), 403, 'email_unverified');
    expect((await client.get('/bank-accounts/accounts')).body).toEqual([]);
  });

  it.each([
    [{ currency: 'XYZ' }],
    [{ currency: 'eur' }],
    [{ currency: 'EUR\u0000' }],
    [{}],
    [{ currency: 'EUR', extra: true }],
    [{ currency: 42 }],
  ])('refuses %j', async (body) => {
    expectError(await demo.post('/accounts-management/open-account', body), 422, 'validation_failed');
  });

  it('needs a session', async () => {
    expect((await new TestClient(server).post('/accounts-management/open-account', { currency: 'EUR' })).status).toBe(401);
  });
});

describe('IBANs', () => {
  it('computes the documented example’s check digits', () => {
    // DE89 3704 0044 0532 0130 00 uses another bank code; the check digits follow the same rule.
    expect(ibanIsValid(germanIban('0532013000'))).toBe(true);
    expect(germanIban('1')).toMatch(/^DE\d{2}100200300000000001$/);
  });
});
