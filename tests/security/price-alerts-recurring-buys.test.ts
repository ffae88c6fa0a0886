import { beforeAll, describe, expect, it } from 'vitest';
import { activitiesPageSchema } from '../../contract/activities';
import { PRICE_ALERTS_MAX, priceAlertSchema, type PriceAlert } from '../../contract/priceAlerts';
import { recurringBuySchema, type RecurringBuy } from '../../contract/recurringBuys';
import { BODY_LIMIT_BYTES } from '../../server/http/request';
import { expectError, stepUp, useTestServer, withKey } from '../server/helpers';
import { fund } from '../server/payLinkHelpers';
import { withdrawalHelpers } from '../server/withdrawalHelpers';

/**
 * Price alerts and recurring buys against a caller who is not the owner, or who sends what no form
 * would: another customer's ids are as unknown as made-up ones, a hostile or out-of-bounds body writes
 * nothing, a replayed set-up finds its step-up spent, and creations at once keep the limits.
 */
const { db, server } = useTestServer();
const { sqlRows, customer } = withdrawalHelpers(db);

type Customer = Awaited<ReturnType<typeof customer>>;
let owner: Customer;
let attacker: Customer;
let alert: PriceAlert;
let plan: RecurringBuy;
const accountsOf: Record<string, { eur: string; btc: string }> = {};

