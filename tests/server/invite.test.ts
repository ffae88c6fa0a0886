import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inviteDashboardSchema, inviteSchema, REFERRAL_CODE_PATTERN } from '../../contract/invite';
import { maybeRewardReferrer } from '../../server/services/referrals';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { expectError, registerCustomer, registerVerifiedCustomer, TestClient, useTestServer } from './helpers';

const { db, server } = useTestServer();

const sqlRows = <Row>(text: string, params?: unknown[]) => db.owner.transaction((session) => session.query<Row>(text, params));
const withKey = () => ({ headers: { 'idempotency-key': randomUUID() } });

async function idOf(email: string): Promise<string> {
  const [row] = await sqlRows<{ id: string }>('SELECT id::text FROM users WHERE email = $1', [email]);
  return row!.id;
}

/** A signed-in customer with a verified e-mail, optionally joined with a referral code as typed. */
async function customer(refCode?: string) {
  const client = new TestClient(server);
  const { email } = await registerVerifiedCustomer(client, refCode === undefined ? {} : { refCode });
  return { client, email, id: await idOf(email) };
}

async function codeOf(client: TestClient): Promise<string> {
  const answer = await client.get('/invite');
  expect(answer.status).toBe(200);
  return inviteSchema.parse(answer.body).code;
}

/** The decision an identity review makes (the KYC area's work), then the hook it calls. */
async function approveKyc(userId: string) {
  await sqlRows("UPDATE users SET kyc_status = 'approved' WHERE id = $1", [userId]);
}

