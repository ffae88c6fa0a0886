import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Database } from './database';
import { quoteIdent } from './privileges';

/**
 * pg-boss's schema beside the application's: `pgboss` for the usual `public`, `<schema>_pgboss` for
 * another (each server test file has a schema of its own, and so a queue of its own).
 */
export async function jobQueueSchema(database: Database): Promise<string> {
  const [{ schema } = { schema: 'public' }] = await database.transaction((session) =>
    session.query<{ schema: string }>('SELECT current_schema() AS schema'),
  );
  return schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}

/**
 * The queues the jobs use (server/scheduledJobs.ts), pg-boss's own cron queue first. Made here, by the
 * owner: making a queue creates its partition table, and the application role may not create tables.
 * Singleton: a scheduled round never overlaps the previous one still running on another instance.
 */
export const JOB_QUEUES = ['__pgboss__send-it', 'price-alerts', 'recurring-buys'] as const;

/**
 * Installs pg-boss's schema and queues on PostgreSQL, as the migration owner (the application role has
 * no DDL; pg-boss starts with `migrate: false` and only checks the version), and grants the application
 * role what pg-boss does with them: rows of its tables, never their definitions. Safe from several
 * servers at once: pg-boss's construction takes its own advisory lock, and a queue made twice is made once.
 * Answers the schema.
 */
export async function installJobQueue(owner: Database, appRole?: string): Promise<string> {
  const boss = await jobQueueSchema(owner);
  const [{ installed } = { installed: false }] = await owner.transaction((session) =>
    session.query<{ installed: boolean }>('SELECT to_regclass($1) IS NOT NULL AS installed', [`${quoteIdent(boss)}.version`]),
  );
  // A script with its own BEGIN and COMMIT: sent as one simple query, outside any transaction of ours.
  if (!installed) await owner.db.execute(sql.raw(PgBoss.getConstructionPlans(boss)));
  for (const queue of JOB_QUEUES) {
    await owner.db.execute(
      sql`SELECT ${sql.identifier(boss)}.create_queue(${queue}, ${JSON.stringify({ policy: queue.startsWith('__') ? 'standard' : 'singleton' })}::json)`,
    );
  }
  if (appRole) {
    const app = quoteIdent(appRole);
    const inSchema = quoteIdent(boss);
    await owner.db.execute(
      sql.raw(`
        GRANT USAGE ON SCHEMA ${inSchema} TO ${app};
        GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${inSchema} TO ${app};
        GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${inSchema} TO ${app};
      `),
    );
  }
  return boss;
}
