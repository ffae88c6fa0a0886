import { beforeAll, describe, expect, it } from 'vitest';
import { priceAlertSchema } from '../../contract/priceAlerts';
import { isDue, localDay, nextDue } from '../../contract/recurringCalendar';
import { useTestServer, withKey } from './helpers';
import { balanceOf, fund } from './payLinkHelpers';
import { scheduledJobsHelpers } from './scheduledJobsHelpers';

/**
 * The scheduled jobs' rules, on the test server's clock: price alerts fire once per crossing and re-arm
 * past the margin; recurring buys run once per due day of the plan's time zone (month ends, DST), skip
 * with a notice when funds are short, and not at all while paused. Exactly once across two instances on
 * PostgreSQL: tests/server/scheduled-jobs-instances.test.ts.
 */
const { db, server } = useTestServer();
const { sqlRows, customer, instance, prices, notifications, planFor } = scheduledJobsHelpers(db, server);
let jobs: ReturnType<typeof instance>;
beforeAll(() => {
  jobs = instance();
});

type Customer = Awaited<ReturnType<typeof customer>>;

describe('price alerts', () => {
  it('fire once per crossing, re-arm only back past the margin, and notify with the price', async () => {
    const who = await customer(server);
    const { client } = who;
    const created = await client.post('/price-alerts', { kind: 'above', asset: 'BTC', price: '70000' }, withKey());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(priceAlertSchema.parse(created.body)).toMatchObject({ kind: 'above', price: '70000.00', percent: null, armed: true });

    await prices('69999');
    expect(await jobs.alerts.evaluate()).toBe(0);
    await prices('70100');
    // Two instances' rounds at the same prices: one notification.
    await Promise.all([jobs.alerts.evaluate(), instance().alerts.evaluate()]);
    await prices('70200');
    expect(await jobs.alerts.evaluate()).toBe(0);
    // Back under the price, but within 1 %: an oscillating price does not re-arm it…
    await prices('69400');
    await jobs.alerts.evaluate();
    await prices('70300');
    await jobs.alerts.evaluate();
    expect(await notifications(who, 'price_alert')).toHaveLength(1);
    // …past the margin it does, and the next crossing notifies again.
    await prices('69200');
    await jobs.alerts.evaluate();
    expect((await client.get('/price-alerts')).body.alerts[0]).toMatchObject({ armed: true });
    await prices('70050');
    await jobs.alerts.evaluate();
    const fired = await notifications(who, 'price_alert');
    expect(fired.map((item) => item.params)).toEqual([
      { amount: '70050.00', currency: 'USD', asset: 'BTC' },
      { amount: '70100.00', currency: 'USD', asset: 'BTC' },
    ]);
  });

  it('a below alert and a 24-hour move alert fire on their own conditions; a removed alert never fires', async () => {
    const who = await customer(server);
    const { client } = who;
    await prices('60000');
    const below = await client.post('/price-alerts', { kind: 'below', asset: 'BTC', price: '55000' }, withKey());
    const move = await client.post('/price-alerts', { kind: 'move', asset: 'BTC', percent: '5' }, withKey());
    const removed = await client.post('/price-alerts', { kind: 'above', asset: 'BTC', price: '1' }, withKey());
    expect([below.status, move.status, removed.status]).toEqual([201, 201, 201]);
    expect((await client.request('DELETE', `/price-alerts/${removed.body.id}`)).body.alerts).toHaveLength(2);

    server.clock.advance(3600);
    await prices('62900'); // +4.8 %
    await jobs.alerts.evaluate();
    expect(await notifications(who, 'price_alert')).toEqual([]);
    server.clock.advance(3600);
    await prices('54900'); // −8.5 %, and under 55 000
    await jobs.alerts.evaluate();
    expect(await notifications(who, 'price_alert')).toHaveLength(2);
    const alerts = (await jobs.alerts.list(who.userId)).alerts;
    expect(alerts.map(({ kind, armed }) => [kind, armed]).sort()).toEqual([
      ['below', false],
      ['move', false],
    ]);
  });
});

