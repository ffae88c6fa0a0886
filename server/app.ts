import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { systemClock, type Clock } from './clock';
import { isLoopback, type Config } from './config';
import type { Db } from './db/database';
import { ApiError, errorResponse } from './errors';
import { compressJson } from './http/compress';
import { bodyLimitOf } from './http/request';
import { endpoints } from '../contract/endpoints';
import type { Context } from 'hono';
import { kycRoutes } from './routes/kyc';
import { notificationRoutes } from './routes/notifications';
import type { AppEnv, RouteDeps } from './http/route';
import { securityHeaders } from './http/security-headers';
import { consoleLogger, describeError, type Logger } from './logger';
import { accountRoutes } from './routes/accounts';
import { cardRoutes } from './routes/cards';
import { chartRoutes } from './routes/charts';
import { chainRoutes } from './routes/chains';
import { depositRoutes } from './routes/deposits';
import { createDepositService } from './chains/deposits';
import { depositLinkRoutes } from './routes/depositLinks';
import { createDepositLinkService, type DepositAddressOf } from './services/depositLinks';
import { resolveChains } from './chains/chains';
import type { Chain } from '../contract/chains';
import { SOCIAL_PROVIDERS } from '../contract/social';
import { payLinkRoutes } from './routes/payLinks';
import { sendMoneyRoutes } from './routes/sendMoney';
import { priceAlertsRoutes } from './routes/priceAlerts';
import type { Listen } from './services/payLinkEvents';
import { sessionCookies } from './http/cookies';
import { authRoutes } from './routes/auth';
import { simulateRoutes } from './routes/simulate';
import { devRoutes } from './routes/dev';
import { healthRoutes } from './routes/health';
import { supportRoutes } from './routes/support';
import { injectRoutes } from './routes/inject';
import { socialRoutes } from './routes/social';
import { passkeyRoutes } from './routes/passkeys';
import { trackingRoutes } from './routes/tracking';
import { transferRoutes } from './routes/transfers';
import { withdrawalRoutes } from './routes/withdrawals';
import { payoutRoutes } from './routes/payouts';
import { createWithdrawalService } from './chains/withdrawals';
import { userRoutes } from './routes/users';
import { createServices, type Services } from './services';
import { channelTransport, httpSmsTransport, logTransport, smtpTransport, type Transport } from './services/outbox';
import { serveSpa } from './static';
import type { JobMonitor } from './jobs';
import { databaseFault } from './db/faults';

export interface AppOptions {
  db: Db;
  config: Config;
  clock?: Clock;
  /** Where messages go; by default SMTP and the SMS gateway when configured, else the log. */
  transport?: Transport;
  logger?: Logger;
  /** Prebuilt services over the same database (server/main.ts shares them with its maintenance loop). */
  services?: Services;
  /** The chains as running (server/main.ts passes the local nodes'); by default the configured ones. */
  chains?: Chain[];
  /** LISTEN on the same database (Database.listen): pay-link pages update at once. */
  listen?: Listen;
  /** The customer's deposit address on a chain (the chain area's derivation); none: deposit links are refused. */
  depositAddress?: DepositAddressOf;
  /** This instance's background jobs, whose stalls `/api/ready` reports (server/main.ts starts them). */
  jobs?: JobMonitor;
}

export function defaultTransport(config: Config, logger: Logger): Transport {
  const toLog = logTransport(logger, config.demoMode);
  // In demo mode the codes also reach the console, wherever the messages go.
  const alsoLogged = (transport: Transport): Transport => {
    if (!config.demoMode) return transport;
    return async (message) => {
      await transport(message);
      await toLog(message);
    };
  };
  return channelTransport({
    email: config.smtpUrl ? alsoLogged(smtpTransport(config.smtpUrl, config.mailFrom, config.timeouts.smtp)) : toLog,
    sms: config.smsGatewayUrl ? alsoLogged(httpSmsTransport(config.smsGatewayUrl, config.timeouts.sms)) : toLog,
  });
}

