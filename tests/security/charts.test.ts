import { describe, expect, it } from 'vitest';
import { allocationSchema, assetHistorySchema, portfolioHistorySchema } from '../../contract/charts';
import { cardCustomer } from '../server/cardHelpers';
import { TestClient, expectError, registerVerifiedCustomer, setRates, useTestServer, withKey } from '../server/helpers';

/**
 * The charts from an attacker's side: they answer the signed-in customer's own figures whatever is asked,
 * another customer's card account is as unknown as none, and the range and the query are validated.
 */
const { db, server } = useTestServer();

async function victim() {
  await setRates(server, [
    { asset: 'EUR', usd: '1.25' },
    { asset: 'BTC', usd: '50000' },
  ]);
  const c = await cardCustomer(server, db, { held: '1', pledged: '0.5' });
  const paid = await c.client.post(
    '/simulate/card-authorizations',
    { cardId: c.cardId, amount: '80', merchant: 'Hotel', channel: 'chip', category: 'travel' },
    withKey(),
  );
  expect(paid.status).toBe(200);
  return c;
}

describe('the charts’ figures', () => {
  it('are only ever the signed-in customer’s own: no parameter names another customer', async () => {
    const { userId, accountId } = await victim();
    const attacker = new TestClient(server);
    await registerVerifiedCustomer(attacker);
    // Naming the victim is refused, not answered with anyone's figures.
    expectError(await attacker.get(`/portfolio/history?range=1d&userId=${userId}`), 422, 'validation_failed');
    const own = portfolioHistorySchema.parse((await attacker.get('/portfolio/history?range=1d')).body);
    expect(own.points).toEqual([]);
    expect(allocationSchema.parse((await attacker.get(`/portfolio/allocation?userId=${userId}`)).body).assets).toEqual([]);
    expectError(await attacker.get(`/portfolio/asset-history?asset=BTC&range=1d&userId=${userId}`), 422, 'validation_failed');
    expect(assetHistorySchema.parse((await attacker.get('/portfolio/asset-history?asset=BTC&range=all')).body).exchanges).toEqual([]);
    // The victim's card account is answered as one that does not exist, alike a made-up or malformed id.
    expectError(await attacker.get(`/card-accounts/${accountId}/spending`), 404, 'card_account_not_found');
    expectError(await attacker.get('/card-accounts/00000000-0000-4000-8000-000000000000/spending'), 404, 'card_account_not_found');
    expectError(await attacker.get("/card-accounts/1'%20OR%201=1/spending"), 404, 'card_account_not_found');
  });

  it('refuse an unknown range or a malformed query, and anyone signed out', async () => {
    const { client, accountId } = await victim();
    for (const query of ['range=5y', 'range=', 'range=1D', ''])
      expectError(await client.get(`/portfolio/history?${query}`), 422, 'validation_failed');
    for (const query of [
      'asset=XYZ&range=1d',
      'asset=btc&range=1d',
      'asset=BTC%00&range=1d',
      'asset=BTC&range=5y',
      'asset=BTC',
      'range=1d',
      '',
    ])
      expectError(await client.get(`/portfolio/asset-history?${query}`), 422, 'validation_failed');
    const stranger = new TestClient(server);
    expectError(await stranger.get('/portfolio/history?range=1d'), 401, 'unauthorized');
    expectError(await stranger.get('/portfolio/allocation'), 401, 'unauthorized');
    expectError(await stranger.get('/portfolio/asset-history?asset=BTC&range=1d'), 401, 'unauthorized');
    expectError(await stranger.get(`/card-accounts/${accountId}/spending`), 401, 'unauthorized');
  });

  it('refuse a card payment of a category the network does not send', async () => {
    const { client, cardId } = await victim();
    expectError(
      await client.post(
        '/simulate/card-authorizations',
        { cardId, amount: '1', merchant: 'x', channel: 'chip', category: 'casino' },
        withKey(),
      ),
      422,
      'validation_failed',
    );
  });
});
