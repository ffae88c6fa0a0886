import path from 'node:path';
import type { Config } from './config';
import { openPglite, openPostgres, type Database } from './db/database';
import { installJobQueue } from './db/jobQueue';
import { migrate } from './db/migrate';
import { appRoleExcesses } from './db/privileges';
import { describeError, type Logger } from './logger';

/**
 * The configured database, migrated: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db.
 * On PostgreSQL with DATABASE_MIGRATION_URL, the owner migrates and grants, and the application keeps
 * only the DATABASE_URL role's connections.
 */
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  if (!config.databaseUrl) {
    const database = await openPglite({ dataDir: path.join(config.dataDir, 'db') });
    await migrateAndLog(database, logger);
    return database;
  }
  const postgresOptions = {
    maxConnections: config.dbPoolSize,
    connectTimeoutMs: config.timeouts.dbConnect,
    statementTimeoutMs: config.timeouts.dbStatement,
    onPoolError: (error: Error) => logger.error('db.pool_error', describeError(error)),
  };
  const database = openPostgres(config.databaseUrl, postgresOptions);
  try {
    if (config.databaseMigrationUrl) {
      const owner = openPostgres(config.databaseMigrationUrl, { ...postgresOptions, maxConnections: 1 });
      try {
        const [app, migrator] = await Promise.all([currentRole(database), currentRole(owner)]);
        if (app === migrator)
          throw new Error('DATABASE_URL and DATABASE_MIGRATION_URL name the same role; the application needs a role of its own.');
        await migrateAndLog(owner, logger, app);
      } finally {
        await owner.close();
      }
    } else {
      await migrateAndLog(database, logger);
    }
    const excesses = await appRoleExcesses(database);
    if (excesses.length > 0) {
      // With these, a flaw in the application could rewrite the ledger's history.
      if (config.production) {
        throw new Error(
          `The DATABASE_URL role may do more than the application needs (${excesses.join('; ')}). ` +
            'Set DATABASE_MIGRATION_URL to the schema owner and DATABASE_URL to a role of its own (docs/security.md).',
        );
      }
      logger.warn('db.app_role_unrestricted', { excesses });
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function migrateAndLog(database: Database, logger: Logger, appRole?: string): Promise<void> {
  const applied = await migrate(database, undefined, { appRole });
  if (applied.length > 0) logger.info('db.migrated', { engine: database.engine, applied });
  // pg-boss drives the scheduled jobs on PostgreSQL (server/scheduledJobs.ts); the embedded database has none.
  if (database.engine === 'postgres') await installJobQueue(database, appRole);
}

async function currentRole(database: Database): Promise<string> {
  const [row] = await database.transaction((session) => session.query<{ role: string }>('SELECT current_user AS role'));
  return row!.role;
}