/** What a 503 `temporarily_unavailable` asks the client to wait: long enough for a lock or a burst to pass. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The whole server as a Hono app: `/api/*` from the contract, the built SPA for everything else. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const { db, config, clock = systemClock, logger = consoleLogger } = options;
  const chains = options.chains ?? resolveChains(config.chains);
  const services =
    options.services ??
    createServices({
      db,
      config,
      clock,
      logger,
      transport: options.transport ?? defaultTransport(config, logger),
      listen: options.listen,
    });
  const deps: RouteDeps = {
    db,
    clock,
    tokens: services.tokens,
    trustProxy: config.trustProxy,
    publicOrigin: config.publicOrigin,
    demoTools: config.demoMode && isLoopback(config.host),
    demoMode: config.demoMode,
    roleOf: services.users.roleOf,
    unmetRule: services.users.unmetRule,
  };

  const app = new Hono<AppEnv>();
  // The browser wallet talks to the chains' RPC endpoints directly.
  const rpcUrls = [...new Set([...config.walletRpcUrls, ...chains.map((chain) => chain.rpcUrl)])];
  // MetaMask's SDK pairs a phone's wallet through its relay; offered (GET /chains) only when configured.
  const walletSdkRelays = config.walletSdkRelay ? [config.walletSdkRelay] : [];
  const pushSdkOrigins = config.push.mode === 'sdk' ? [new URL(config.push.scriptUrl).origin] : [];
  const chatOrigins = config.chatWidget ? [new URL(config.chatWidget.scriptUrl).origin] : [];
  app.use(
    securityHeaders({
      walletRpcUrls: [...rpcUrls, ...walletSdkRelays],
      trustProxy: config.trustProxy,
      thirdPartyOrigins: [...pushSdkOrigins, ...chatOrigins],
      frameOrigins: chatOrigins,
    }),
  );

  const api = new Hono<AppEnv>();
  api.use(compressJson());
  api.use(async (c, next) => {
    await next();
    // Answers carry tokens and personal data: no cache, shared or private, may keep them.
    c.header('Cache-Control', 'no-store');
  });
  const uploads = Object.values(endpoints);
  const tooLarge = (c: Context) => errorResponse(c, new ApiError('payload_too_large'));
  api.use((c, next) =>
    bodyLimit({
      maxSize: bodyLimitOf(uploads, c.req.method, c.req.path.slice('/api'.length), c.req.header('content-type')),
      onError: tooLarge,
    })(c, next),
  );
  const cookies = sessionCookies(config, clock);
  authRoutes(api, deps, services, cookies);
  socialRoutes(api, deps, services, config, cookies);
  userRoutes(api, deps, services);
  accountRoutes(api, deps, services, logger);
  cardRoutes(api, deps, services);
  chartRoutes(api, deps, services);
  chainRoutes(api, deps, chains, walletSdkRelays.length > 0);
  const deposits = createDepositService({ db, clock, chains, keys: config.deposits });
  depositRoutes(api, deps, deposits);
  payLinkRoutes(api, deps, services);
  sendMoneyRoutes(api, deps, services);
  priceAlertsRoutes(api, deps, services);
  // A deposit link pays into the customer's own deposit address on its chain (derived, never a node's account).
  const depositAddress: DepositAddressOf = options.depositAddress ?? ((userId, query) => deposits.address(userId, query));
  depositLinkRoutes(api, deps, createDepositLinkService({ db, clock, chains, depositAddress }), services.rateLimiter);
  trackingRoutes(api, deps, services);
  passkeyRoutes(api, deps, services, cookies);
  simulateRoutes(api, deps, services);
  transferRoutes(api, deps, services);
  withdrawalRoutes(
    api,
    deps,
    createWithdrawalService({
      db,
      clock,
      chains,
      limits: services.limits,
      stepUp: services.stepUp,
      rates: services.rates,
      outbox: services.outbox,
      hotWallet: Boolean(config.withdrawals.hotWalletKey),
      coolingOffSeconds: config.withdrawals.coolingOffSeconds,
      bitcoin: config.withdrawals.bitcoin,
    }),
  );
  payoutRoutes(api, deps, services.payouts);
  kycRoutes(api, deps, services);
  notificationRoutes(api, deps, services);
  injectRoutes(api, deps, services);
  devRoutes(api, deps, services);
  healthRoutes(api, deps, logger, options.jobs);
  supportRoutes(api, deps, config.chatWidget);
  app.route('/api', api);

  if (config.distDir)
    app.use(
      serveSpa(config.distDir, {
        socialProviders: SOCIAL_PROVIDERS.filter((provider) => config.oidc[provider]),
        demoMode: config.demoMode,
      }),
    );

  app.notFound((c) => errorResponse(c, new ApiError('not_found')));
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    // A busy or unreachable database passes: the client is told when to try again, never a bare 500.
    const fault = databaseFault(error);
    if (fault) {
      logger.warn('request.database_fault', { fault, method: c.req.method, path: c.req.path, ...describeError(error) });
      return errorResponse(c, new ApiError('temporarily_unavailable', undefined, { retryAfter: DATABASE_RETRY_AFTER_SECONDS }));
    }
    logger.error('request.failed', { method: c.req.method, path: c.req.path, ...describeError(error) });
    return errorResponse(c, new ApiError('internal_error'));
  });
  return app;
}