async function deposit(client: TestClient, amount: string) {
  const account = await client.post('/accounts-management/open-account', { currency: 'USD' }, withKey());
  expect(account.status, JSON.stringify(account.body)).toBe(200);
  const { reference } = (await client.get('/inject/fiat/details')).body as { reference: string };
  const answer = await client.post('/simulate/bank-transfer', { currency: 'USD', amount, senderName: 'Me', reference }, withKey());
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function rewardsOf(userId: string) {
  return sqlRows<{ amount: string; currency: string; type: string; kind: string }>(
    `SELECT a.amount::text, a.currency, a.type, t.kind FROM activities a JOIN ledger_transactions t ON t.id = a.transaction_id
     WHERE a.user_id = $1 AND a.type = 'referral_reward'`,
    [userId],
  );
}

/** Runs the reward hook in its own transaction, as a deposit or a KYC approval does. */
function rewardHook(inviteeId: string): Promise<boolean> {
  return db.database.db.transaction((tx) => maybeRewardReferrer(tx, inviteeId, server.clock.now));
}

describe('GET /invite', () => {
  it('gives every customer one code of their own, the same on every call', async () => {
    const a = await customer();
    const b = await customer();
    const [codeA, codeA2, codeB] = [await codeOf(a.client), await codeOf(a.client), await codeOf(b.client)];
    expect(codeA).toMatch(REFERRAL_CODE_PATTERN);
    expect(codeA2).toBe(codeA);
    expect(codeB).not.toBe(codeA);
    expect((await a.client.get('/invite')).body.reward).toEqual({ amount: '10', asset: 'USDT', depositThresholdUsd: '100' });
  });

  it('makes one code when the first visits race', async () => {
    const a = await customer();
    const codes = await Promise.all(Array.from({ length: 4 }, () => codeOf(a.client)));
    expect(new Set(codes).size).toBe(1);
  });

  it('the database refuses two customers with one code', async () => {
    const a = await customer();
    const b = await customer();
    const code = await codeOf(a.client);
    await expect(sqlRows('UPDATE users SET referral_code = $1 WHERE id = $2', [code, b.id])).rejects.toThrow();
  });

  it('needs a session', async () => {
    expectError(await new TestClient(server).get('/invite', { token: null }), 401, 'unauthorized');
    expectError(await new TestClient(server).get('/invite/dashboard', { token: null }), 401, 'unauthorized');
  });
});

describe('the referral at sign-up', () => {
  it('resolves the ref_code kept at sign-up to the referrer, whatever its case, in the dashboard', async () => {
    const referrer = await customer();
    const code = await codeOf(referrer.client);
    const invitee = await customer(code.toLowerCase());
    const unverified = new TestClient(server);
    const { email: unverifiedEmail } = await registerCustomer(unverified, { refCode: code });
    await customer('NOONE123');
    const dashboard = inviteDashboardSchema.parse((await referrer.client.get('/invite/dashboard')).body);
    expect(dashboard.totals).toEqual({ invited: 2, signedUp: 1, verified: 0, rewarded: 0, earned: '0.00', asset: 'USDT' });
    const emails = dashboard.invitees.map((row) => row.email);
    expect(emails).toHaveLength(2);
    // Masked: the first character and the domain, never the whole address.
    for (const [row, email] of [
      [dashboard.invitees.find((r) => r.emailVerified)!, invitee.email],
      [dashboard.invitees.find((r) => !r.emailVerified)!, unverifiedEmail],
    ] as const) {
      expect(row.email).not.toContain(email.split('@')[0]);
      expect(row.email).toBe(`${email[0]}•••@${email.split('@')[1]}`);
    }
    // The invitee's own dashboard does not list the referrer.
    expect((await invitee.client.get('/invite/dashboard')).body.totals.invited).toBe(0);
  });
});

describe('the referral reward', () => {
  it('pays 10 USDT once, when the invitee is KYC-approved and has deposited 100 USD (deposit last)', async () => {
    const referrer = await customer();
    const invitee = await customer(await codeOf(referrer.client));
    await approveKyc(invitee.id);
    await deposit(invitee.client, '60.00');
    expect(await rewardsOf(referrer.id)).toEqual([]);
    await deposit(invitee.client, '40.00');
    expect(await rewardsOf(referrer.id)).toEqual([
      { amount: '10.000000000000000000', currency: 'USDT', type: 'referral_reward', kind: 'reward' },
    ]);
    await deposit(invitee.client, '500.00');
    expect(await rewardsOf(referrer.id)).toHaveLength(1);
    const dashboard = inviteDashboardSchema.parse((await referrer.client.get('/invite/dashboard')).body);
    expect(dashboard.totals).toMatchObject({ invited: 1, signedUp: 1, verified: 1, rewarded: 1, earned: '10.00' });
    expect(dashboard.invitees[0]!.rewardedAt).not.toBeNull();
    // The referrer sees it in the activity list, and the invitee earns nothing.
    const listed = await referrer.client.get('/activities?limit=1');
    expect(listed.body.items[0]).toMatchObject({ type: 'referral_reward', amount: '10.00', currency: 'USDT' });
    expect(await rewardsOf(invitee.id)).toEqual([]);
  });

  it('pays when the KYC approval comes after the deposits (the approval calls the hook)', async () => {
    const referrer = await customer();
    const invitee = await customer(await codeOf(referrer.client));
    await deposit(invitee.client, '150.00');
    expect(await rewardsOf(referrer.id)).toEqual([]);
    expect(await rewardHook(invitee.id)).toBe(false);
    await approveKyc(invitee.id);
    expect(await rewardHook(invitee.id)).toBe(true);
    expect(await rewardHook(invitee.id)).toBe(false);
    expect(await rewardsOf(referrer.id)).toHaveLength(1);
  });

  it('pays once when completions race', async () => {
    const referrer = await customer();
    const invitee = await customer(await codeOf(referrer.client));
    await deposit(invitee.client, '100.00');
    await approveKyc(invitee.id);
    const paid = await Promise.all(Array.from({ length: 6 }, () => rewardHook(invitee.id)));
    expect(paid.filter(Boolean)).toHaveLength(1);
    expect(await rewardsOf(referrer.id)).toHaveLength(1);
  });

  it('never pays for self-referral, and the database refuses it too', async () => {
    const self = await customer();
    const code = await codeOf(self.client);
    // A customer whose sign-up code is their own (the code was made later, by chance the same).
    await sqlRows('UPDATE users SET ref_code = $1 WHERE id = $2', [code, self.id]);
    await approveKyc(self.id);
    await deposit(self.client, '200.00');
    expect(await rewardsOf(self.id)).toEqual([]);
    expect((await self.client.get('/invite/dashboard')).body.totals.invited).toBe(0);
    await expect(
      sqlRows("INSERT INTO referral_rewards (invitee_id, referrer_id, amount, currency, created_at) VALUES ($1, $1, 10, 'USDT', now())", [
        self.id,
      ]),
    ).rejects.toThrow();
  });

  it('pays nothing for an unknown code or below the threshold', async () => {
    const invitee = await customer('ZZZZZZZZ');
    await approveKyc(invitee.id);
    await deposit(invitee.client, '300.00');
    expect(await rewardHook(invitee.id)).toBe(false);
    const referrer = await customer();
    const small = await customer(await codeOf(referrer.client));
    await approveKyc(small.id);
    await deposit(small.client, '99.99');
    expect(await rewardsOf(referrer.id)).toEqual([]);
  });
});

describe('POST /users/update-name', () => {
  it('refuses invisible and direction-changing characters, keeping the saved name', async () => {
    const { client } = await customer();
    await client.post('/users/update-name', { firstName: 'Layla', lastName: 'Haddad' });
    expectError(await client.post('/users/update-name', { firstName: 'Lay\u202Ela', lastName: 'Haddad' }), 422, 'validation_failed', [
      'firstName',
    ]);
    expectError(await client.post('/users/update-name', { firstName: 'Layla', lastName: 'Had\u200Bdad' }), 422, 'validation_failed', [
      'lastName',
    ]);
    expectError(await client.post('/users/update-name', { firstName: ' ', lastName: 'Haddad' }), 422, 'validation_failed', ['firstName']);
    expect((await client.get('/users/me')).body).toMatchObject({ firstName: 'Layla', lastName: 'Haddad' });
  });

  it('is locked once the identity check is approved', async () => {
    const { client, id } = await customer();
    await client.post('/users/update-name', { firstName: 'Layla', lastName: 'Haddad' });
    await approveKyc(id);
    expectError(await client.post('/users/update-name', { firstName: 'Other', lastName: 'Name' }), 409, 'name_locked');
    expect((await client.get('/users/me')).body).toMatchObject({ firstName: 'Layla', lastName: 'Haddad' });
  });

  it('the demo customer (approved) cannot rename either', async () => {
    const demo = new TestClient(server);
    expect((await demo.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
    expectError(await demo.post('/users/update-name', { firstName: 'X', lastName: 'Y' }), 409, 'name_locked');
  });
});

describe('the onboarding intro setting', () => {
  it('is unseen for a new customer, then seen on every device', async () => {
    const { client, email } = await customer();
    expect((await client.get('/user-settings/onboarding')).body).toEqual({ introSeen: false });
    expect((await client.post('/user-settings/onboarding/intro-seen', {})).body).toEqual({ introSeen: true });
    expect((await client.post('/user-settings/onboarding/intro-seen', {})).body).toEqual({ introSeen: true });
    const other = new TestClient(server);
    expect((await other.login(email, 'correct horse 42 battery')).status).toBe(200);
    expect((await other.get('/user-settings/onboarding')).body).toEqual({ introSeen: true });
    // The language setting is untouched.
    expect((await other.get('/user-settings')).body).toEqual({ language: 'en' });
  });

  it('refuses a body with fields', async () => {
    const { client } = await customer();
    expectError(await client.post('/user-settings/onboarding/intro-seen', { introSeen: false }), 422, 'validation_failed');
  });
});
