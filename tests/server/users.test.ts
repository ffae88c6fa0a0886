import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locales';
import { userDepositLevelsSchema } from '../../contract/users';
import { accounts, users } from '../../server/db/schema';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../server/db/seed';
import { credit } from '../../server/services/ledger';
import { COOLDOWNS, RATE_LIMITS } from '../../server/services/rate-limit';
import { TERMS_VERSION } from '../../contract/terms';
import { TEST_EPOCH, TestClient, TestClock, createTestServer, expectError, registerCustomer, useTestServer } from './helpers';

const { db, server } = useTestServer();

async function customer() {
  const client = new TestClient(server);
  await registerCustomer(client);
  return client;
}

describe('GET /users/me', () => {
  it('answers the profile of the signed-in customer only', async () => {
    const client = new TestClient(server);
    const { email } = await registerCustomer(client, { country: 'TH', language: 'th' });
    const me = (await client.get('/users/me')).body;
    expect(me).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      emailVerified: false,
      firstName: null,
      lastName: null,
      country: 'TH',
      language: 'th',
      refCode: null,
      createdAt: TEST_EPOCH.toISOString(),
      phone: null,
      phoneConfirmed: false,
      pendingPhone: null,
      kycStatus: 'not_started',
      role: 'customer',
      termsVersion: TERMS_VERSION,
    });
    expectError(await client.get('/users/me', { token: null }), 401, 'unauthorized');
  });
});

describe('user settings', () => {
  it('saves the language; every one of the 8 locales is accepted', async () => {
    const client = await customer();
    expect((await client.get('/user-settings')).body).toEqual({ language: 'en' });
    for (const language of LOCALES) {
      expect((await client.post('/user-settings', { language })).body).toEqual({ language });
    }
    expect((await client.get('/user-settings')).body).toEqual({ language: LOCALES.at(-1) });
    expect((await client.get('/users/me')).body.language).toBe(LOCALES.at(-1));
  });

  it('refuses a language outside the 8 locales', async () => {
    const client = await customer();
    expectError(await client.post('/user-settings', { language: 'it' }), 422, 'validation_failed', ['language']);
    expectError(await client.post('/user-settings', { language: 'EN' }), 422, 'validation_failed', ['language']);
  });

  it('keeps the settings when nothing is sent', async () => {
    const client = await customer();
    await client.post('/user-settings', { language: 'ar' });
    expect((await client.post('/user-settings', {})).body).toEqual({ language: 'ar' });
  });
});

describe('POST /users/update-name', () => {
  it('sets both names, trimmed', async () => {
    const client = await customer();
    const answer = await client.post('/users/update-name', { firstName: '  Zoë ', lastName: 'Ng-Ōkubo' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ firstName: 'Zoë', lastName: 'Ng-Ōkubo' });
    expect((await client.get('/users/me')).body).toMatchObject({ firstName: 'Zoë', lastName: 'Ng-Ōkubo' });
  });
});

describe('POST /users/promocode', () => {
  it('redeems a seeded code once per customer, case-insensitively', async () => {
    const client = await customer();
    const answer = await client.post('/users/promocode', { code: 'welcome10' });
    expect(answer).toMatchObject({
      status: 200,
      body: { code: 'WELCOME10', description: expect.any(String), redeemedAt: TEST_EPOCH.toISOString() },
    });
    expectError(await client.post('/users/promocode', { code: 'WELCOME10' }), 409, 'promo_already_redeemed');
    // Another customer may still redeem it, and this one may redeem another code.
    expect((await (await customer()).post('/users/promocode', { code: 'WELCOME10' })).status).toBe(200);
    expect((await client.post('/users/promocode', { code: 'FRIENDS' })).status).toBe(200);
  });

  it('answers promo_unknown for a code that does not exist', async () => {
    expectError(await (await customer()).post('/users/promocode', { code: 'NOPE2000' }), 404, 'promo_unknown');
  });

  it('answers promo_expired after the expiry date', async () => {
    const local = createTestServer(db, { clock: new TestClock(new Date('2027-01-01T00:00:00Z')) });
    const client = new TestClient(local);
    await registerCustomer(client);
    expectError(await client.post('/users/promocode', { code: 'MERIDIAN2026' }), 422, 'promo_expired');
    expect((await client.post('/users/promocode', { code: 'WELCOME10' })).status).toBe(200);
  });
});

