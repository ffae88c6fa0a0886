import { emptyBodySchema } from '../common';
import { MOVES_MONEY } from '../customerRules';
import {
  createPriceAlertBodySchema,
  MOVE_ALERT_REARM_FRACTION,
  PRICE_ALERT_REARM_PERCENT,
  PRICE_ALERTS_MAX,
  priceAlertSchema,
  priceAlertsSchema,
} from '../priceAlerts';
import { createRecurringBuyBodySchema, RECURRING_BUYS_MAX, recurringBuySchema, recurringBuysSchema } from '../recurringBuys';
import { endpoint } from './define';

/**
 * Price alerts and recurring buys: what the server's jobs do for a customer while they are away. Each
 * is the customer's own: anyone else's id is `price_alert_not_found` / `recurring_buy_not_found`.
 */
export const priceAlertsEndpoints = {
  listPriceAlerts: endpoint('GET', '/price-alerts', undefined, priceAlertsSchema, {
    summary: 'The customer’s price alerts, newest first.',
    auth: 'bearer',
  }),
  createPriceAlert: endpoint('POST', '/price-alerts', createPriceAlertBodySchema, priceAlertSchema, {
    summary: `Alert when a crypto asset's price (US dollars) is above or below a price, or moves more than a percent in 24 hours: a push and an in-app notification (\`price_alert\`) once per crossing. An above / below alert re-arms once the price is back ${PRICE_ALERT_REARM_PERCENT} % past its price on the other side, a move alert once the 24-hour change is back within ${MOVE_ALERT_REARM_FRACTION} of its percent. At most ${PRICE_ALERTS_MAX} per customer. Takes an \`Idempotency-Key\`.`,
    auth: 'bearer',
    // An alert moves no money and tells only public prices: any signed-in customer may set one.
    requires: [],
    // A double tap or a retry after a lost answer finds the alert it created, instead of a second one.
    idempotent: true,
    status: 201,
    errors: ['price_alerts_full'],
  }),
  removePriceAlert: endpoint('DELETE', '/price-alerts/:id', undefined, priceAlertsSchema, {
    summary: 'Remove one of the customer’s price alerts; answers those left.',
    auth: 'bearer',
    errors: ['price_alert_not_found'],
  }),
  listRecurringBuys: endpoint('GET', '/recurring-buys', undefined, recurringBuysSchema, {
    summary: 'The customer’s recurring buys with their latest runs, newest first (cancelled ones included).',
    auth: 'bearer',
  }),
  createRecurringBuy: endpoint('POST', '/recurring-buys', createRecurringBuyBodySchema, recurringBuySchema, {
    summary: `Buy a crypto asset for a fixed amount of a fiat account daily, weekly or monthly (takes an \`Idempotency-Key\`), in the customer's time zone (29th–31st: the last day of shorter months). Needs a \`recurring_buy\` step-up, which it spends: it authorises every run. Each run is a quote and an exchange with its own Idempotency-Key (\`recurring:<plan>:<day>\`) within the transfer limit, once per plan and day whatever the number of servers; one the balance cannot cover is skipped with a \`recurring_buy_skipped\` notice. At most ${RECURRING_BUYS_MAX} plans per customer.`,
    auth: 'bearer',
    requires: MOVES_MONEY,
    // A retry after a lost answer finds the plan it set up, instead of a spent step-up and a second plan.
    idempotent: true,
    status: 201,
    errors: ['step_up_required', 'account_not_found', 'transfer_pair_invalid', 'recurring_buys_full', 'amount_too_precise'],
  }),
  pauseRecurringBuy: endpoint('POST', '/recurring-buys/:id/pause', emptyBodySchema, recurringBuySchema, {
    summary: 'Pause a recurring buy: no run until it is resumed (days paused are not made up).',
    auth: 'bearer',
    errors: ['recurring_buy_not_found', 'recurring_buy_cancelled'],
  }),
  resumeRecurringBuy: endpoint('POST', '/recurring-buys/:id/resume', emptyBodySchema, recurringBuySchema, {
    summary: 'Resume a paused recurring buy from its next day.',
    auth: 'bearer',
    requires: MOVES_MONEY,
    errors: ['recurring_buy_not_found', 'recurring_buy_cancelled'],
  }),
  cancelRecurringBuy: endpoint('POST', '/recurring-buys/:id/cancel', emptyBodySchema, recurringBuySchema, {
    summary: 'Cancel a recurring buy for good; its runs stay listed.',
    auth: 'bearer',
    errors: ['recurring_buy_not_found'],
  }),
  simulateRecurringBuyRun: endpoint('POST', '/simulate/recurring-buys/:id/run', emptyBodySchema, recurringBuySchema, {
    summary:
      'Runs one of the customer’s active recurring buys now for its next day, as the job would on that day (bought, or skipped with its notice), once per day like every run; a paused or cancelled plan does not run. Demo mode only.',
    auth: 'bearer',
    demoMode: true,
    errors: ['recurring_buy_not_found'],
  }),
};
