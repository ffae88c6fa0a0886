import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../server/db/database';
import { POSTGRES_URL, useTestServer, withKey } from './helpers';
import { balanceOf } from './payLinkHelpers';
import { scheduledJobsHelpers } from './scheduledJobsHelpers';

/** Rounds each job runs on both instances at once (STRESS_ROUNDS=100 for a longer run). */
const ROUNDS = Number(process.env.STRESS_ROUNDS ?? 8);

/**
 * Issue 26 §4: a price alert fires once per crossing and a recurring buy runs once per period with two
 * instances on one PostgreSQL, each with its own pool, running the same round at the same moment (as
 * two pg-boss workers would, were a round ever handed to both, or a retry ran beside a slow first try).
 * PGlite runs one query at a time, so only a real PostgreSQL shows what two instances do at once.
 */
describe.skipIf(!POSTGRES_URL)(`the scheduled jobs on two instances, ${ROUNDS} rounds (PostgreSQL)`, () => {
  const { db, server } = useTestServer();
  const { sqlRows, customer, instance, prices, notifications, planFor } = scheduledJobsHelpers(db, server);
  let other: Database;
  beforeAll(async () => {
    const [row] = await db.database.transaction((session) => session.query<{ schema: string }>('SELECT current_schema() AS schema'));
    other = openPostgres(POSTGRES_URL!, { schema: row!.schema, maxConnections: 4 });
  });
  afterAll(() => other?.close());

  /** Each instance runs the round twice, all four at once. */
  const together = <T>(round: (jobs: ReturnType<typeof instance>) => Promise<T>) => {
    const [first, second] = [instance(), instance(other.db)];
    return Promise.all([round(first), round(second), round(first), round(second)]);
  };

  it('each alert fires once per crossing of its threshold', async () => {
    const watchers = await Promise.all([0, 1, 2].map(() => customer(server)));
    for (const { client } of watchers) {
      for (const body of [
        { kind: 'above', asset: 'BTC', price: '70000' },
        { kind: 'below', asset: 'BTC', price: '60000' },
      ]) {
        expect((await client.post('/price-alerts', body, withKey())).status).toBe(201);
      }
    }
    let fired = 0;
    // Each round crosses one threshold, which also takes the other alert back past its margin.
    for (let round = 0; round < ROUNDS; round += 1) {
      server.clock.advance(60);
      await prices(round % 2 ? '59000' : '71000');
      fired += (await together((jobs) => jobs.alerts.evaluate())).reduce((sum, n) => sum + n, 0);
    }
    expect(fired).toBe(ROUNDS * watchers.length);
    for (const who of watchers) {
      const told = (await notifications(who, 'price_alert')).map(({ params }) => params.amount);
      expect(told).toEqual(Array.from({ length: ROUNDS }, (_, round) => ((ROUNDS - 1 - round) % 2 ? '59000.00' : '71000.00')));
    }
  }, 120_000);

  it('each plan runs once a period: one run row, one exchange, one notice when it skips', async () => {
    // A daily plan with funds for every round and one with funds for half of them.
    const half = Math.ceil(ROUNDS / 2);
    const funded = await planFor({ frequency: 'daily', amount: '10' }, String(10 * ROUNDS));
    const short = await planFor({ frequency: 'daily', amount: '10' }, String(10 * half));
    for (let round = 0; round < ROUNDS; round += 1) {
      server.clock.advance(24 * 3600);
      await prices('65000');
      await together((jobs) => jobs.plans.runDue());
    }
    for (const [{ plan, fromAccountId, userId }, bought] of [
      [funded, ROUNDS],
      [short, half],
    ] as const) {
      const runs = await sqlRows<{ period: string; status: string }>(
        'SELECT period::text, status FROM recurring_buy_runs WHERE plan_id = $1 ORDER BY period',
        [plan.id],
      );
      expect(new Set(runs.map(({ period }) => period)).size).toBe(ROUNDS);
      expect(runs.map(({ status }) => status)).toEqual([...Array(bought).fill('bought'), ...Array(ROUNDS - bought).fill('skipped')]);
      const exchanges = await sqlRows<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1`, [
        `recurring:${plan.id}:%`,
      ]);
      expect(exchanges).toEqual([{ n: bought }]);
      expect(await notifications({ userId }, 'recurring_buy_skipped')).toHaveLength(ROUNDS - bought);
      expect(await balanceOf(db, fromAccountId)).toBe('0.00');
    }
  }, 120_000);
});
