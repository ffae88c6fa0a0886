import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { checkBankAccount } from '../../contract/bankAccount';
import { add, compare } from '../../contract/decimal';
import { beneficiariesSchema, beneficiarySchema, payoutQuoteSchema, payoutSchema, type Payout } from '../../contract/payouts';
import type { Db } from '../../server/db/database';
import { ApiError } from '../../server/errors';
import { PAIN_001_NAMESPACE } from '../../server/payouts/pain001';
import { sepaFileRail, simulatedSepaRail, type PayoutRail } from '../../server/payouts/rails';
import { createPayoutService } from '../../server/payouts/service';
import { createTestServer, expectError, POSTGRES_URL, stepUp, testConfig, type TestServer } from './helpers';
import { useTestDatabase } from './helpers';
import { fund } from './payLinkHelpers';
import { withdrawalHelpers } from './withdrawalHelpers';

const db = useTestDatabase();
const { sqlRows, customer, expectLedgerBalanced } = withdrawalHelpers(db);

type Customer = Awaited<ReturnType<typeof customer>>;

const DE = 'DE89370400440532013000';
const GB = 'GB29NWBK60161331926819';

async function saveBeneficiary(who: Customer, iban = 'DE89 3704 0044 0532 0130 00', bic?: string) {
  await stepUp(who.client, 'withdrawal.address', who.phone);
  const answer = await who.client.post('/beneficiaries', { holderName: 'Dana Dupont', iban, label: 'Savings', ...(bic ? { bic } : {}) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return beneficiarySchema.parse(answer.body);
}

async function quote(who: Customer, beneficiaryId: string, amount: string) {
  const answer = await who.client.post('/payouts/quotes', { currency: 'EUR', beneficiaryId, amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return payoutQuoteSchema.parse(answer.body);
}

async function payOut(who: Customer, quoteId: string, key = randomUUID()) {
  await stepUp(who.client, 'withdrawal', who.phone);
  return who.client.post('/payouts', { quoteId }, { headers: { 'idempotency-key': key } });
}

const bounce = (who: Customer, id: string, reason = 'AC04', key = randomUUID()) =>
  who.client.post(`/simulate/payouts/${id}/return`, { reason }, { headers: { 'idempotency-key': key } });

const balanceOf = async (userId: string) =>
  (
    await sqlRows<{ balance: string }>(`SELECT balance::text AS balance FROM accounts WHERE user_id = $1 AND currency = 'EUR'`, [userId])
  )[0]!.balance;

/** What the payouts-in-transit shards of EUR hold together. */
const inTransit = async () =>
  (
    await sqlRows<{ total: string }>(
      `SELECT coalesce(sum(balance), 0)::text AS total FROM accounts WHERE user_id IS NULL AND currency = 'EUR' AND system_role = 'payouts_in_transit'`,
    )
  )[0]!.total;

/**
 * The rail's round, as the maintenance round runs it, on the server's clock moved on by `laterSeconds`
 * (the server's own clock stays, so the customer's session is not idle).
 */
function railOf(server: TestServer, rail: PayoutRail = simulatedSepaRail, laterSeconds = 0) {
  return createPayoutService({
    db: db.database.db,
    clock: () => new Date(server.clock.now().getTime() + laterSeconds * 1000),
    limits: { assertWithinLimit: async () => {} },
    stepUp: { consume: async () => {} },
    outbox: { enqueue: async () => {}, deliverPending: async () => {} },
    rail,
    coolingOffSeconds: 0,
  });
}

/** The SEPA business day after the test epoch (a Monday): Tuesday, same time. */
const DAY = 24 * 3600;

/** A customer with EUR 100 whose payout of EUR 10 is held. */
async function held(server: TestServer) {
  const who = await customer(server);
  await fund(db, who.userId, 'EUR', '100');
  const saved = await saveBeneficiary(who);
  const answer = await payOut(who, (await quote(who, saved.id, '10')).id);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { who, payout: payoutSchema.parse(answer.body) };
}

describe('a bank account as typed', () => {
  it.each([
    ['an IBAN in print format, lower case', { iban: 'de89 3704 0044 0532 0130 00' }, { ok: true, iban: DE, bic: null }],
    ['a BIC in lower case', { iban: DE, bic: 'cobadeffxxx' }, { ok: true, iban: DE, bic: 'COBADEFFXXX' }],
    ['a United Kingdom IBAN with its BIC', { iban: GB, bic: 'NWBKGB2L' }, { ok: true, iban: GB, bic: 'NWBKGB2L' }],
    ['a check digit off by one', { iban: 'DE89370400440532013001' }, { ok: false, code: 'iban_invalid' }],
    ['a German IBAN one digit short', { iban: 'DE8937040044053201300' }, { ok: false, code: 'iban_invalid' }],
    ['a NUL byte', { iban: `${DE}\u0000` }, { ok: false, code: 'iban_invalid' }],
    ['10 KB', { iban: 'DE'.padEnd(10_240, '9') }, { ok: false, code: 'iban_invalid' }],
    ['a valid Brazilian IBAN (outside SEPA)', { iban: 'BR1800360305000010009795493C1' }, { ok: false, code: 'iban_not_sepa' }],
    ['a United Kingdom IBAN without a BIC', { iban: GB }, { ok: false, code: 'bic_required' }],
    ['a BIC of 5 characters', { iban: DE, bic: 'COBAD' }, { ok: false, code: 'bic_invalid' }],
  ])('%s', (_, typed, expected) => {
    expect(checkBankAccount(typed)).toEqual(expected);
  });
});

describe('the beneficiary book', () => {
  it('adds an account with a step-up and tells the customer; refuses a mistyped one without spending the step-up, and a second of the same account', async () => {
    const server = createTestServer(db);
    const who = await customer(server);
    expect(beneficiariesSchema.parse((await who.client.get('/beneficiaries')).body)).toEqual({ beneficiaries: [], coolingOffSeconds: 0 });
    const body = { holderName: 'Dana Dupont', iban: 'DE89 3704 0044 0532 0130 00', label: 'Savings' };
    expectError(await who.client.post('/beneficiaries', body), 403, 'step_up_required');

    await stepUp(who.client, 'withdrawal.address', who.phone);
    expectError(await who.client.post('/beneficiaries', { ...body, iban: 'DE89370400440532013001' }), 422, 'iban_invalid');
    expectError(await who.client.post('/beneficiaries', { ...body, iban: GB }), 422, 'bic_required');
    const saved = await who.client.post('/beneficiaries', body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ holderName: 'Dana Dupont', iban: DE, bic: null, label: 'Savings' });
    expect(server.sent.at(-1)).toMatchObject({ template: 'withdrawal_address_added', to: who.email });
    expect(server.sent.at(-1)!.body).toContain(DE);

    await stepUp(who.client, 'withdrawal.address', who.phone);
    expectError(await who.client.post('/beneficiaries', { ...body, iban: DE.toLowerCase() }), 409, 'beneficiary_exists');

    const renamed = await who.client.request('PATCH', `/beneficiaries/${saved.body.id}`, { body: { label: 'Rent' } });
    expect(renamed.body).toMatchObject({ id: saved.body.id, label: 'Rent', iban: DE });
    const removed = await who.client.request('DELETE', `/beneficiaries/${saved.body.id}`);
    expect(removed.body).toEqual({ beneficiaries: [], coolingOffSeconds: 0 });
  });

  it('keeps a new beneficiary unpayable for the cooling-off period', async () => {
    const server = createTestServer(db, { config: { withdrawals: { ...testConfig().withdrawals, coolingOffSeconds: 600 } } });
    const who = await customer(server);
    await fund(db, who.userId, 'EUR', '100');
    const saved = await saveBeneficiary(who);
    const early = await who.client.post('/payouts/quotes', { currency: 'EUR', beneficiaryId: saved.id, amount: '10' });
    expectError(early, 409, 'beneficiary_cooling_off', ['usableAt']);
    expect(early.body.error.fields.usableAt).toBe(saved.usableAt);
    server.clock.advance(600);
    await quote(who, saved.id, '10');
  });
});

describe('a payout quote', () => {
  it('states the fee, what arrives and when, and refuses too many decimals, less than the minimum, more than the balance or the limit', async () => {
    const server = createTestServer(db);
    const who = await customer(server);
    await fund(db, who.userId, 'EUR', '100000');
    const saved = await saveBeneficiary(who);
    // The test clock starts on a Monday at 09:00: SEPA's next business day is Tuesday.
    expect(await quote(who, saved.id, '10')).toMatchObject({
      amount: '10.00',
      fee: '0.50',
      received: '9.50',
      minimum: '2.00',
      iban: DE,
      holderName: 'Dana Dupont',
      arrivesBy: '2026-03-03T09:00:00.000Z',
    });
    const refused = (amount: string) => who.client.post('/payouts/quotes', { currency: 'EUR', beneficiaryId: saved.id, amount });
    expectError(await refused('10.001'), 422, 'amount_too_precise');
    expectError(await refused('1.99'), 422, 'amount_too_small', ['minimum']);
    expectError(await refused('100000.01'), 409, 'insufficient_funds');
    expectError(await refused('90000'), 409, 'limit_exceeded', ['left', 'operation', 'period']);
  });
});

describe('a payout', () => {
  it('holds the amount in transit at once, goes out in a batch, settles at its estimate on the server clock, once per Idempotency-Key', async () => {
    const server = createTestServer(db);
    const who = await customer(server);
    await fund(db, who.userId, 'EUR', '100');
    const saved = await saveBeneficiary(who);
    const offered = await quote(who, saved.id, '10');
    expectError(
      await who.client.post('/payouts', { quoteId: offered.id }, { headers: { 'idempotency-key': randomUUID() } }),
      403,
      'step_up_required',
    );
    const transitBefore = await inTransit();
    const key = randomUUID();
    const created = await payOut(who, offered.id, key);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const payout = payoutSchema.parse(created.body);
    expect(payout).toMatchObject({ status: 'pending', amount: '10.00', fee: '0.50', received: '9.50', iban: DE, returnReason: null });
    expect(await balanceOf(who.userId)).toBe('90.000000000000000000');
    expect(compare(await inTransit(), add(transitBefore, '9.5'))).toBe(0);
    expect(server.sent.at(-1)).toMatchObject({ template: 'withdrawal_requested' });

    // The same key answers the first answer; the quote is spent for any other.
    const replay = await who.client.post('/payouts', { quoteId: offered.id }, { headers: { 'idempotency-key': key } });
    expect(replay.body).toEqual(created.body);
    expectError(await payOut(who, offered.id), 409, 'quote_used');
    expect(await balanceOf(who.userId)).toBe('90.000000000000000000');

    expect(await railOf(server).runRail()).toEqual({ sent: 1, settled: 0 });
    expect((await who.client.get(`/payouts/${payout.id}`)).body).toMatchObject({ status: 'sent' });
    expect(await railOf(server, simulatedSepaRail, DAY - 1).runRail()).toEqual({ sent: 0, settled: 0 });
    expect(await railOf(server, simulatedSepaRail, DAY).runRail()).toEqual({ sent: 0, settled: 1 });
    const settled = payoutSchema.parse((await who.client.get(`/payouts/${payout.id}`)).body);
    expect(settled).toMatchObject({ status: 'settled', settledAt: payout.arrivesBy });
    expect(compare(await inTransit(), transitBefore)).toBe(0);
    const [activity] = await sqlRows<{ status: string; counterparty: string }>(
      `SELECT status, counterparty FROM activities WHERE id = $1`,
      [payout.activityId],
    );
    expect(activity).toEqual({ status: 'completed', counterparty: 'Dana Dupont' });
    expect(((await who.client.get('/payouts')).body.payouts as Payout[]).map((item) => item.id)).toEqual([payout.id]);
    await expectLedgerBalanced();
  });

  it('is returned by the bank with its reason, after settling too: the whole amount comes back once, whoever asks again', async () => {
    const server = createTestServer(db);
    const { who, payout } = await held(server);
    await railOf(server).runRail();
    expect(await railOf(server, simulatedSepaRail, DAY).runRail()).toEqual({ sent: 0, settled: 1 });

    const key = randomUUID();
    const returned = await bounce(who, payout.id, 'AC04', key);
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body).toMatchObject({ status: 'returned', returnReason: 'AC04' });
    expect(await balanceOf(who.userId)).toBe('100.000000000000000000');
    // The same request again is the stored answer; another one is refused: nothing comes back twice.
    expect((await bounce(who, payout.id, 'AC04', key)).body).toEqual(returned.body);
    expectError(await bounce(who, payout.id, 'AC01'), 409, 'payout_returned');
    expect(await balanceOf(who.userId)).toBe('100.000000000000000000');
    // The customer's activity says it was returned and why, in the detail and in the list, and the status filter finds it.
    expect((await who.client.get(`/activities/${payout.activityId}`)).body).toMatchObject({ status: 'returned', returnReason: 'AC04' });
    const returnedOnly = (await who.client.get('/activities?status=returned')).body.items as Array<{ id: string }>;
    expect(returnedOnly.map((item) => item.id)).toEqual([payout.activityId]);
    const listed = (await who.client.get('/activities')).body.items as Array<{ id: string; returnReason: string | null }>;
    expect(listed.find((item) => item.id === payout.activityId)?.returnReason).toBe('AC04');
    expect(listed.filter((item) => item.id !== payout.activityId).every((item) => item.returnReason === null)).toBe(true);
    await expectLedgerBalanced();
  });

  it('returned before its batch leaves transit at once and is never sent', async () => {
    const server = createTestServer(db);
    const { who, payout } = await held(server);
    const transit = await inTransit();
    expect((await bounce(who, payout.id, 'MS03')).body).toMatchObject({ status: 'returned', returnReason: 'MS03' });
    expect(compare(await inTransit(), add(transit, '-9.5'))).toBe(0);
    expect(await railOf(server).runRail()).toEqual({ sent: 0, settled: 0 });
    expect(await balanceOf(who.userId)).toBe('100.000000000000000000');
    await expectLedgerBalanced();
  });
});

describe('the SEPA file rail', () => {
  it('writes one pain.001.001.09 file per batch whose structure, accounts, control sum and count are right', async () => {
    const server = createTestServer(db);
    const first = await held(server);
    const who = await customer(server);
    await fund(db, who.userId, 'EUR', '50');
    const british = await saveBeneficiary(who, GB, 'NWBKGB2L');
    expect((await payOut(who, (await quote(who, british.id, '20.25')).id)).status).toBe(201);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-sepa-'));
    try {
      const debtor = { name: 'Meridian Payments SA', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' };
      expect(await railOf(server, sepaFileRail({ kind: 'sepa-file', dir, debtor })).runRail()).toEqual({ sent: 2, settled: 0 });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      const xml = await readFile(path.join(dir, files[0]!), 'utf8');
      const parsed = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '@_',
        parseTagValue: false,
        isArray: (name) => name === 'CdtTrfTxInf',
      }).parse(xml);
      expect(parsed.Document['@_xmlns']).toBe(PAIN_001_NAMESPACE);
      const { GrpHdr, PmtInf } = parsed.Document.CstmrCdtTrfInitn;
      const transfers = PmtInf.CdtTrfTxInf as {
        PmtId: { EndToEndId: string };
        Amt: { InstdAmt: { '#text': string; '@_Ccy': string } };
        Cdtr: { Nm: string };
        CdtrAcct: { Id: { IBAN: string } };
        CdtrAgt?: { FinInstnId: { BICFI: string } };
      }[];
      const sum = transfers.reduce((total, transfer) => add(total, transfer.Amt.InstdAmt['#text']), '0');
      expect({ count: GrpHdr.NbOfTxs, sum: GrpHdr.CtrlSum }).toEqual({ count: '2', sum: '29.25' });
      expect({ count: PmtInf.NbOfTxs, sum: PmtInf.CtrlSum }).toEqual({ count: String(transfers.length), sum: GrpHdr.CtrlSum });
      expect(compare(sum, GrpHdr.CtrlSum)).toBe(0);
      expect(GrpHdr.MsgId).toMatch(/^[0-9a-f]{32}$/);
      expect(GrpHdr.CreDtTm).toBe('2026-03-02T09:00:00Z');
      expect(PmtInf).toMatchObject({
        PmtMtd: 'TRF',
        ChrgBr: 'SLEV',
        PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
        ReqdExctnDt: { Dt: '2026-03-02' },
      });
      expect([PmtInf.DbtrAcct.Id.IBAN, PmtInf.DbtrAgt.FinInstnId.BICFI]).toEqual([debtor.iban, debtor.bic]);
      for (const transfer of transfers) {
        expect(isValidIBAN(transfer.CdtrAcct.Id.IBAN), transfer.CdtrAcct.Id.IBAN).toBe(true);
        if (transfer.CdtrAgt) expect(isValidBIC(transfer.CdtrAgt.FinInstnId.BICFI)).toBe(true);
        expect(transfer.PmtId.EndToEndId.length).toBeLessThanOrEqual(35);
        expect(transfer.Amt.InstdAmt).toMatchObject({ '@_Ccy': 'EUR', '#text': expect.stringMatching(/^\d+\.\d{2}$/) });
      }
      // Payouts of the same instant come in no particular order: by IBAN here.
      expect(
        transfers
          .map((transfer) => [
            transfer.PmtId.EndToEndId,
            transfer.CdtrAcct.Id.IBAN,
            transfer.CdtrAgt?.FinInstnId.BICFI ?? null,
            transfer.Amt.InstdAmt['#text'],
          ])
          .sort((one, other) => String(one[1]).localeCompare(String(other[1]))),
      ).toEqual([
        [first.payout.id.replaceAll('-', ''), DE, null, '9.50'],
        [expect.any(String), GB, 'NWBKGB2L', '19.75'],
      ]);
      // Sent, not settled: a real bank tells by its statement.
      expect((await first.who.client.get(`/payouts/${first.payout.id}`)).body).toMatchObject({ status: 'sent' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  it('writes no second file for a batch whose hand-over failed after its file was written', async () => {
    const server = createTestServer(db);
    const { who, payout } = await held(server);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-sepa-'));
    try {
      const file = sepaFileRail({
        kind: 'sepa-file',
        dir,
        debtor: { name: 'Meridian Payments SA', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' },
      });
      // The file is written, then the round fails before the batch is marked (a lost connection).
      let failures = 1;
      const flaky: PayoutRail = {
        ...file,
        async send(batch) {
          await file.send(batch);
          if (failures-- > 0) throw new Error('connection lost');
        },
      };
      await expect(railOf(server, flaky).runRail()).rejects.toThrow('connection lost');
      expect(await railOf(server, flaky).runRail()).toEqual({ sent: 1, settled: 0 });
      expect(await railOf(server, flaky).runRail()).toEqual({ sent: 0, settled: 0 });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      expect(await readFile(path.join(dir, files[0]!), 'utf8')).toContain(payout.id.replaceAll('-', ''));
      expect((await who.client.get(`/payouts/${payout.id}`)).body).toMatchObject({ status: 'sent' });
      await expectLedgerBalanced();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe(`two payouts at once with the balance for one (${POSTGRES_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('exactly one holds the amount; the other is insufficient_funds; the ledger sums to zero', async () => {
    const server = createTestServer(db);
    const who = await customer(server);
    await fund(db, who.userId, 'EUR', '15');
    const saved = await saveBeneficiary(who);
    const quotes = [await quote(who, saved.id, '10'), await quote(who, saved.id, '10')];
    // The service itself, with step-up and limits granted: the race is the ledger's alone.
    const service = railOf(server);
    const principal = { userId: who.userId, sessionId: randomUUID() };
    const outcomes = await Promise.allSettled(
      quotes.map((offered) =>
        db.database.db.transaction((tx: Db) =>
          service.pay(tx, principal, offered.id, randomUUID(), { ip: '10.0.0.1', userAgent: undefined }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ApiError);
    expect((refused.reason as ApiError).code).toBe('insufficient_funds');
    expect(await balanceOf(who.userId)).toBe('5.000000000000000000');
    await expectLedgerBalanced();
  });
});
