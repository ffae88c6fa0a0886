import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { beneficiarySchema, payoutQuoteSchema, payoutSchema, type Beneficiary, type Payout } from '../../contract/payouts';
import { BODY_LIMIT_BYTES } from '../../server/http/request';
import { expectError, stepUp, useTestServer } from '../server/helpers';
import { fund } from '../server/payLinkHelpers';
import { withdrawalHelpers } from '../server/withdrawalHelpers';

/**
 * Bank payouts against a caller who is not the owner, or who sends what no form would: another
 * customer's beneficiary and payout ids are as unknown as made-up ones, hostile text never reaches the
 * book, and an Idempotency-Key pays out once, for one request.
 */
const { db, server } = useTestServer();
const { sqlRows, customer } = withdrawalHelpers(db);

type Customer = Awaited<ReturnType<typeof customer>>;
let owner: Customer;
let attacker: Customer;
let saved: Beneficiary;
let payout: Payout;

const countOf = async (table: 'beneficiaries' | 'payouts') =>
  (await sqlRows<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`))[0]!.count;
const balanceOf = async (userId: string) =>
  (
    await sqlRows<{ balance: string }>(`SELECT balance::text AS balance FROM accounts WHERE user_id = $1 AND currency = 'EUR'`, [userId])
  )[0]!.balance;

async function quote(who: Customer, beneficiaryId: string, amount = '10') {
  const answer = await who.client.post('/payouts/quotes', { currency: 'EUR', beneficiaryId, amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return payoutQuoteSchema.parse(answer.body);
}

beforeAll(async () => {
  [owner, attacker] = [await customer(server), await customer(server)];
  await fund(db, owner.userId, 'EUR', '100');
  await fund(db, attacker.userId, 'EUR', '100');
  await stepUp(owner.client, 'withdrawal.address', owner.phone);
  saved = beneficiarySchema.parse(
    (await owner.client.post('/beneficiaries', { holderName: 'Dana Dupont', iban: 'DE89370400440532013000', label: 'Savings' })).body,
  );
  await stepUp(owner.client, 'withdrawal', owner.phone);
  const paid = await owner.client.post(
    '/payouts',
    { quoteId: (await quote(owner, saved.id)).id },
    { headers: { 'idempotency-key': randomUUID() } },
  );
  payout = payoutSchema.parse(paid.body);
});

describe("another customer's ids", () => {
  it('are beneficiary_not_found and payout_not_found, as made-up ones, and change nothing', async () => {
    const client = attacker.client;
    expectError(
      await client.post('/payouts/quotes', { currency: 'EUR', beneficiaryId: saved.id, amount: '10' }),
      404,
      'beneficiary_not_found',
    );
    expectError(await client.request('PATCH', `/beneficiaries/${saved.id}`, { body: { label: 'Mine' } }), 404, 'beneficiary_not_found');
    expectError(await client.request('DELETE', `/beneficiaries/${saved.id}`), 404, 'beneficiary_not_found');
    expectError(await client.get(`/payouts/${payout.id}`), 404, 'payout_not_found');
    expectError(
      await client.post(`/simulate/payouts/${payout.id}/return`, { reason: 'AC04' }, { headers: { 'idempotency-key': randomUUID() } }),
      404,
      'payout_not_found',
    );
    expect((await client.get('/payouts')).body).toEqual({ payouts: [] });
    expect((await owner.client.get(`/payouts/${payout.id}`)).body).toEqual(payout);
    expect((await owner.client.get('/beneficiaries')).body.beneficiaries).toEqual([saved]);
    // Nor does another customer's quote pay out from their session.
    await stepUp(attacker.client, 'withdrawal', attacker.phone);
    const ownerQuote = await quote(owner, saved.id);
    expectError(
      await attacker.client.post('/payouts', { quoteId: ownerQuote.id }, { headers: { 'idempotency-key': randomUUID() } }),
      404,
      'quote_not_found',
    );
    expect(await balanceOf(owner.userId)).toBe('90.000000000000000000');
  });
});

describe('hostile text', () => {
  it('a NUL byte, a control or invisible character or a huge body never reaches the book', async () => {
    const before = await countOf('beneficiaries');
    await stepUp(attacker.client, 'withdrawal.address', attacker.phone);
    const body = { holderName: 'Eve Example', iban: 'FR1420041010050500013M02606', label: 'Mine' };
    // A NUL byte is refused in any request body before the book is asked.
    expectError(await attacker.client.post('/beneficiaries', { ...body, iban: `${body.iban}\u0000` }), 422, 'validation_failed', ['iban']);
    expectError(await attacker.client.post('/beneficiaries', { ...body, iban: `${body.iban}\u0007` }), 422, 'iban_invalid');
    expectError(await attacker.client.post('/beneficiaries', { ...body, holderName: 'Eve\u0000Example' }), 422, 'validation_failed', [
      'holderName',
    ]);
    // Nothing invisible in a name printed on the customer's statement and the bank's file: a right-to-left
    // override would make it read backwards, a zero-width space would hide in it.
    expectError(await attacker.client.post('/beneficiaries', { ...body, holderName: 'Eve\u202EExample' }), 422, 'validation_failed', [
      'holderName',
    ]);
    expectError(await attacker.client.post('/beneficiaries', { ...body, label: 'Mi\u200Bne' }), 422, 'validation_failed', ['label']);
    expectError(await attacker.client.post('/beneficiaries', { ...body, bic: 'PSST\nFRPP' }), 422, 'bic_invalid');
    expectError(await attacker.client.post('/beneficiaries', { ...body, label: 'x'.repeat(BODY_LIMIT_BYTES) }), 413, 'payload_too_large');
    expect(await countOf('beneficiaries')).toBe(before);
    // The grant was not spent by the refusals: the right account still goes in.
    expect((await attacker.client.post('/beneficiaries', body)).status).toBe(201);
  });
});

describe('a replayed Idempotency-Key', () => {
  it('answers the first payout again and pays nothing twice; with another request it is refused', async () => {
    const payouts = await countOf('payouts');
    const key = randomUUID();
    await stepUp(owner.client, 'withdrawal', owner.phone);
    const body = { quoteId: (await quote(owner, saved.id)).id };
    const first = await owner.client.post('/payouts', body, { headers: { 'idempotency-key': key } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const replay = await owner.client.post('/payouts', body, { headers: { 'idempotency-key': key } });
    expect({ status: replay.status, body: replay.body }).toEqual({ status: 201, body: first.body });
    await stepUp(owner.client, 'withdrawal', owner.phone);
    expectError(
      await owner.client.post('/payouts', { quoteId: (await quote(owner, saved.id)).id }, { headers: { 'idempotency-key': key } }),
      422,
      'idempotency_key_reused',
    );
    expect(await countOf('payouts')).toBe(payouts + 1);
    expect(await balanceOf(owner.userId)).toBe('80.000000000000000000');
  });
});
