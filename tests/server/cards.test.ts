import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardCreditSchema, cardSchema, collateralSchema } from '../../contract/cards';
import { accounts } from '../../server/db/schema';
import { DEMO_ADMIN } from '../../server/db/seed';
import { credit } from '../../server/services/ledger';
import { createCardVault, isLuhnValid, luhnCheckDigit } from '../../server/services/cards';
import { DEFAULT_PASSWORD, TEST_EPOCH, TestClient, expectError, registerVerifiedCustomer, stepUp, unique, useTestServer } from './helpers';

const { db, server } = useTestServer();
/** Signed in afresh each time: tests move the clock past the admin's idle limit. */
async function asAdmin(): Promise<TestClient> {
  const admin = new TestClient(server);
  expect((await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  return admin;
}

/** Round prices: 1 BTC is worth 40 000 EUR (50 000 USD at 1.25 USD per EUR), so it backs a 20 000 EUR line. */
async function setRates(btcUsd = '50000'): Promise<void> {
  const answer = await (
    await asAdmin()
  ).post('/admin/rates', {
    rates: [
      { asset: 'EUR', usd: '1.25' },
      { asset: 'BTC', usd: btcUsd },
      { asset: 'ETH', usd: '2500' },
      { asset: 'USDT', usd: '1' },
    ],
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
beforeEach(() => setRates());

const key = () => ({ headers: { 'idempotency-key': unique('key') } });

interface Customer {
  client: TestClient;
  email: string;
  userId: string;
  cardAccountId: string;
  btcAccountId: string;
  eurAccountId: string;
}

/** A verified customer with 2 BTC and 5 000 EUR (credited through the ledger) and an open card account. */
async function customer(): Promise<Customer> {
  const client = new TestClient(server);
  const { email } = await registerVerifiedCustomer(client);
  const userId = (await client.get('/users/me')).body.id as string;
  const btcAccountId = randomUUID();
  const eurAccountId = randomUUID();
  await db.database.db.insert(accounts).values([
    { id: btcAccountId, userId, kind: 'crypto', currency: 'BTC', name: 'Bitcoin', createdAt: TEST_EPOCH },
    { id: eurAccountId, userId, kind: 'fiat', currency: 'EUR', name: 'Euro', createdAt: TEST_EPOCH },
  ]);
  await credit(db.database.db, { kind: 'deposit', userId, accountId: btcAccountId, asset: 'BTC', amount: '2', at: TEST_EPOCH });
  await credit(db.database.db, { kind: 'deposit', userId, accountId: eurAccountId, asset: 'EUR', amount: '5000', at: TEST_EPOCH });
  const opened = await client.post('/accounts-management/create-accounts-card', {}, key());
  expect(opened.status).toBe(200);
  return { client, email, userId, cardAccountId: opened.body.id, btcAccountId, eurAccountId };
}

async function pledge(c: Customer, amount: string, asset = 'BTC') {
  return c.client.post(`/card-accounts/${c.cardAccountId}/collateral/add`, { asset, amount }, key());
}

async function virtualCard(c: Customer) {
  const issued = await c.client.post(`/card-accounts/${c.cardAccountId}/cards`, { form: 'virtual' }, key());
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  return cardSchema.parse(issued.body);
}

function pay(c: Customer, cardId: string, amount: string, channel = 'chip', options = key()) {
  return c.client.post('/simulate/card-authorizations', { cardId, amount, merchant: 'Café Lumière', channel }, options);
}

async function line(c: Customer) {
  const answer = await c.client.get(`/card-accounts/${c.cardAccountId}`);
  expect(answer.status).toBe(200);
  return cardCreditSchema.parse(answer.body);
}

const balanceOf = async (accountId: string) =>
  (
    await db.database.transaction((s) =>
      s.query<{ balance: string }>('SELECT balance::text AS balance FROM accounts WHERE id = $1', [accountId]),
    )
  )[0]!.balance;

describe('card numbers', () => {
  it('are Luhn-valid test numbers, sealed so that only their own card opens them, with a CVV derived from the card', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('4000000000000003')).toBe(false);
    const vault = createCardVault(new Uint8Array(32).fill(1));
    const sealed = vault.seal('card-a', '4000001234567899');
    expect(sealed).not.toContain('4000001234567899');
    expect(vault.open('card-a', sealed)).toBe('4000001234567899');
    expect(() => vault.open('card-b', sealed)).toThrow();
    expect(() => createCardVault(new Uint8Array(32).fill(2)).open('card-a', sealed)).toThrow();
    expect(vault.cvv('card-a', '4000001234567899', 3, 2029)).toMatch(/^\d{3}$/);
    expect(vault.cvv('card-a', '4000001234567899', 3, 2029)).toBe(vault.cvv('card-a', '4000001234567899', 3, 2029));
  });
});

describe('the credit line', () => {
  it('is half the collateral’s value in euros, and card payments use it down to minus the limit', async () => {
    const c = await customer();
    expect(await line(c)).toMatchObject({ collateralValue: '0.00', creditLimit: '0.00', used: '0.00', available: '0.00', ltv: null });

    const pledged = await pledge(c, '1');
    expect(pledged.status, JSON.stringify(pledged.body)).toBe(200);
    const collateral = collateralSchema.parse(pledged.body);
    expect(collateral.holdings).toEqual([{ asset: 'BTC', amount: '1.00', rate: '40000.00', value: '40000.00', stale: false }]);
    expect(collateral.credit).toMatchObject({ collateralValue: '40000.00', creditLimit: '20000.00', available: '20000.00' });
    expect(collateral.thresholds).toEqual({ creditRatio: '50', warning: '65', marginCall: '75', liquidation: '85' });
    expect(await balanceOf(c.btcAccountId)).toBe('1.000000000000000000');

    const card = await virtualCard(c);
    expect(card).toMatchObject({ form: 'virtual', status: 'active', frozen: false, dailyLimit: '1000.00', monthlyLimit: '5000.00' });
    const paid = await pay(c, card.id, '120.50');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ amount: '-120.50', merchant: 'Café Lumière', available: '19879.50' });
    expect(await line(c)).toMatchObject({ used: '120.50', available: '19879.50', ltv: '0.30', ltvLevel: 'none' });
    expect(await balanceOf(c.cardAccountId)).toBe('-120.500000000000000000');
    // create-accounts-card answers the same account again, now owing.
    expect((await c.client.post('/accounts-management/create-accounts-card', {}, key())).body).toMatchObject({
      id: c.cardAccountId,
      balance: '-120.50',
    });

    const [activity] = await db.database.transaction((s) =>
      s.query<{ type: string; amount: string; counterparty: string; reference: string }>(
        'SELECT type, amount::text AS amount, counterparty, reference FROM activities WHERE account_id = $1',
        [c.cardAccountId],
      ),
    );
    expect(activity).toEqual({
      type: 'card_payment',
      amount: '-120.500000000000000000',
      counterparty: 'Café Lumière',
      reference: `Card •••• ${card.last4}`,
    });
    const listed = await c.client.get(`/card-accounts/${c.cardAccountId}/cards`);
    expect(listed.body[0]).toMatchObject({ id: card.id, spentToday: '120.50', spentThisMonth: '120.50' });
    expect(JSON.stringify(listed.body)).not.toMatch(/\d{16}/);
  });

  it('lists the card account for the customer, and refuses amounts with more than cents', async () => {
    const c = await customer();
    const list = await c.client.get('/card-accounts');
    expect(list.body.map((item: { id: string }) => item.id)).toEqual([c.cardAccountId]);
    await pledge(c, '1');
    const card = await virtualCard(c);
    expectError(await pay(c, card.id, '1.005'), 422, 'amount_too_precise');
    expectError(await pledge(c, '0.000000001'), 422, 'amount_too_precise');
    expectError(await pay(c, card.id, '0'), 422, 'validation_failed', ['amount']);
    expectError(await pay(c, card.id, '-5'), 422, 'validation_failed', ['amount']);
  });

  it('refuses a payment above the available credit, writing nothing', async () => {
    const c = await customer();
    await pledge(c, '0.01'); // 400 EUR of collateral: a 200 EUR line
    const card = await virtualCard(c);
    expect((await pay(c, card.id, '150')).status).toBe(200);
    const before = await db.counts();
    expectError(await pay(c, card.id, '50.01'), 409, 'credit_insufficient');
    expect(await db.counts()).toEqual(before);
    expect((await pay(c, card.id, '50')).status).toBe(200);
    expect(await line(c)).toMatchObject({ used: '200.00', available: '0.00' });
  });

  it('uses no stale rate: payments wait, the line shows it flagged', async () => {
    const c = await customer();
    await pledge(c, '1');
    const card = await virtualCard(c);
    server.clock.advance(6 * 60);
    expectError(await pay(c, card.id, '10'), 503, 'rate_stale');
    expect((await line(c)).stale).toBe(true);
    await setRates();
    expect((await pay(c, card.id, '10')).status).toBe(200);
  });

  it('answers a replayed payment from its first answer and posts it once', async () => {
    const c = await customer();
    await pledge(c, '1');
    const card = await virtualCard(c);
    const options = key();
    const first = await pay(c, card.id, '42', 'chip', options);
    const again = await pay(c, card.id, '42', 'chip', options);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await line(c)).toMatchObject({ used: '42.00' });
    expectError(
      await c.client.post('/simulate/card-authorizations', { cardId: card.id, amount: '1', merchant: 'x', channel: 'chip' }),
      422,
      'idempotency_key_required',
    );
  });
});

