import { expect } from 'vitest';
import { recurringBuySchema, type CreateRecurringBuyBody } from '../../contract/recurringBuys';
import type { Db } from '../../server/db/database';
import { silentLogger } from '../../server/logger';
import { createLimitService } from '../../server/services/limits';
import { createPriceAlertService } from '../../server/services/priceAlerts';
import { createRateService } from '../../server/services/rates';
import { createRecurringBuyService } from '../../server/services/recurringBuys';
import { createTransferService } from '../../server/services/transfers';
import { expectError, stepUp, withKey, type TestDatabase, type TestServer } from './helpers';
import { fund } from './payLinkHelpers';
import { withdrawalHelpers } from './withdrawalHelpers';

/**
 * What the scheduled jobs' tests share (tests/server/scheduled-jobs*.test.ts): an instance's job
 * functions, prices as of the test clock, what a customer was told, and a plan set up through the API.
 */
export function scheduledJobsHelpers(db: TestDatabase, server: TestServer) {
  const { sqlRows, customer } = withdrawalHelpers(db);

  /** One instance's job functions over the test clock and `on`: the test database's pool, or another instance's. */
  function instance(on: Db = db.database.db) {
    const clock = server.clock.now;
    const rates = createRateService({ db: on, clock, logger: silentLogger, feed: undefined });
    const transfers = createTransferService(on, clock, rates, createLimitService(on, clock));
    return {
      rates,
      alerts: createPriceAlertService(on, clock),
      plans: createRecurringBuyService({ db: on, clock, stepUp: { consume: async () => {} }, transfers, logger: silentLogger }),
    };
  }

  /** Prices as of the test clock (the rates round's write); the others stay as they are, fresh. */
  async function prices(btcUsd: string) {
    await sqlRows(`UPDATE rates SET updated_at = $1`, [server.clock.now()]);
    await instance().rates.set([{ asset: 'BTC', usd: btcUsd }]);
  }

  type Customer = Awaited<ReturnType<typeof customer>>;

  /**
   * What the customer was told, newest first, as `GET /notifications` lists it (read from the table: the
   * test clock outruns the client's access token).
   */
  const notifications = async (who: Pick<Customer, 'userId'>, kind: string) =>
    sqlRows<{ params: Record<string, string> }>('SELECT params FROM notifications WHERE user_id = $1 AND kind = $2 ORDER BY id DESC', [
      who.userId,
      kind,
    ]);

  /** A customer's plan from a funded EUR account into BTC, set up through the API with its step-up (Berlin time). */
  async function planFor(body: Partial<CreateRecurringBuyBody> & Pick<CreateRecurringBuyBody, 'frequency'>, balance = '100') {
    const who = await customer(server);
    const fromAccountId = await fund(db, who.userId, 'EUR', balance);
    const toAccountId = await fund(db, who.userId, 'BTC', '0.001');
    const plan = { fromAccountId, toAccountId, amount: '10', timeZone: 'Europe/Berlin', ...body };
    // One key for the intent: refused for its step-up, then sent again once it is done, as the app does.
    const key = withKey();
    expectError(await who.client.post('/recurring-buys', plan, key), 403, 'step_up_required');
    await stepUp(who.client, 'recurring_buy', who.phone);
    const created = await who.client.post('/recurring-buys', plan, key);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { ...who, fromAccountId, toAccountId, plan: recurringBuySchema.parse(created.body) };
  }

  return { sqlRows, customer, instance, prices, notifications, planFor };
}
