import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_RULES, LEAVES_MERIDIAN, MOVES_MONEY, type CustomerRule } from '../../contract/customerRules';
import { endpoints, type EndpointSpec } from '../../contract/endpoints';
import { LOCALES } from '../../contract/locales';
import { users } from '../../server/db/schema';
import { expectError, meetRules, registerCustomer, registerVerifiedCustomer, stepUp, TestClient, useTestServer } from '../server/helpers';
import { fund } from '../server/payLinkHelpers';
import { failureText } from '../../src/ui/failureText';
import { lookUpIn } from '../translate';

// Issue 21, item 2: the rules of money were the browser's route guard only. A customer who calls the
// API without a verified e-mail, a confirmed phone or an approved identity check is now refused by the
// server, before anything is read, written or spent.

const { db, server } = useTestServer();

type AnySpec = EndpointSpec<never, never>;
const table = Object.entries(endpoints) as [string, AnySpec][];
const isAddressBook = (spec: AnySpec) => spec.path.startsWith('/withdrawal-addresses');
const ruled = table.filter(([, spec]) => spec.idempotent || isAddressBook(spec));
const RULES = Object.keys(CUSTOMER_RULES) as CustomerRule[];
const TESTNET_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

const userIdOf = async (email: string) => (await db.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;

/** A signed-in customer who meets every rule but `unmet` (none: a brand-new account meets none). */
async function customerFailing(unmet: CustomerRule | 'all') {
  const client = new TestClient(server);
  const { email } = await registerCustomer(client);
  const userId = await userIdOf(email);
  await meetRules(db, userId, unmet === 'all' ? [] : RULES.filter((rule) => rule !== unmet));
  // Registration accepts the terms in force: failing that rule is having accepted an older version.
  if (unmet === 'all' || unmet === 'terms-accepted') {
    await db.database.db.update(users).set({ termsVersion: '2025-06' }).where(eq(users.id, userId));
  }
  return { client, email, userId };
}

describe('the contract (static)', () => {
  it.each(ruled)('%s, a money or address-book endpoint, declares what it requires', (_, spec) => {
    expect(spec.requires, 'declare `requires` ([] when it deliberately needs nothing)').toBeInstanceOf(Array);
  });

  it('asks every rule to send money out of Meridian, and a verified e-mail and the current terms to move it within', () => {
    const rulesOf = (method: string, path: string) => table.find(([, spec]) => spec.method === method && spec.path === path)![1].requires;
    for (const [, spec] of table.filter(([, spec]) => isAddressBook(spec))) expect(spec.requires).toEqual(LEAVES_MERIDIAN);
    expect(rulesOf('POST', '/withdrawals/quotes')).toEqual(LEAVES_MERIDIAN);
    expect(rulesOf('POST', '/withdrawals')).toEqual(LEAVES_MERIDIAN);
    for (const path of [
      '/transfers/quotes',
      '/transfers',
      '/pay-links',
      '/pay-links/:hash/quotes',
      '/pay-links/:hash/pay',
      '/inject/pay-by-code',
    ]) {
      expect(rulesOf('POST', path), path).toEqual(MOVES_MONEY);
    }
  });
});

describe('a customer who fails a rule, calling the API directly', () => {
  const failing = {} as Record<CustomerRule | 'all', Awaited<ReturnType<typeof customerFailing>>>;
  beforeAll(async () => {
    for (const unmet of [...RULES, 'all'] as const) failing[unmet] = await customerFailing(unmet);
  });

  // Every endpoint that requires something: the money and address-book ones, and the quotes and pay links before them.
  const cases = table.flatMap(([name, spec]) => [
    ...(spec.requires ?? []).map((rule) => ({ name, spec, who: rule as CustomerRule | 'all', code: CUSTOMER_RULES[rule] })),
    // A new account meets none: the first rule is named, as the route guard sends it there first.
    ...(spec.requires?.length ? [{ name, spec, who: 'all' as const, code: CUSTOMER_RULES[spec.requires[0]!] }] : []),
  ]);

  it.each(cases)('$name without $who: 403 $code, nothing written', async ({ spec, who, code }) => {
    const path = spec.path.replace(/:\w+/g, () => randomUUID());
    const before = await db.counts();
    const answer = await failing[who].client.request(spec.method, path, {
      ...(spec.body ? { body: {} } : {}),
      ...(spec.idempotent ? { headers: { 'idempotency-key': randomUUID() } } : {}),
    });
    expectError(answer, 403, code);
    expect(await db.counts()).toEqual(before);
  });
});

describe("the issue's account: e-mail verified, no phone, identity check not started", () => {
  it('adds no address, gets no quote and sends nothing; its step-ups wait, unspent, until the rules are met', async () => {
    const client = new TestClient(server);
    const { email } = await registerVerifiedCustomer(client);
    const userId = await userIdOf(email);
    await fund(db, userId, 'BTC', '0.01');
    const address = { network: 'bitcoin', address: TESTNET_ADDRESS, label: 'Cold' };

    // The rule is named first: no step-up is asked for that could not serve.
    expectError(await client.post('/withdrawal-addresses', address), 403, 'phone_required');
    await stepUp(client, 'withdrawal.address', email);
    let before = await db.counts();
    expectError(await client.post('/withdrawal-addresses', address), 403, 'phone_required');
    const phone = (await meetRules(db, userId, ['phone-confirmed']))!;
    expectError(await client.post('/withdrawal-addresses', address), 403, 'kyc_required');
    expectError(await client.get('/withdrawal-addresses'), 403, 'kyc_required');
    expect(await db.counts()).toEqual(before);

    // Once the rules are met, the step-up given before serves: the refusals did not spend it.
    await meetRules(db, userId, ['kyc-approved']);
    const saved = await client.post('/withdrawal-addresses', address);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const quote = await client.post('/withdrawals/quotes', { asset: 'BTC', addressId: saved.body.id, amount: '0.004' });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);

    // The identity check is reopened between the quote and the confirmation: the withdrawal waits.
    await stepUp(client, 'withdrawal', phone);
    await db.database.db.update(users).set({ kycStatus: 'pending' }).where(eq(users.id, userId));
    before = await db.counts();
    const send = () => client.post('/withdrawals', { quoteId: quote.body.id }, { headers: { 'idempotency-key': randomUUID() } });
    expectError(await send(), 403, 'kyc_required');
    expect(await db.counts()).toEqual(before);
    await meetRules(db, userId, ['kyc-approved']);
    const sent = await send();
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  });
});

describe('what the app shows for a refused rule', () => {
  it.each(LOCALES)('in %s: what to do, not "try again", on any screen that shows a failure', (locale) => {
    const messages = JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as {
      errors: Record<string, string>;
    };
    const t = lookUpIn(messages);
    for (const code of Object.values(CUSTOMER_RULES)) {
      const text = failureText(t, 'withdraw.failures', { code });
      expect(text, code).toBe(messages.errors[code]);
      expect(text, code).not.toBe(messages.errors.unknown);
    }
  });
});
