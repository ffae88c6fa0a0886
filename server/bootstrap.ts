import path from 'node:path';
import type { Config } from './config';
import { openPglite, openPostgres, type Database } from './db/database';
import { migrate } from './db/migrate';
import { describeError, type Logger } from './logger';

/** The configured database, migrated: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        connectTimeoutMs: config.timeouts.dbConnect,
        statementTimeoutMs: config.timeouts.dbStatement,
        onPoolError: (error) => logger.error('db.pool_error', describeError(error)),
      })
    : await openPglite({ dataDir: path.join(config.dataDir, 'db') });
  const applied = await migrate(database);
  if (applied.length > 0) logger.info('db.migrated', { engine: database.engine, applied });
  return database;
}
