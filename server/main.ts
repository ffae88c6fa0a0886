import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createApp, defaultTransport } from './app';
import { openDatabase } from './bootstrap';
import { resolveChains } from './chains/chains';
import { externalLocalNodes, LocalPortsTaken, startLocalNodes } from './chains/localNodes';
import { createDepositWatcher } from './chains/watcher';
import { hotWalletAccount } from './chains/hotWallet';
import { createWithdrawalSigner } from './chains/signer';
import { systemClock } from './clock';
import { isLoopback, loadConfig } from './config';
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_PHONE_CUSTOMER, isEmpty, seedDemo } from './db/seed';
import { consoleLogger, describeError, maskingLogger } from './logger';
import { jobQueueSchema } from './db/jobQueue';
import { createJobMonitor } from './jobs';
import { checkSharedKeys } from './keyChecks';
import { MAINTENANCE_INTERVAL_MS, runMaintenance } from './maintenance';
import { keepRunningOnUnhandledRejections } from './processGuards';
import { startScheduledJobs } from './scheduledJobs';
import { createServices } from './services';
import { backfillSimulatedHistory } from './services/priceHistory';
import { SIMULATION } from './services/rates';

const config = loadConfig();
// Production logs leave the building (log shippers, support tickets): no e-mail or phone in them.
const logger = config.production ? maskingLogger(consoleLogger) : consoleLogger;
const clock = systemClock;
keepRunningOnUnhandledRejections(logger);
for (const warning of config.startWarnings) console.warn(`\n*** WARNING: ${warning}\n`);
const database = await openDatabase(config, logger);
// Instances configured apart would refuse each other's tokens and codes without a word: the first one
// records its keys' check values, any later one with other keys stops here, naming the setting.
await checkSharedKeys(database, config).catch(async (error: unknown) => {
  await database.close();
  throw error;
});

// A fresh embedded database in demo mode gets the demo accounts, so `npm start` shows a living app at
// once. Anywhere else their published passwords would open real accounts: an operator creates the first
// admin with `npm run admin:create`, and a PostgreSQL database is seeded only on request (`npm run seed`,
// or SEED_DEMO=1 in demo mode).
if (config.demoMode && (database.engine === 'pglite' || config.seedDemoOnPostgres) && (await isEmpty(database.db))) {
  await seedDemo(database.db, clock, config.passwordCost, { backdated: true });
  logger.info('db.seeded', { demo: DEMO_CUSTOMER.email });
}

// Demo mode: a local development node per chain, kept under DATA_DIR so a restart agrees with the database;
// a second instance uses the first one's (LOCAL_CHAINS=external).
// The default ports give way to free ones when taken (a developer's own node holds 8545); ports the
// operator chose stop the start in one line.
const localNodes =
  config.chains.local && !config.chains.external
    ? await startLocalNodes({
        dataDir: config.dataDir,
        port: config.chains.localPort,
        fixedPort: config.chains.localPortSet,
        blockSeconds: config.chains.localBlockSeconds,
      }).catch(async (error: unknown) => {
        if (!(error instanceof LocalPortsTaken)) throw error;
        console.error(error.message);
        await database.close();
        process.exit(1);
      })
    : undefined;
if (localNodes && localNodes.port !== config.chains.localPort) {
  const range = (first: number) => `${first}–${first + localNodes.nodes.length - 1}`;
  console.log(
    `Ports ${range(config.chains.localPort)} are taken: the local chain nodes listen on ${range(localNodes.port)} ` +
      `(a second instance uses them with LOCAL_CHAINS=external LOCAL_CHAIN_PORT=${localNodes.port}).`,
  );
}
const nodes = config.chains.external ? externalLocalNodes(config.chains.localPort) : localNodes?.nodes;
const chains = resolveChains(config.chains, nodes);
if (nodes)
  logger.info('chains.local_nodes', {
    external: config.chains.external,
    nodes: chains.map(({ network, chainId, rpcUrl }) => ({ network, chainId, rpcUrl })),
  });

const services = createServices({
  db: database.db,
  config,
  clock,
  logger,
  transport: defaultTransport(config, logger),
  listen: database.listen,
});
const jobs = createJobMonitor(clock);
const app = createApp({ db: database.db, config, clock, logger, services, chains, jobs });

// The credentials are printed only where they work: in demo mode, with the demo account present.
const showDemo = config.demoMode && Boolean(await services.users.findByEmail(DEMO_CUSTOMER.email));

