import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../server/db/seed';
import { cardCustomer } from '../server/cardHelpers';
import { TestClient, expectError, stepUp, unique, useTestServer } from '../server/helpers';

/**
 * Cards from an attacker's side: the card's secrets without a step-up, with someone else's step-up or a
 * spent one; other customers' card and card-account ids; replayed and reused idempotency keys.
 */
const { db, server } = useTestServer();

async function customerWithCard() {
  const admin = new TestClient(server);
  await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.post('/admin/rates', {
    rates: [
      { asset: 'EUR', usd: '1.25' },
      { asset: 'BTC', usd: '50000' },
    ],
  });
  return cardCustomer(server, db, { held: '1', pledged: '1' });
}

describe('revealing a card', () => {
  it('needs a card.reveal step-up of this very session, and spends it', async () => {
    const victim = await customerWithCard();
    expectError(await victim.client.post(`/cards/${victim.cardId}/reveal`), 403, 'step_up_required');

    // Another session of the same customer (a stolen password, say) has no grant of its own.
    const other = new TestClient(server);
    await victim.client.post('/auth/logout');
    const signedIn = await other.login(victim.email, 'correct horse 42 battery');
    expect(signedIn.status).toBe(200);
    const first = new TestClient(server);
    await first.login(victim.email, 'correct horse 42 battery');
    await stepUp(first, 'card.reveal', victim.email);
    expectError(await other.post(`/cards/${victim.cardId}/reveal`), 403, 'step_up_required');
    expect((await first.post(`/cards/${victim.cardId}/reveal`)).status).toBe(200);
    // Replaying the reveal with the spent grant.
    expectError(await first.post(`/cards/${victim.cardId}/reveal`), 403, 'step_up_required');
  });

  it('reveals nothing of another customer’s card, even with a grant, and says nothing of its existence', async () => {
    const victim = await customerWithCard();
    const attacker = await customerWithCard();
    await stepUp(attacker.client, 'card.reveal', attacker.email);
    const theirs = await attacker.client.post(`/cards/${victim.cardId}/reveal`);
    const nobody = await attacker.client.post(`/cards/${randomUUID()}/reveal`);
    expectError(theirs, 404, 'card_not_found');
    expect(theirs.body).toEqual(nobody.body);
    // The grant was not spent on the refused attempt.
    expect((await attacker.client.post(`/cards/${attacker.cardId}/reveal`)).status).toBe(200);
  });
});

describe('other customers’ ids', () => {
  it('are 404 on every card and card-account endpoint, and change nothing', async () => {
    const victim = await customerWithCard();
    const attacker = await customerWithCard();
    const before = await db.counts();
    const key = () => ({ headers: { 'idempotency-key': unique('k') } });
    const card = victim.cardId;
    const account = victim.accountId;
    const attempts = [
      attacker.client.post(`/cards/${card}/freeze`),
      attacker.client.post(`/cards/${card}/unfreeze`),
      attacker.client.post(`/cards/${card}/activate`),
      attacker.client.post(`/cards/${card}/controls`, { online: false }),
      attacker.client.post(`/simulate/cards/${card}/ship`),
      attacker.client.post('/simulate/card-authorizations', { cardId: card, amount: '10', merchant: 'Thief', channel: 'online' }, key()),
      attacker.client.get(`/card-accounts/${account}`),
      attacker.client.get(`/card-accounts/${account}/cards`),
      attacker.client.get(`/card-accounts/${account}/collateral`),
      attacker.client.get(`/card-accounts/${account}/collateral/preview?direction=withdraw&asset=BTC&amount=1`),
      attacker.client.post(`/card-accounts/${account}/cards`, { form: 'virtual' }, key()),
      attacker.client.post(`/card-accounts/${account}/collateral/withdraw`, { asset: 'BTC', amount: '1' }, key()),
      attacker.client.post(`/card-accounts/${account}/collateral/add`, { asset: 'BTC', amount: '0.1' }, key()),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    // The idempotency keys of refused requests roll back with them; nothing else is written.
    expect(await db.counts()).toEqual(before);
  });
});

describe('replays', () => {
  it('a replayed authorization pays once; the key reused for another amount is refused', async () => {
    const { client, cardId, accountId } = await customerWithCard();
    const headers = { 'idempotency-key': unique('pay') };
    const body = { cardId, amount: '25', merchant: 'Shop', channel: 'chip' };
    const answers = await Promise.all([0, 1, 2].map(() => client.post('/simulate/card-authorizations', body, { headers })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expectError(await client.post('/simulate/card-authorizations', { ...body, amount: '26' }, { headers }), 422, 'idempotency_key_reused');
    expect((await client.get(`/card-accounts/${accountId}`)).body.used).toBe('25.00');
  });
});