describe('card controls', () => {
  it('a frozen card authorizes nothing until unfrozen', async () => {
    const c = await customer();
    await pledge(c, '1');
    const card = await virtualCard(c);
    expect((await c.client.post(`/cards/${card.id}/freeze`)).body.frozen).toBe(true);
    expectError(await pay(c, card.id, '5'), 409, 'card_frozen');
    expect((await c.client.post(`/cards/${card.id}/unfreeze`, {})).body.frozen).toBe(false);
    expect((await pay(c, card.id, '5')).status).toBe(200);
  });

  it('the online and contactless switches refuse their channel only', async () => {
    const c = await customer();
    await pledge(c, '1');
    const card = await virtualCard(c);
    const changed = await c.client.post(`/cards/${card.id}/controls`, { online: false });
    expect(changed.body).toMatchObject({ online: false, contactless: true });
    expectError(await pay(c, card.id, '5', 'online'), 409, 'card_channel_disabled');
    expect((await pay(c, card.id, '5', 'contactless')).status).toBe(200);
    await c.client.post(`/cards/${card.id}/controls`, { contactless: false, online: true });
    expectError(await pay(c, card.id, '5', 'contactless'), 409, 'card_channel_disabled');
    expect((await pay(c, card.id, '5', 'online')).status).toBe(200);
  });

  it('holds the daily and monthly limits, which the customer may change within bounds', async () => {
    const c = await customer();
    await pledge(c, '1');
    const card = await virtualCard(c);
    expect((await pay(c, card.id, '950')).status).toBe(200);
    const refused = await pay(c, card.id, '50.01');
    expectError(refused, 409, 'card_limit_exceeded', ['period']);
    expect(refused.body.error.fields.period).toBe('day');
    expect((await pay(c, card.id, '50')).status).toBe(200);

    expectError(await c.client.post(`/cards/${card.id}/controls`, { dailyLimit: '6000' }), 422, 'card_limits_invalid');
    expectError(
      await c.client.post(`/cards/${card.id}/controls`, { monthlyLimit: '50000.01', dailyLimit: '100' }),
      422,
      'card_limits_invalid',
    );
    expectError(await c.client.post(`/cards/${card.id}/controls`, {}), 422, 'validation_failed');
    expect((await c.client.post(`/cards/${card.id}/controls`, { dailyLimit: '3000', monthlyLimit: '2500.5' })).status).toBe(422);
    const raised = await c.client.post(`/cards/${card.id}/controls`, { dailyLimit: '3000', monthlyLimit: '3500' });
    expect(raised.body).toMatchObject({ dailyLimit: '3000.00', monthlyLimit: '3500.00' });
    expect((await pay(c, card.id, '2000')).status).toBe(200);
    // The next day the daily limit is new, the month's is not.
    server.clock.advance(24 * 60 * 60);
    await setRates();
    await c.client.login(c.email, DEFAULT_PASSWORD);
    const monthly = await pay(c, card.id, '600');
    expectError(monthly, 409, 'card_limit_exceeded');
    expect(monthly.body.error.fields.period).toBe('month');
  });

  it('a physical card goes ordered → shipped → active', async () => {
    const c = await customer();
    await pledge(c, '1');
    const ordered = await c.client.post(`/card-accounts/${c.cardAccountId}/cards`, { form: 'physical' }, key());
    expect(ordered.body).toMatchObject({ form: 'physical', status: 'ordered' });
    expectError(await pay(c, ordered.body.id, '5'), 409, 'card_not_active');
    expectError(await c.client.post(`/cards/${ordered.body.id}/activate`), 409, 'card_not_shipped');
    expect((await c.client.post(`/simulate/cards/${ordered.body.id}/ship`)).body.status).toBe('shipped');
    expect((await c.client.post(`/cards/${ordered.body.id}/activate`)).body.status).toBe('active');
    expect((await pay(c, ordered.body.id, '5', 'contactless')).status).toBe(200);
  });

  it('reveals the number and CVV only after a card.reveal step-up, once per step-up, never storing either in clear', async () => {
    const c = await customer();
    const card = await virtualCard(c);
    expectError(await c.client.post(`/cards/${card.id}/reveal`), 403, 'step_up_required', ['action']);
    await stepUp(c.client, 'card.reveal', c.email);
    const revealed = await c.client.post(`/cards/${card.id}/reveal`);
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get('cache-control')).toBe('no-store');
    expect(isLuhnValid(revealed.body.number)).toBe(true);
    expect(revealed.body.number.slice(-4)).toBe(card.last4);
    expect(revealed.body.cvv).toMatch(/^\d{3}$/);
    expect(revealed.body).toMatchObject({ expiryMonth: card.expiryMonth, expiryYear: card.expiryYear });
    expectError(await c.client.post(`/cards/${card.id}/reveal`), 403, 'step_up_required');

    const stored = await db.owner.transaction((s) => s.query<Record<string, unknown>>('SELECT * FROM cards WHERE id = $1', [card.id]));
    expect(JSON.stringify(stored)).not.toContain(revealed.body.number);
    expect(JSON.stringify(stored)).not.toContain(revealed.body.number.slice(0, 12));
    // A step-up for another action does not reveal.
    await stepUp(c.client, 'withdrawal', c.email);
    expectError(await c.client.post(`/cards/${card.id}/reveal`), 403, 'step_up_required');
  });

  it('answers 404 for another customer’s card and card account, and for malformed ids', async () => {
    const owner = await customer();
    const stranger = await customer();
    await pledge(owner, '1');
    const card = await virtualCard(owner);
    await stepUp(stranger.client, 'card.reveal', stranger.email);
    for (const path of [`/cards/${card.id}/reveal`, `/cards/${card.id}/freeze`, `/cards/${card.id}/activate`]) {
      expectError(await stranger.client.post(path), 404, 'card_not_found');
    }
    expectError(await stranger.client.post(`/cards/${card.id}/controls`, { online: false }), 404, 'card_not_found');
    expectError(await pay(stranger, card.id, '5'), 404, 'card_not_found');
    for (const path of [
      `/card-accounts/${owner.cardAccountId}`,
      `/card-accounts/${owner.cardAccountId}/cards`,
      `/card-accounts/${owner.cardAccountId}/collateral`,
    ]) {
      expectError(await stranger.client.get(path), 404, 'card_account_not_found');
    }
    expectError(
      await stranger.client.post(`/card-accounts/${owner.cardAccountId}/collateral/add`, { asset: 'BTC', amount: '1' }, key()),
      404,
      'card_account_not_found',
    );
    // Repaying one's own card debt from someone else's account: that account is not found either.
    expectError(
      await stranger.client.post(
        `/card-accounts/${stranger.cardAccountId}/repay`,
        { fromAccountId: owner.eurAccountId, amount: '1' },
        key(),
      ),
      404,
      'account_not_found',
    );
    expectError(await owner.client.get('/card-accounts/not-a-uuid'), 404, 'card_account_not_found');
    expectError(await owner.client.post('/cards/not-a-uuid/freeze'), 404, 'card_not_found');
  });
});