const countOf = async (table: 'price_alerts' | 'recurring_buys', userId: string) =>
  (await sqlRows<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} WHERE user_id = $1`, [userId]))[0]!.count;

/** A daily plan's body of 10 EUR into BTC from the customer's own accounts. */
const planBody = (who: Customer) => ({
  frequency: 'daily',
  fromAccountId: accountsOf[who.userId]!.eur,
  toAccountId: accountsOf[who.userId]!.btc,
  amount: '10',
  timeZone: 'Europe/Berlin',
});

beforeAll(async () => {
  [owner, attacker] = [await customer(server), await customer(server)];
  for (const who of [owner, attacker]) {
    accountsOf[who.userId] = { eur: await fund(db, who.userId, 'EUR', '100'), btc: await fund(db, who.userId, 'BTC', '0.001') };
  }
  alert = priceAlertSchema.parse(
    (await owner.client.post('/price-alerts', { kind: 'above', asset: 'BTC', price: '70000' }, withKey())).body,
  );
  await stepUp(owner.client, 'recurring_buy', owner.phone);
  plan = recurringBuySchema.parse((await owner.client.post('/recurring-buys', planBody(owner), withKey())).body);
});

describe("another customer's ids", () => {
  it('are price_alert_not_found and recurring_buy_not_found, as made-up ones, and change nothing', async () => {
    const { client } = attacker;
    expectError(await client.request('DELETE', `/price-alerts/${alert.id}`), 404, 'price_alert_not_found');
    expectError(await client.request('DELETE', '/price-alerts/not-a-uuid'), 404, 'price_alert_not_found');
    for (const action of ['pause', 'resume', 'cancel']) {
      expectError(await client.post(`/recurring-buys/${plan.id}/${action}`, {}), 404, 'recurring_buy_not_found');
    }
    // Demo mode's run-now: nobody else's plan, no made-up id, no NUL byte.
    for (const planId of [plan.id, 'not-a-uuid']) {
      expectError(await client.post(`/simulate/recurring-buys/${planId}/run`, {}), 404, 'recurring_buy_not_found');
    }
    expectError(await client.post(`/simulate/recurring-buys/${plan.id}%00/run`, {}), 422, 'validation_failed', ['id']);
    expectError(
      await client.post(`/simulate/recurring-buys/${plan.id}/run`, { ['x'.repeat(16)]: 'y'.repeat(BODY_LIMIT_BYTES) }),
      413,
      'payload_too_large',
    );
    expect(await sqlRows(`SELECT 1 FROM recurring_buy_runs WHERE plan_id = $1`, [plan.id])).toEqual([]);
    expect((await client.get('/price-alerts')).body).toEqual({ alerts: [] });
    expect((await client.get('/recurring-buys')).body).toEqual({ plans: [] });
    expect((await owner.client.get('/price-alerts')).body.alerts).toEqual([alert]);
    expect((await owner.client.get('/recurring-buys')).body.plans).toMatchObject([{ id: plan.id, status: 'active' }]);
    // Nor does a plan of the attacker's buy from the owner's account, or into it.
    await stepUp(client, 'recurring_buy', attacker.phone);
    const own = planBody(attacker);
    expectError(await client.post('/recurring-buys', { ...own, fromAccountId: plan.fromAccountId }, withKey()), 404, 'account_not_found');
    expectError(await client.post('/recurring-buys', { ...own, toAccountId: plan.toAccountId }, withKey()), 404, 'account_not_found');
    expect(await countOf('recurring_buys', attacker.userId)).toBe(0);
  });
});

describe('bounds and hostile text', () => {
  it('an out-of-bounds value, a NUL byte or a huge body writes nothing', async () => {
    const { client } = attacker;
    const refusals: [unknown, string[]][] = [
      [{ kind: 'above', asset: 'BTC', price: '0' }, ['price']],
      [{ kind: 'below', asset: 'BTC', price: '-5' }, ['price']],
      [{ kind: 'above', asset: 'BTC', price: '1'.repeat(13) }, ['price']],
      [{ kind: 'above', asset: 'BTC', price: '1.123456789' }, ['price']],
      [{ kind: 'move', asset: 'BTC', percent: '100.01' }, ['percent']],
      [{ kind: 'move', asset: 'BTC', percent: '0.5' }, ['percent']],
      // Letters are refused as a malformed percent, not compared as a number (which threw: a 500).
      [{ kind: 'move', asset: 'BTC', percent: 'abc' }, ['percent']],
      [{ kind: 'above', asset: 'EUR', price: '1' }, ['asset']],
      [{ kind: 'above', asset: 'BTC', price: '70000\u0000' }, ['price']],
      [{ kind: 'above', asset: 'BTC', price: '70000', percent: '5' }, []],
    ];
    for (const [body, fields] of refusals) {
      const answer = await client.post('/price-alerts', body, withKey());
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error.code).toBe('validation_failed');
      for (const field of fields) expect(Object.keys(answer.body.error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expectError(
      await client.post('/price-alerts', { kind: 'above', asset: 'BTC', price: '1'.repeat(BODY_LIMIT_BYTES) }, withKey()),
      413,
      'payload_too_large',
    );
    expect(await countOf('price_alerts', attacker.userId)).toBe(0);

    const own = planBody(attacker);
    for (const [body, field] of [
      [{ ...own, amount: '0' }, 'amount'],
      [{ ...own, timeZone: 'Europe/Berlin\u0000' }, 'timeZone'],
      [{ ...own, timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ ...own, timeZone: `Europe/${'x'.repeat(64)}` }, 'timeZone'],
      [{ ...own, frequency: 'monthly', dayOfMonth: 32 }, 'dayOfMonth'],
      [{ ...own, frequency: 'weekly', dayOfWeek: 0 }, 'dayOfWeek'],
    ] as const) {
      expectError(await client.post('/recurring-buys', body), 422, 'validation_failed', [field]);
    }
    // 10 MB, far past the body limit: refused before it is read whole.
    expectError(await client.post('/recurring-buys', { ...own, timeZone: 'x'.repeat(10 * 1024 * 1024) }), 413, 'payload_too_large');
    // Refused before the step-up is spent: the right plan still goes in with it.
    expectError(await client.post('/recurring-buys', { ...own, amount: '10.001' }, withKey()), 422, 'amount_too_precise');
    expect((await client.post('/recurring-buys', own, withKey())).status).toBe(201);
    expect(await countOf('recurring_buys', attacker.userId)).toBe(1);
  });
});

describe('a replayed set-up and creations at once', () => {
  it('set-ups at once under different keys spend the one step-up once; the winner’s key sent again answers its plan', async () => {
    await stepUp(owner.client, 'recurring_buy', owner.phone);
    const before = await countOf('recurring_buys', owner.userId);
    const keys = [0, 1, 2, 3].map(() => withKey());
    const answers = await Promise.all(keys.map((key) => owner.client.post('/recurring-buys', planBody(owner), key)));
    expect(answers.map(({ status }) => status).sort()).toEqual([201, 403, 403, 403]);
    for (const answer of answers.filter(({ status }) => status === 403)) expectError(answer, 403, 'step_up_required');
    // A retry after a lost answer: the same plan, no second step-up, no second plan.
    const winner = keys[answers.findIndex(({ status }) => status === 201)]!;
    const replays = await Promise.all([0, 1].map(() => owner.client.post('/recurring-buys', planBody(owner), winner)));
    for (const replay of replays)
      expect([replay.status, replay.body.id]).toEqual([201, answers.find(({ status }) => status === 201)!.body.id]);
    expectError(await owner.client.post('/recurring-buys', planBody(owner), withKey()), 403, 'step_up_required');
    expectError(await owner.client.post('/recurring-buys', planBody(owner)), 422, 'idempotency_key_required');
    expect(await countOf('recurring_buys', owner.userId)).toBe(before + 1);
  });

  it('demo mode’s run-now sent again, and at once, buys once for the plan’s next day', async () => {
    const answers = await Promise.all([0, 1, 2].map(() => owner.client.post(`/simulate/recurring-buys/${plan.id}/run`, {})));
    for (const answer of answers) expect(answer.status).toBe(200);
    const again = recurringBuySchema.parse((await owner.client.post(`/simulate/recurring-buys/${plan.id}/run`, {})).body);
    const runs = await sqlRows<{ transaction_id: string }>(
      `SELECT transaction_id FROM recurring_buy_runs WHERE plan_id = $1 AND status = 'bought'`,
      [plan.id],
    );
    // Calls at once may aim at the same day: that day is bought once, with one exchange of its own.
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(runs.map((run) => run.transaction_id)).size).toBe(runs.length);
    expect(again.runs).toHaveLength(runs.length);
    expect(again.runs.every((run) => run.status === 'bought')).toBe(true);
    expect(again.nextRun! > again.runs[0]!.period).toBe(true);
    // Each run is listed as the plan's, with the asset it buys; nothing else is.
    const listed = activitiesPageSchema.parse((await owner.client.get('/activities?limit=100')).body).items;
    const marked = listed.filter((item) => item.recurringBuy !== null);
    expect(marked).toHaveLength(runs.length);
    for (const item of marked) expect([item.type, item.recurringBuy]).toEqual(['exchange', { id: plan.id, asset: 'BTC' }]);
    const boughtSide = activitiesPageSchema.parse((await owner.client.get(`/activities?accountId=${plan.toAccountId}`)).body).items;
    expect(boughtSide.filter((item) => item.recurringBuy?.id === plan.id)).toHaveLength(runs.length);
  });

  it('an alert sent twice at once under one key is one alert; another alert under that key is refused', async () => {
    const { client, userId } = owner;
    const before = await countOf('price_alerts', userId);
    const key = withKey();
    const body = { kind: 'below', asset: 'ETH', price: '1500' };
    const answers = await Promise.all([0, 1].map(() => client.post('/price-alerts', body, key)));
    expect(answers.map(({ status }) => status)).toEqual([201, 201]);
    expect(answers[1]!.body.id).toBe(answers[0]!.body.id);
    expectError(await client.post('/price-alerts', { ...body, price: '1400' }, key), 422, 'idempotency_key_reused');
    expectError(await client.post('/price-alerts', body), 422, 'idempotency_key_required');
    expect(await countOf('price_alerts', userId)).toBe(before + 1);
  });

  it(`alerts created at once stop at ${PRICE_ALERTS_MAX}`, async () => {
    const { client, userId } = attacker;
    const answers = await Promise.all(
      Array.from({ length: PRICE_ALERTS_MAX + 4 }, (_, n) =>
        client.post('/price-alerts', { kind: 'above', asset: 'ETH', price: String(5000 + n) }, withKey()),
      ),
    );
    expect(answers.filter(({ status }) => status === 201)).toHaveLength(PRICE_ALERTS_MAX);
    for (const answer of answers.filter(({ status }) => status !== 201)) expectError(answer, 409, 'price_alerts_full');
    expect(await countOf('price_alerts', userId)).toBe(PRICE_ALERTS_MAX);
  });
});
