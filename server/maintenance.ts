import type { Clock } from './clock';
import type { Db } from './db/database';
import { pruneIdempotencyKeys } from './http/idempotency';
import { describeError, type Logger } from './logger';
import type { Services } from './services';

export const MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * One round of housekeeping: deliver messages whose first delivery failed, empty delivered message
 * bodies whose codes have expired, drop ended rate-limit
 * windows, remove the phones of lost-phone recoveries whose 24 hours are over, run the payout rail, expired refresh tokens, unanswered social sign-in requests, two-factor challenges and idempotency keys past
 * their retention; settle money sent between customers that waits in the holding account. Every step is safe to
 * run on several servers at once.
 */
export async function runMaintenance(services: Services, db: Db, clock: Clock, logger: Logger): Promise<void> {
  const steps = {
    outbox: () => services.outbox.deliverPending(),
    // Notifications whose NOTIFY no server heard (it was down, or LISTEN lost its connection).
    push: () => services.push.deliverPending(),
    outboxBodies: () => services.outbox.purgeDelivered(),
    rateLimits: () => services.rateLimiter.prune(),
    refreshTokens: () => services.tokens.pruneExpired(),
    socialRequests: () => services.social.pruneExpired(),
    twoFactorChallenges: () => services.twoFactor.pruneExpired(),
    phoneRecoveries: () => services.phoneRecovery.completeDue(),
    idempotencyKeys: () => pruneIdempotencyKeys(db, clock),
    // Card credit lines past a loan-to-value threshold: told, or liquidated (row locks make it safe anywhere).
    ltvSweep: () => services.cards.sweep(),
    // Held bank payouts go to the bank in a batch; the simulated rail settles those due (SKIP LOCKED rows).
    payouts: () => services.payouts.runRail(),
    // Money between customers that waits: invitations claimed or, after 14 days, given back; held money passed on.
    moneyWaiting: () => services.sendMoney.settleWaiting(),
  };
  for (const [name, step] of Object.entries(steps)) {
    await step().catch((error: unknown) => logger.error('maintenance.failed', { step: name, ...describeError(error) }));
  }
}
