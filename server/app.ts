import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { systemClock, type Clock } from './clock';
import { isLoopback, type Config } from './config';
import type { Db } from './db/database';
import { ApiError, errorResponse } from './errors';
import { compressJson } from './http/compress';
import { BODY_LIMIT_BYTES } from './http/request';
import type { AppEnv, RouteDeps } from './http/route';
import { securityHeaders } from './http/security-headers';
import { consoleLogger, describeError, type Logger } from './logger';
import { accountRoutes } from './routes/accounts';
import { cardRoutes } from './routes/cards';
import { chainRoutes } from './routes/chains';
import { depositLinkRoutes } from './routes/depositLinks';
import { createDepositLinkService, type DepositAddressOf } from './services/depositLinks';
import { resolveChains } from './chains/chains';
import type { Chain } from '../contract/chains';
import { sessionCookies } from './http/cookies';
import { authRoutes } from './routes/auth';
import { simulateRoutes } from './routes/simulate';
import { devRoutes } from './routes/dev';
import { healthRoutes } from './routes/health';
import { socialRoutes } from './routes/social';
import { passkeyRoutes } from './routes/passkeys';
import { trackingRoutes } from './routes/tracking';
import { userRoutes } from './routes/users';
import { createServices, type Services } from './services';
import { channelTransport, httpSmsTransport, logTransport, smtpTransport, type Transport } from './services/outbox';
import { serveSpa } from './static';

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
  /** The customer's deposit address on a chain (the chain area's derivation); none: deposit links are refused. */
  depositAddress?: DepositAddressOf;
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

/** The whole server as a Hono app: `/api/*` from the contract, the built SPA for everything else. */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const { db, config, clock = systemClock, logger = consoleLogger } = options;
  const chains = options.chains ?? resolveChains(config.chains);
  const services =
    options.services ?? createServices({ db, config, clock, logger, transport: options.transport ?? defaultTransport(config, logger) });
  const deps: RouteDeps = {
    db,
    clock,
    tokens: services.tokens,
    trustProxy: config.trustProxy,
    publicOrigin: config.publicOrigin,
    demoTools: config.demoMode && isLoopback(config.host),
    demoMode: config.demoMode,
    roleOf: services.users.roleOf,
  };

  const app = new Hono<AppEnv>();
  // The browser wallet talks to the chains' RPC endpoints directly.
  const rpcUrls = [...new Set([...config.walletRpcUrls, ...chains.map((chain) => chain.rpcUrl)])];
  app.use(securityHeaders({ walletRpcUrls: rpcUrls, trustProxy: config.trustProxy }));

  const api = new Hono<AppEnv>();
  api.use(compressJson());
  api.use(async (c, next) => {
    await next();
    // Answers carry tokens and personal data: no cache, shared or private, may keep them.
    c.header('Cache-Control', 'no-store');
  });
  api.use(bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => errorResponse(c, new ApiError('payload_too_large')) }));
  const cookies = sessionCookies(config, clock);
  authRoutes(api, deps, services, cookies);
  socialRoutes(api, deps, services, config, cookies);
  userRoutes(api, deps, services);
  accountRoutes(api, deps, services);
  cardRoutes(api, deps, services);
  chainRoutes(api, deps, chains);
  const depositAddress: DepositAddressOf =
    options.depositAddress ??
    (() => Promise.reject(new ApiError('network_not_supported', 'No deposit addresses are configured on this server.')));
  depositLinkRoutes(api, deps, createDepositLinkService({ db, clock, chains, depositAddress }));
  trackingRoutes(api, deps, services);
  passkeyRoutes(api, deps, services, cookies);
  simulateRoutes(api, deps, services);
  devRoutes(api, deps, services);
  healthRoutes(api, deps, logger);
  app.route('/api', api);

  if (config.distDir) app.use(serveSpa(config.distDir));

  app.notFound((c) => errorResponse(c, new ApiError('not_found')));
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    logger.error('request.failed', { method: c.req.method, path: c.req.path, ...describeError(error) });
    return errorResponse(c, new ApiError('internal_error'));
  });
  return app;
}
