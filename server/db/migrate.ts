import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';
import { appRolePrivileges } from './privileges';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** `NNNN_name.sql` files of the folder, in order. */
export function readMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const sql = readFileSync(MIGRATIONS_DIR + file, 'utf8');
      return { name: file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export interface MigrateOptions {
  /**
   * The role the application connects as, when it is not the one migrating (PostgreSQL with
   * DATABASE_MIGRATION_URL). It gets exactly what `appRolePrivileges` grants, after every migration.
   */
  appRole?: string;
}

/** Any constant works; it only has to be the same for every server that migrates this database. */
const MIGRATION_LOCK_ID = 727_274_001;

/**
 * Applies the migrations the database has not seen, in order, and records them. Safe to run on every
 * start and from several servers at once: everything happens in one transaction under an advisory
 * lock, so a second server waits and then finds nothing left to do. An applied file that was edited
 * afterwards stops the start, because the database no longer matches the repository.
 */
export async function migrate(
  database: Database,
  migrations: Migration[] = readMigrations(),
  options: MigrateOptions = {},
): Promise<string[]> {
  return database.transaction(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name       text PRIMARY KEY,
      checksum   text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Map(
      (await session.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')).map((row) => [
        row.name,
        row.checksum,
      ]),
    );
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum === migration.checksum) continue;
      if (checksum !== undefined) {
        throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
      }
      await session.exec(migration.sql);
      await session.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [migration.name, migration.checksum]);
      newlyApplied.push(migration.name);
    }
    // Under the same lock: servers starting together would otherwise update the same grants at once.
    if (options.appRole) {
      const [{ schema } = { schema: 'public' }] = await session.query<{ schema: string }>('SELECT current_schema() AS schema');
      await session.exec(appRolePrivileges(options.appRole, schema));
    }
    return newlyApplied;
  });
}
