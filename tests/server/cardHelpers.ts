import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { accounts } from '../../server/db/schema';
import { credit } from '../../server/services/ledger';
import { TEST_EPOCH, TestClient, registerVerifiedCustomer, unique, withKey, type TestDatabase, type TestServer } from './helpers';

/**
 * A verified customer holding `held` BTC, `pledged` of it pledged to a new card account, with a virtual
 * card whose daily and monthly limits are raised to 50 000. The rates must be set before (the pledge is valued).
 */
export async function cardCustomer(server: TestServer, db: TestDatabase, { held, pledged }: { held: string; pledged: string }) {
  const client = new TestClient(server);
  const { email } = await registerVerifiedCustomer(client);
  const userId = (await client.get('/users/me')).body.id as string;
  const btc = randomUUID();
  await db.database.db
    .insert(accounts)
    .values({ id: btc, userId, kind: 'crypto', currency: 'BTC', name: 'Bitcoin', createdAt: TEST_EPOCH });
  await credit(db.database.db, { kind: 'deposit', userId, accountId: btc, asset: 'BTC', amount: held, at: TEST_EPOCH });
  const accountId = (await client.post('/accounts-management/create-accounts-card', {}, withKey())).body.id as string;
  const pledge = await client.post(
    `/card-accounts/${accountId}/collateral/add`,
    { asset: 'BTC', amount: pledged },
    { headers: { 'idempotency-key': unique('pledge') } },
  );
  expect(pledge.status, JSON.stringify(pledge.body)).toBe(200);
  const card = (await client.post(`/card-accounts/${accountId}/cards`, { form: 'virtual' }, withKey())).body as { id: string };
  await client.post(`/cards/${card.id}/controls`, { dailyLimit: '50000', monthlyLimit: '50000' });
  return { client, email, userId, accountId, cardId: card.id };
}
