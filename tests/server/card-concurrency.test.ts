import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../server/db/seed';
import { cardCustomer } from './cardHelpers';
import { POSTGRES_URL, TestClient, registerVerifiedCustomer, unique, useTestServer, withKey } from './helpers';

const { db, server } = useTestServer();

/** Rounds of the race; `npm run stress` runs 100 (STRESS_ROUNDS). On PGlite one round: it runs one query at a time. */
const ROUNDS = POSTGRES_URL ? Number(process.env.STRESS_ROUNDS ?? 5) : 1;
const AUTHORIZATIONS = 30;
/** 0.05 BTC at 40 000 EUR is 2 000 EUR of collateral: a 1 000 EUR line, room for 20 payments of 50. */
const PAYMENT = '50';

describe(`${AUTHORIZATIONS} concurrent card authorizations against one credit line`, () => {
  it('never take the card account past minus its credit limit', { timeout: 300_000 }, async () => {
    const admin = new TestClient(server);
    await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (let round = 0; round < ROUNDS; round += 1) {
      const rates = await admin.post('/admin/rates', {
        rates: [
          { asset: 'EUR', usd: '1.25' },
          { asset: 'BTC', usd: '50000' },
        ],
      });
      expect(rates.status).toBe(200);
      const { client, accountId: cardAccountId, cardId } = await cardCustomer(server, db, { held: '0.05', pledged: '0.05' });

      const answers = await Promise.all(
        Array.from({ length: AUTHORIZATIONS }, () =>
          client.post(
            '/simulate/card-authorizations',
            { cardId, amount: PAYMENT, merchant: 'Race', channel: 'online' },
            { headers: { 'idempotency-key': unique('race') } },
          ),
        ),
      );
      const statuses = answers.map((answer) => (answer.status === 200 ? 'paid' : answer.body.error.code));
      expect(statuses.filter((s) => s === 'paid')).toHaveLength(20);
      expect(new Set(statuses.filter((s) => s !== 'paid'))).toEqual(new Set(['credit_insufficient']));
      const line = (await client.get(`/card-accounts/${cardAccountId}`)).body;
      expect(line).toMatchObject({ creditLimit: '1000.00', used: '1000.00', available: '0.00' });
      const [row] = await db.database.transaction((s) =>
        s.query<{ balance: string; payments: string }>(
          `SELECT a.balance::text AS balance, (SELECT count(*) FROM activities v WHERE v.account_id = a.id AND v.type = 'card_payment')::text AS payments
           FROM accounts a WHERE a.id = $1`,
          [cardAccountId],
        ),
      );
      expect(row).toEqual({ balance: '-1000.000000000000000000', payments: '20' });
    }
  });
});

// A double tap sends one key twice, at once: the second waits on the key's row and answers the first's result.
describe('the same Idempotency-Key twice at once', () => {
  it('opens one account, one card account and issues one card', async () => {
    const client = new TestClient(server);
    await registerVerifiedCustomer(client);
    const twice = async (path: string, body: unknown) => {
      const options = withKey();
      const answers = await Promise.all([client.post(path, body, options), client.post(path, body, options)]);
      expect(answers[1]!.body, JSON.stringify(answers)).toEqual(answers[0]!.body);
      expect(answers.map((answer) => answer.headers.get('idempotent-replayed')).sort()).toEqual(['false', 'true']);
      return answers[0]!;
    };
    expect((await twice('/accounts-management/open-account', { currency: 'GBP' })).status).toBe(200);
    const cardAccount = await twice('/accounts-management/create-accounts-card', {});
    const issued = await twice(`/card-accounts/${cardAccount.body.id}/cards`, { form: 'virtual' });
    expect(issued.status).toBe(201);
    expect((await client.get(`/card-accounts/${cardAccount.body.id}/cards`)).body).toMatchObject([{ id: issued.body.id }]);
    expect((await client.get('/bank-accounts/accounts')).body).toMatchObject([{ currency: 'GBP' }]);
  });
});