describe('collateral', () => {
  it('previews and refuses a withdrawal that would leave more owed than the credit limit, naming the loan-to-value it would reach', async () => {
    const c = await customer();
    await pledge(c, '1');
    const card = await virtualCard(c);
    await c.client.post(`/cards/${card.id}/controls`, { dailyLimit: '50000', monthlyLimit: '50000' });
    expect((await pay(c, card.id, '20000')).status).toBe(200); // LTV 50 %: the whole line used

    const preview = await c.client.get(`/card-accounts/${c.cardAccountId}/collateral/preview?direction=withdraw&asset=BTC&amount=0.4`);
    expect(preview.body).toEqual({
      ltv: '83.33',
      creditLimit: '12000.00',
      available: '0.00',
      allowed: false,
      overPledged: false,
      stale: false,
    });
    const refused = await c.client.post(`/card-accounts/${c.cardAccountId}/collateral/withdraw`, { asset: 'BTC', amount: '0.4' }, key());
    expectError(refused, 409, 'ltv_too_high', ['ltv']);
    expect(refused.body.error.fields.ltv).toBe('83.33');

    const repaid = await c.client.post(`/card-accounts/${c.cardAccountId}/repay`, { fromAccountId: c.eurAccountId, amount: '2000' }, key());
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    const fine = await c.client.get(`/card-accounts/${c.cardAccountId}/collateral/preview?direction=withdraw&asset=BTC&amount=0.1`);
    expect(fine.body).toMatchObject({ ltv: '50.00', creditLimit: '18000.00', available: '0.00', allowed: true });
    const withdrawn = await c.client.post(`/card-accounts/${c.cardAccountId}/collateral/withdraw`, { asset: 'BTC', amount: '0.1' }, key());
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.credit).toMatchObject({
      collateralValue: '36000.00',
      creditLimit: '18000.00',
      used: '18000.00',
      available: '0.00',
      ltv: '50.00',
    });
    expect(await balanceOf(c.btcAccountId)).toBe('1.100000000000000000');
    expectError(
      await c.client.post(`/card-accounts/${c.cardAccountId}/collateral/withdraw`, { asset: 'BTC', amount: '5' }, key()),
      409,
      'insufficient_funds',
    );
    const added = await c.client.get(`/card-accounts/${c.cardAccountId}/collateral/preview?direction=add&asset=BTC&amount=1`);
    expect(added.body).toMatchObject({ ltv: '23.68', creditLimit: '38000.00', available: '20000.00', allowed: true });
  });

  it('previews a first pledge as the line it makes, and a withdrawal of more than is pledged as that, not as a loan-to-value', async () => {
    const c = await customer();
    const preview = (direction: string, amount: string) =>
      c.client.get(`/card-accounts/${c.cardAccountId}/collateral/preview?direction=${direction}&asset=BTC&amount=${amount}`);
    // No collateral account yet: 0.0307175 BTC is worth 1 228.70 EUR, half of it the line.
    expect((await preview('add', '0.0307175')).body).toEqual({
      ltv: null,
      creditLimit: '614.35',
      available: '614.35',
      allowed: true,
      overPledged: false,
      stale: false,
    });
    expect((await preview('withdraw', '0.0307175')).body).toMatchObject({ allowed: false, overPledged: true });

    await pledge(c, '1');
    const card = await virtualCard(c);
    await c.client.post(`/cards/${card.id}/controls`, { dailyLimit: '50000', monthlyLimit: '50000' });
    expect((await pay(c, card.id, '8000')).status).toBe(200); // LTV 20 %
    // 1.5 BTC of the 1 pledged: the line as it is, and why it cannot be.
    expect((await preview('withdraw', '1.5')).body).toEqual({
      ltv: '20.00',
      creditLimit: '20000.00',
      available: '12000.00',
      allowed: false,
      overPledged: true,
      stale: false,
    });
    expect((await preview('withdraw', '0.5')).body).toEqual({
      ltv: '40.00',
      creditLimit: '10000.00',
      available: '2000.00',
      allowed: true,
      overPledged: false,
      stale: false,
    });
  });

  it('lets collateral go freely without debt, and refuses pledging crypto the customer has not got', async () => {
    const c = await customer();
    await pledge(c, '1');
    expect(
      (await c.client.post(`/card-accounts/${c.cardAccountId}/collateral/withdraw`, { asset: 'BTC', amount: '1' }, key())).status,
    ).toBe(200);
    expectError(await pledge(c, '3'), 409, 'insufficient_funds');
    expectError(await pledge(c, '1', 'ETH'), 404, 'account_not_found');
  });
});