/**
 * An idle keep-alive connection is closed after 65 s, not Node's 5 s: longer than the usual proxy and
 * load-balancer idle timeouts (60 s), so the server never closes a connection at the moment a proxy
 * or a client sends its next request on it (which that client sees as a reset). The `Keep-Alive:
 * timeout=65` answer header tells clients when to let go first.
 */
const KEEP_ALIVE_MS = 65_000;

const server = serve(
  { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: { keepAliveTimeout: KEEP_ALIVE_MS } },
  (info) => {
    const mode = config.production ? ', production' : config.demoMode ? ', demo mode' : '';
    const where = isLoopback(config.host) ? `http://localhost:${info.port}` : `http://${config.host}:${info.port} (HOST)`;
    console.log(`\nMeridian is running at ${where} (database: ${database.engine}${mode})`);
    if (showDemo) {
      console.log(`Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
      console.log(
        `With a phone (withdrawals; its sign-in code is printed here): ${DEMO_PHONE_CUSTOMER.email} / ${DEMO_PHONE_CUSTOMER.password}`,
      );
      console.log(`Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}\n`);
    }
  },
) as Server;

// Moves the rates (simulated, or read from RATES_FEED_URL) on whichever instance holds the lease.
const stopRates = services.rates.start(jobs);

// Demo mode: a made-up year of prices before the first real one, so every chart range has data (marked
// simulated). In the background, once the server has started: it answers meanwhile, a second instance's
// run adds nothing, and a stop waits for it before the database closes.
const historyBackfill =
  config.demoMode && !config.rateFeed
    ? backfillSimulatedHistory(database.db, clock, SIMULATION).then(
        (points) => void (points > 0 && logger.info('rates.history_backfilled', { points })),
        (error: unknown) => logger.error('rates.history_backfill_failed', describeError(error)),
      )
    : undefined;

// Follows the chains for deposits on whichever instance holds its advisory lock (the wallet's 4 s polling, docs/product.md#the-browser-wallet;
// a local node's blocks come faster).
const stopWatcher = config.deposits
  ? createDepositWatcher({ db: database.db, clock, logger, chains }).start({
      databaseUrl: config.databaseUrl,
      pollMs: config.chains.local ? 1_000 : 4_000,
      monitor: jobs,
    })
  : undefined;

// Sends the held withdrawals and follows them, on whichever instance holds its advisory lock.
const stopSigner = config.withdrawals.hotWalletKey
  ? createWithdrawalSigner({
      db: database.db,
      clock,
      logger,
      chains,
      account: hotWalletAccount(config.withdrawals.hotWalletKey),
      replaceAfterSeconds: config.withdrawals.replaceAfterSeconds,
      maxFeeMultiple: config.withdrawals.maxFeeMultiple,
    }).start({
      databaseUrl: config.databaseUrl,
      pollMs: config.chains.local ? 1_000 : 4_000,
      monitor: jobs,
    })
  : undefined;
// Pushes each notification as the transaction that wrote it commits.
const stopPush = await services.push.start();

// Price alerts and recurring buys: pg-boss on PostgreSQL, this process's timers on the embedded database.
const stopScheduledJobs = await startScheduledJobs({
  postgres: config.databaseUrl ? { databaseUrl: config.databaseUrl, queueSchema: await jobQueueSchema(database) } : undefined,
  logger,
  monitor: jobs,
  rounds: { priceAlerts: () => services.priceAlerts.evaluate(), recurringBuys: () => services.recurringBuys.runDue() },
});

const maintenance = setInterval(() => void runMaintenance(services, database.db, clock, logger), MAINTENANCE_INTERVAL_MS);
maintenance.unref();

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('server.stopping', { signal });
  clearInterval(maintenance);
  await stopPush();
  stopRates();
  await stopWatcher?.();
  await stopSigner?.();
  await stopScheduledJobs();
  // Stop accepting connections and let running requests finish before the database goes away. Idle
  // connections close now; those still answering close right after their answer instead of staying
  // open for the keep-alive time, which close() would wait for.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.keepAliveTimeout = 1;
  await closed;
  // The nodes write their state on the way out.
  await localNodes?.stop().catch((error: unknown) => logger.error('chains.stop_failed', describeError(error)));
  await historyBackfill;
  await database.close().catch((error: unknown) => logger.error('db.close_failed', describeError(error)));
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
