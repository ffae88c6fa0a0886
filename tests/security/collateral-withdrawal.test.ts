import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../server/db/seed';
import { cardCustomer } from '../server/cardHelpers';
import { TestClient, expectError, unique, useTestServer } from '../server/helpers';

/**
 * Issue 21, item 10: collateral is taken back only while what the card account owes stays within the
 * credit limit (half the collateral's value). Before, the only bar was the 65 % warning threshold, so a
 * customer whose debt was already past the limit (the price fell) could still take collateral away.
 */
const { db, server } = useTestServer();

async function setBtcPrice(usd: string): Promise<void> {
  const admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  const answer = await admin.post('/admin/rates', {
    rates: [
      { asset: 'EUR', usd: '1.25' },
      { asset: 'BTC', usd },
    ],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
beforeEach(() => setBtcPrice('50000'));

const key = () => ({ headers: { 'idempotency-key': unique('key') } });

/** 1 BTC pledged (40 000 EUR, a 20 000 EUR line) and `owed` EUR spent with the card. */
async function borrower(owed: string) {
  const { client, accountId, cardId } = await cardCustomer(server, db, { held: '2', pledged: '1' });
  const paid = await client.post('/simulate/card-authorizations', { cardId, amount: owed, merchant: 'Shop', channel: 'chip' }, key());
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { client, accountId };
}

const withdraw = (c: { client: TestClient; accountId: string }, amount: string) =>
  c.client.post(`/card-accounts/${c.accountId}/collateral/withdraw`, { asset: 'BTC', amount }, key());
const preview = (c: { client: TestClient; accountId: string }, amount: string) =>
  c.client.get(`/card-accounts/${c.accountId}/collateral/preview?direction=withdraw&asset=BTC&amount=${amount}`);

describe('taking collateral back (issue 21, item 10)', () => {
  it('is refused while the debt is already past the credit limit, though below the warning threshold', async () => {
    const c = await borrower('18000');
    await setBtcPrice('40000'); // 1 BTC = 32 000 EUR: a 16 000 EUR line, 18 000 owed (LTV 56.25 %)
    const line = (await c.client.get(`/card-accounts/${c.accountId}`)).body;
    expect(line).toMatchObject({ creditLimit: '16000.00', used: '18000.00', available: '0.00', ltvLevel: 'none' });

    expect((await preview(c, '0.01')).body).toMatchObject({ ltv: '56.82', allowed: false });
    const refused = await withdraw(c, '0.01');
    expectError(refused, 409, 'ltv_too_high', ['ltv']);
    expect(refused.body.error.fields.ltv).toBe('56.82');
    // Nothing moved.
    expect((await c.client.get(`/card-accounts/${c.accountId}/collateral`)).body.credit).toMatchObject({ collateralValue: '32000.00' });
  });

  it('is refused when it would take the debt past the limit, and allowed up to the limit exactly', async () => {
    const c = await borrower('15000');
    // 0.3 BTC leaves 28 000 EUR of collateral, a 14 000 line for 15 000 owed: LTV 53.57 %, below the warning.
    expect((await preview(c, '0.3')).body).toMatchObject({ ltv: '53.57', creditLimit: '14000.00', allowed: false });
    expectError(await withdraw(c, '0.3'), 409, 'ltv_too_high', ['ltv']);
    // 0.25 BTC leaves 30 000 EUR: a 15 000 line, all of it used.
    expect((await preview(c, '0.25')).body).toMatchObject({ ltv: '50.00', creditLimit: '15000.00', allowed: true });
    const taken = await withdraw(c, '0.25');
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.credit).toMatchObject({ creditLimit: '15000.00', used: '15000.00', available: '0.00' });
    expectError(await withdraw(c, '0.00000001'), 409, 'ltv_too_high', ['ltv']);
  });

  it('lets two withdrawals in parallel take no more than the limit allows', async () => {
    const c = await borrower('15000');
    const answers = await Promise.all([withdraw(c, '0.2'), withdraw(c, '0.2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await c.client.get(`/card-accounts/${c.accountId}`)).body).toMatchObject({ creditLimit: '16000.00', used: '15000.00' });
  });
});