describe('the calendar of a recurring buy', () => {
  const monthly = (dayOfMonth: number) => ({ frequency: 'monthly' as const, dayOfWeek: null, dayOfMonth });

  it('runs a plan on the 29th–31st on the last day of shorter months, and on its own day otherwise', () => {
    expect(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'].every((day) => isDue(monthly(31), day))).toBe(true);
    expect(['2026-03-30', '2026-04-29', '2026-02-27'].some((day) => isDue(monthly(31), day))).toBe(false);
    expect(isDue(monthly(29), '2028-02-29')).toBe(true);
    expect(isDue(monthly(29), '2026-02-28')).toBe(true);
    expect(isDue(monthly(29), '2026-03-28')).toBe(false);
    expect(nextDue(monthly(30), '2026-02-01')).toBe('2026-02-28');
    expect(nextDue({ frequency: 'weekly', dayOfWeek: 7, dayOfMonth: null }, '2026-03-02')).toBe('2026-03-08');
  });

  it('keys a run by the day of the plan’s time zone, across a DST change', () => {
    // Berlin moves to summer time at 01:00 UTC on 29 March 2026: that day has 23 hours.
    expect(localDay(new Date('2026-03-28T22:59:00Z'), 'Europe/Berlin')).toBe('2026-03-28');
    expect(localDay(new Date('2026-03-28T23:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDay(new Date('2026-03-29T21:59:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDay(new Date('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
    expect(localDay(new Date('2026-03-02T04:59:00Z'), 'America/New_York')).toBe('2026-03-01');
  });
});

describe('recurring buys', () => {
  /** The plan's runs as `GET /recurring-buys` lists them (from the service: the test clock outruns access tokens). */
  const runsOf = async (who: Customer) => (await jobs.plans.list(who.userId)).plans[0]!.runs;
  /** Moves the clock and runs the job as two instances would, at fresh prices. */
  async function dayPasses(hours = 24) {
    server.clock.advance(hours * 3600);
    await prices('65000');
    await Promise.all([jobs.plans.runDue(), instance().plans.runDue()]);
  }
  /** Cancels the plans of a test, so later tests' rounds do not run them. */
  const cancel = (who: Customer, planId: string) => jobs.plans.setStatus(who.userId, planId, 'cancelled');

  it('buys once a day from the day after set-up, each run an exchange of its own in the activities', async () => {
    const who = await planFor({ frequency: 'daily', amount: '10' });
    const { fromAccountId, plan } = who;
    const today = localDay(server.clock.now(), 'Europe/Berlin');
    expect(plan).toMatchObject({ status: 'active', frequency: 'daily', amount: '10.00', fromAsset: 'EUR', toAsset: 'BTC' });
    expect(plan.nextRun! > today).toBe(true);
    await prices('65000');
    await jobs.plans.runDue();
    expect(await runsOf(who)).toEqual([]);

    await dayPasses();
    await dayPasses(1); // the same day again: nothing more
    expect(await balanceOf(db, fromAccountId)).toBe('90.00');
    const [run] = await runsOf(who);
    expect(run).toMatchObject({ period: plan.nextRun, status: 'bought', reason: null });
    const activity = await sqlRows<{ type: string }>('SELECT type FROM activities WHERE transaction_id = $1 ORDER BY amount', [
      run!.transactionId,
    ]);
    expect(activity).toEqual([{ type: 'exchange' }, { type: 'exchange' }]);
    const keys = await sqlRows<{ key: string }>('SELECT idempotency_key AS key FROM ledger_transactions WHERE id = $1', [
      run!.transactionId,
    ]);
    expect(keys).toEqual([{ key: `recurring:${plan.id}:${plan.nextRun}` }]);
    await cancel(who, plan.id);
  });

  it('skips a run the balance cannot cover, with a notice, and runs again once topped up', async () => {
    const who = await planFor({ frequency: 'daily', amount: '60' }, '100');
    await dayPasses();
    await dayPasses();
    expect((await runsOf(who)).map(({ status, reason }) => [status, reason])).toEqual([
      ['skipped', 'insufficient_funds'],
      ['bought', null],
    ]);
    expect((await notifications(who, 'recurring_buy_skipped')).map((item) => item.params)).toEqual([{ amount: '60.00', currency: 'EUR' }]);
    await fund(db, who.userId, 'EUR', '50');
    await dayPasses();
    expect(await balanceOf(db, who.fromAccountId)).toBe('30.00');
    await cancel(who, who.plan.id);
  });

  it('runs nothing while paused, and a cancelled plan cannot be resumed', async () => {
    const who = await planFor({ frequency: 'daily' });
    const { client, plan, fromAccountId } = who;
    const paused = await client.post(`/recurring-buys/${plan.id}/pause`, {});
    expect(paused.body).toMatchObject({ status: 'paused', nextRun: null });
    await dayPasses();
    expect(await runsOf(who)).toEqual([]);
    expect(await jobs.plans.setStatus(who.userId, plan.id, 'active')).toMatchObject({ status: 'active' });
    await dayPasses();
    expect(await balanceOf(db, fromAccountId)).toBe('90.00');
    expect(await cancel(who, plan.id)).toMatchObject({ status: 'cancelled', nextRun: null });
    await expect(jobs.plans.setStatus(who.userId, plan.id, 'active')).rejects.toMatchObject({ code: 'recurring_buy_cancelled' });
    await dayPasses();
    expect(await runsOf(who)).toHaveLength(1);
  });

  it('runs a daily plan once a day across a DST change, and a plan on the 31st on the last day of April', async () => {
    const periods = async (planId: string) =>
      (await sqlRows<{ period: string }>(`SELECT period::text FROM recurring_buy_runs WHERE plan_id = $1 ORDER BY period`, [planId])).map(
        ({ period }) => period,
      );
    const until = (iso: string) => new Date(iso).getTime() - server.clock.now().getTime();
    const monthly = await planFor({ frequency: 'monthly', dayOfMonth: 31, amount: '5' });
    const daily = await planFor({ frequency: 'daily', amount: '1' });
    // Berlin moves to summer time on 29 March 2026 (a day of 23 hours): eight hours a step through it.
    server.clock.advance(until('2026-03-27T20:00:00Z') / 1000);
    while (server.clock.now().getTime() < new Date('2026-04-01T06:00:00Z').getTime()) await dayPasses(8);
    expect(await periods(daily.plan.id)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01']);
    expect(await periods(monthly.plan.id)).toEqual(['2026-03-31']);
    await cancel(daily, daily.plan.id);
    // 29 and 30 April, in Berlin: only the 30th.
    server.clock.advance(until('2026-04-29T06:00:00Z') / 1000);
    await dayPasses(0);
    await dayPasses(24);
    expect(await periods(monthly.plan.id)).toEqual(['2026-03-31', '2026-04-30']);
  });
});