describe('the seeded people', () => {
  it('the demo customer is KYC-approved with a confirmed e-mail and no phone, and signs in with the password alone', async () => {
    const client = new TestClient(server);
    const login = await client.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(login.status).toBe(200);
    expect(login.body.accessToken).toEqual(expect.any(String));
    expect((await client.get('/users/me')).body).toMatchObject({
      email: DEMO_CUSTOMER.email,
      emailVerified: true,
      phone: null,
      phoneConfirmed: false,
      kycStatus: 'approved',
      role: 'customer',
    });
    // Its seeded deposits (10 809.81 USD) put it on level 3.
    expect((await client.get('/users-deposit-levels/by-user')).body).toMatchObject({ currentLevel: 3, totalDeposits: '10809.81' });
  });

  it('the demo admin has the admin role', async () => {
    const client = new TestClient(server);
    expect((await client.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    expect((await client.get('/users/me')).body).toMatchObject({ email: DEMO_ADMIN.email, role: 'admin' });
  });
});

describe('GET /users-deposit-levels/by-user', () => {
  it('lists the levels, lowest first, and the customer’s level (1 until deposits exist)', async () => {
    const answer = await (await customer()).get('/users-deposit-levels/by-user');
    const levels = userDepositLevelsSchema.parse(answer.body);
    expect(levels.currentLevel).toBe(1);
    expect(levels.levels.map((level) => level.level)).toEqual([1, 2, 3, 4]);
    expect(levels.levels[0]).toEqual({
      level: 1,
      name: 'Start',
      minTotalDeposit: '0.00',
      currency: 'USD',
      limits: {
        top_up: { daily: '1000.00', monthly: '5000.00' },
        transfer: { daily: '500.00', monthly: '2000.00' },
        payment: { daily: '500.00', monthly: '2000.00' },
        withdrawal: { daily: '500.00', monthly: '2000.00' },
        receive: { daily: '1000.00', monthly: '5000.00' },
      },
    });
    expect(levels).toMatchObject({
      reachedLevel: 1,
      kycRequired: true,
      totalDeposits: '0.00',
      next: { level: 2, name: 'Silver', minTotalDeposit: '1000.00', remaining: '1000.00', progressPercent: 0 },
    });
  });

  it('follows the deposits, capped at level 1 until KYC is approved', async () => {
    const client = await customer();
    const userId = (await client.get('/users/me')).body.id as string;
    const accountId = randomUUID();
    await db.database.db
      .insert(accounts)
      .values({ id: accountId, userId, kind: 'fiat', currency: 'USD', name: 'Dollars', createdAt: TEST_EPOCH });
    // 12 500 USD deposited: enough for Gold (10 000), a quarter of the way to Platinum (50 000).
    await credit(db.database.db, {
      kind: 'deposit',
      userId,
      accountId,
      asset: 'USD',
      amount: '12500',
      at: TEST_EPOCH,
      activity: { type: 'deposit', counterparty: 'Employer GmbH', reference: 'Salary' },
    });
    const capped = userDepositLevelsSchema.parse((await client.get('/users-deposit-levels/by-user')).body);
    expect(capped).toMatchObject({
      currentLevel: 1,
      reachedLevel: 3,
      kycRequired: true,
      totalDeposits: '12500.00',
      next: { level: 2, remaining: '0.00', progressPercent: 100 },
    });

    await db.database.db.update(users).set({ kycStatus: 'approved' }).where(eq(users.id, userId));
    const approved = userDepositLevelsSchema.parse((await client.get('/users-deposit-levels/by-user')).body);
    expect(approved).toMatchObject({
      currentLevel: 3,
      reachedLevel: 3,
      kycRequired: false,
      next: { level: 4, name: 'Platinum', remaining: '37500.00', progressPercent: 6.25 },
    });
    expect((await client.get('/users/me')).body.kycStatus).toBe('approved');
  });
});

describe('POST /utm-tracking', () => {
  const tags = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring', utm_term: null, utm_content: null };

  it('records the tags of a visitor and of a signed-in customer', async () => {
    const before = (await db.counts()).utm_visits!;
    expect((await new TestClient(server).post('/utm-tracking', tags)).body).toEqual({ ok: true });
    expect((await (await customer()).post('/utm-tracking', tags)).body).toEqual({ ok: true });
    expect((await db.counts()).utm_visits).toBe(before + 2);
  });

  it('treats an invalid bearer token as a visitor instead of answering 401', async () => {
    expect((await new TestClient(server).post('/utm-tracking', tags, { token: 'a.b.c' })).status).toBe(200);
  });

  it(`accepts ${RATE_LIMITS.utmPerIp.limit} reports an hour from one address`, async () => {
    const client = new TestClient(server);
    for (let i = 0; i < RATE_LIMITS.utmPerIp.limit; i++) expect((await client.post('/utm-tracking', tags)).status).toBe(200);
    expectError(await client.post('/utm-tracking', tags), 429, 'rate_limited');
  });
});

describe('GET /dev/outbox', () => {
  it('lists the messages to an address, newest first', async () => {
    const local = createTestServer(db);
    const client = new TestClient(local);
    const { email } = await registerCustomer(client);
    local.clock.advance(COOLDOWNS.codeResend.seconds);
    await client.post('/auth/verify-email/resend');
    const { messages } = (await client.get(`/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`)).body;
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ to: email, channel: 'email', template: 'verify_email' });
    expect(messages[0].body).not.toBe(messages[1].body);
  });

  it('requires the address', async () => {
    expectError(await new TestClient(server).get('/dev/outbox'), 422, 'validation_failed', ['to']);
  });

  it('does not exist outside demo mode', async () => {
    const production = createTestServer(db, { config: { production: true, demoMode: false } });
    expectError(await new TestClient(production).get(`/dev/outbox?to=${DEMO_CUSTOMER.email}`), 404, 'not_found');
  });
});
