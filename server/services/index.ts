import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { createAccountService } from './accounts';
import { createChartService } from './charts';
import { createActivityService } from './activities';
import { createAuthService } from './auth';
import { createCardService } from './cards';
import { createCodeService } from './codes';
import { createFiatTopUpService } from './fiat-top-up';
import { createOutbox, type Transport } from './outbox';
import { createKycService } from './kyc';
import type { FileStore } from './kyc-files';
import { createLevelService } from './levels';
import { createLimitService } from './limits';
import { createPasskeyService } from './passkeys';
import { createPasswordChangeService } from './password-change';
import { createPasswordHasher } from './passwords';
import { createPayLinkEvents, type Listen } from './payLinkEvents';
import { createPayLinkService } from './payLinks';
import { createPhoneService } from './phone';
import { createSendMoneyService } from './sendMoney';
import { createPhoneRecoveryService } from './phone-recovery';
import { createPromoService } from './promo';
import { createPushService } from './push';
import { createRateLimiter } from './rate-limit';
import { createSecurityLogService } from './security-log';
import { createPriceAlertService } from './priceAlerts';
import { createRateService } from './rates';
import { createRecurringBuyService } from './recurringBuys';
import { createReferralService } from './referrals';
import { createSessionService } from './sessions';
import { createSimulationService } from './simulation';
import { createSettingsService } from './settings';
import { createSocialService } from './social';
import { createStepUpService } from './step-up';
import { createTokenService } from './tokens';
import { createTransferService } from './transfers';
import { createTrackingService } from './tracking';
import { createTwoFactorService } from './two-factor';
import { createUserService } from './users';
import { createVoucherService } from './vouchers';
import { createStatementService } from '../statements/statement';
import { createPayoutService } from '../payouts/service';
import { payoutRail } from '../payouts/rails';

export interface ServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  transport: Transport;
  logger: Logger;
  /** How the rate service reads the configured price feed; the global fetch unless a test gives its own. */
  rateFeedFetch?: typeof fetch;
  /** Where identity documents are kept (sealed); a folder under DATA_DIR unless a test gives its own. */
  kycStore?: FileStore;
  /** LISTEN on the database (Database.listen), for the live pay-link page; without it the app polls. */
  listen?: Listen;
}

/** Wires the services to one database, clock and message transport. */
export function createServices({ db, config, clock, transport, logger, rateFeedFetch, kycStore, listen }: ServiceDeps) {
  const passwords = createPasswordHasher(config.passwordCost);
  const tokens = createTokenService(db, clock, config.authSecret, config.session);
  const codes = createCodeService(clock, config.authSecret);
  const outbox = createOutbox(db, clock, transport, logger, config.production);
  const rateLimiter = createRateLimiter(db, clock);
  const users = createUserService(db, clock);
  const rp = { rpId: config.webauthnRpId, rpName: config.webauthnRpName, origins: config.webauthnOrigins };
  const stepUp = createStepUpService({ db, clock, codes, outbox, rateLimiter, users, rp });
  const levels = createLevelService(db);
  const limits = createLimitService(db, clock);
  const simulation = createSimulationService(db, clock);
  const rates = createRateService({ db, clock, logger, feed: config.rateFeed, fetch: rateFeedFetch });
  const transfers = createTransferService(db, clock, rates, limits);
  const phoneRecovery = createPhoneRecoveryService({
    db,
    clock,
    codes,
    outbox,
    rateLimiter,
    users,
    passwords,
    publicOrigin: config.publicOrigin,
  });
  const twoFactor = createTwoFactorService({
    db,
    clock,
    tokens,
    codes,
    outbox,
    rateLimiter,
    users,
    completeDueRecovery: (userId) => phoneRecovery.completeDue(userId),
  });
  return {
    db,
    tokens,
    outbox,
    rateLimiter,
    users,
    twoFactor,
    phoneRecovery,
    stepUp,
    passwordChange: createPasswordChangeService({ db, clock, passwords, outbox, rateLimiter, users, stepUp }),
    auth: createAuthService({
      db,
      clock,
      passwords,
      tokens,
      codes,
      outbox,
      rateLimiter,
      users,
      twoFactor,
      sanctionedCountries: config.sanctionedCountries,
    }),
    phone: createPhoneService({ db, clock, codes, outbox, rateLimiter, users, stepUp }),
    settings: createSettingsService(db, clock),
    promo: createPromoService(db, clock, rateLimiter),
    tracking: createTrackingService(db, clock),
    levels,
    limits,
    rates,
    accounts: createAccountService(db, clock),
    cards: createCardService({ db, clock, cardKey: config.cardKey, outbox }),
    charts: createChartService(db, clock),
    payLinks: createPayLinkService({ db, clock, stepUp, rates, limits }),
    sendMoney: createSendMoneyService({ db, clock, stepUp, limits, rateLimiter, outbox }),
    payLinkEvents: createPayLinkEvents(listen),
    activities: createActivityService(db),
    statements: createStatementService(db, clock),
    transfers,
    priceAlerts: createPriceAlertService(db, clock),
    recurringBuys: createRecurringBuyService({ db, clock, stepUp, transfers, logger }),
    referrals: createReferralService(db),
    simulation,
    kyc: createKycService({
      db,
      clock,
      key: config.kycKey,
      store: kycStore,
      dataDir: config.dataDir,
      outbox,
      simulation,
      sanctionedCountries: config.sanctionedCountries,
    }),
    fiatTopUp: createFiatTopUpService(db, clock, simulation),
    vouchers: createVoucherService(db, clock, simulation),
    sessions: createSessionService(db, clock, config.session),
    securityLog: createSecurityLogService(db),
    push: createPushService({ db, clock, settings: config.push, demoMode: config.demoMode, logger, listen }),
    social: createSocialService({ db, clock, config, rateLimiter, logger, twoFactor }),
    passkeys: createPasskeyService({
      db,
      clock,
      codes,
      outbox,
      rateLimiter,
      tokens,
      users,
      stepUp,
      rp,
    }),
    payouts: createPayoutService({
      db,
      clock,
      limits,
      stepUp,
      outbox,
      rail: payoutRail(config.payouts),
      coolingOffSeconds: config.withdrawals.coolingOffSeconds,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
