import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '../../contract/terms';
import { users } from '../../server/db/schema';
import { expectError, registerVerifiedCustomer, stepUp, TestClient, useTestServer } from './helpers';

const { db, server } = useTestServer();

const payLink = { asset: 'EUR', amount: '12.50', description: 'Concert tickets', expiresInHours: null };

/** A verified customer who accepted an older version of the terms than the one in force. */
async function customerOnOldTerms() {
  const client = new TestClient(server);
  const { email } = await registerVerifiedCustomer(client);
  await db.database.db.update(users).set({ termsVersion: '2025-06' }).where(eq(users.email, email));
  return { client, email };
}

describe('the terms a customer accepted', () => {
  it('are the version in force from registration on', async () => {
    const client = new TestClient(server);
    await registerVerifiedCustomer(client);
    expect((await client.get('/users/me')).body.termsVersion).toBe(TERMS_VERSION);
  });

  it('hold money back while older than the version in force, until it is accepted', async () => {
    const { client, email } = await customerOnOldTerms();
    await stepUp(client, 'paylink.create', email);
    const before = await db.counts();
    expectError(await client.post('/pay-links', payLink), 403, 'terms_not_accepted');
    expect(await db.counts()).toEqual(before);

    const accepted = await client.post('/users/accept-terms', { version: TERMS_VERSION });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.termsVersion).toBe(TERMS_VERSION);
    // The step-up was not spent by the refusal: the same request now goes through.
    expect((await client.post('/pay-links', payLink)).status).toBe(201);
  });

  it('are accepted idempotently, and only in the version in force', async () => {
    const { client } = await customerOnOldTerms();
    expectError(await client.post('/users/accept-terms', { version: '2025-06' }), 409, 'terms_version_outdated');
    expect((await client.get('/users/me')).body.termsVersion).toBe('2025-06');
    const [first, second] = await Promise.all([
      client.post('/users/accept-terms', { version: TERMS_VERSION }),
      client.post('/users/accept-terms', { version: TERMS_VERSION }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
  });
});