describe('repayment', () => {
  it('moves euros from the customer’s EUR account to the card account, never more than the debt', async () => {
    const c = await customer();
    await pledge(c, '1');
    const card = await virtualCard(c);
    await pay(c, card.id, '300');
    const repaid = await c.client.post(
      `/card-accounts/${c.cardAccountId}/repay`,
      { fromAccountId: c.eurAccountId, amount: '100.25' },
      key(),
    );
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    expect(repaid.body).toMatchObject({ used: '199.75', available: '19800.25' });
    expect(await balanceOf(c.eurAccountId)).toBe('4899.750000000000000000');
    expectError(
      await c.client.post(`/card-accounts/${c.cardAccountId}/repay`, { fromAccountId: c.eurAccountId, amount: '199.76' }, key()),
      409,
      'repayment_exceeds_debt',
    );
    expectError(
      await c.client.post(`/card-accounts/${c.cardAccountId}/repay`, { fromAccountId: c.btcAccountId, amount: '1' }, key()),
      404,
      'account_not_found',
    );
    expect(
      (await c.client.post(`/card-accounts/${c.cardAccountId}/repay`, { fromAccountId: c.eurAccountId, amount: '199.75' }, key())).body,
    ).toMatchObject({ used: '0.00' });
  });
});

describe('loan-to-value thresholds', () => {
  it('warns at 65 %, calls margin at 75 %, and at 85 % sells enough collateral to repay the debt', async () => {
    const c = await customer();
    await pledge(c, '1');
    const card = await virtualCard(c);
    await c.client.post(`/cards/${card.id}/controls`, { dailyLimit: '50000', monthlyLimit: '50000' });
    expect((await pay(c, card.id, '20000')).status).toBe(200);
    // Lines of the file's other customers are swept too: what is asserted is this customer's.
    const sweep = async () => {
      const answer = await (await asAdmin()).post('/admin/card-accounts/ltv-sweep');
      expect(answer.status).toBe(200);
      return answer.body as { checked: number; skippedStale: number; liquidated: number };
    };
    /** The loan-to-value messages written to the customer, oldest first (the outbox as the demo tools show it). */
    const messages = async () =>
      (
        (await c.client.get(`/dev/outbox?to=${encodeURIComponent(c.email)}`, { token: null })).body.messages as {
          template: string;
          body: string;
        }[]
      )
        .filter((m) => m.template.startsWith('ltv_'))
        .reverse();
    const notices = async () => (await messages()).map((m) => m.template);

    await setRates('37500'); // 30 000 EUR of collateral: LTV 66.67 %
    await sweep();
    expect(await line(c)).toMatchObject({ ltv: '66.67', ltvLevel: 'warning', available: '0.00' });
    await sweep();
    expect(await notices()).toEqual(['ltv_warning']);

    await setRates('32500'); // 26 000 EUR: 76.92 %
    await sweep();
    expect(await notices()).toEqual(['ltv_warning', 'ltv_margin_call']);
    expect((await messages()).at(-1)!.body).toContain('76.92');

    // Stale rates decide nothing.
    server.clock.advance(6 * 60);
    const stale = await sweep();
    expect(stale).toMatchObject({ skippedStale: stale.checked, liquidated: 0 });
    await c.client.login(c.email, DEFAULT_PASSWORD);

    await setRates('28000'); // 22 400 EUR: 89.29 %
    expect((await sweep()).liquidated).toBeGreaterThanOrEqual(1);
    expect(await notices()).toEqual(['ltv_warning', 'ltv_margin_call', 'ltv_liquidation']);
    expect(await line(c)).toMatchObject({ used: '0.00', ltv: null, ltvLevel: 'none' });
    // 20 000 EUR at 22 400 EUR per BTC: 0.89285715 BTC sold (rounded up to a satoshi), the rest still pledged.
    const held = collateralSchema.parse((await c.client.get(`/card-accounts/${c.cardAccountId}/collateral`)).body);
    expect(held.holdings).toEqual([{ asset: 'BTC', amount: '0.10714285', rate: '22400.00', value: '2399.99', stale: false }]);
    const rows = await db.database.transaction((s) =>
      s.query<{ account_id: string; type: string; amount: string }>(
        `SELECT account_id, type, amount::text AS amount FROM activities WHERE type = 'liquidation' AND user_id = $1 ORDER BY account_id = $2`,
        [c.userId, c.cardAccountId],
      ),
    );
    expect(rows.map((r) => [r.type, r.amount])).toEqual([
      ['liquidation', '-0.892857150000000000'],
      ['liquidation', '20000.000000000000000000'],
    ]);
  });
});
