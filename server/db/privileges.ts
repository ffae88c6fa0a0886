import type { Database } from './database';

/**
 * Tables whose rows are history: the application may add rows, never change or delete them. The
 * triggers of 0002_accounts.sql say the same to anyone, the owner included; the missing privilege
 * stops a compromised application before it reaches them, and it cannot drop a trigger it does not own.
 */
export const APPEND_ONLY_TABLES = ['ledger_transactions', 'ledger_entries', 'admin_audit_log'] as const;

/** The vocabularies of 0017_vocabularies.sql: words are added by migrations only, the application reads them. */
export const VOCABULARY_TABLES = [
  'ledger_kinds',
  'activity_types',
  'admin_actions',
  'security_event_kinds',
  'code_purposes',
  'step_up_actions',
] as const;

/**
 * What the application role may do in the migrated schema: read and write the tables (TRUNCATE,
 * REFERENCES and TRIGGER are never granted; it owns nothing, so it can neither alter a table nor
 * disable a trigger), use the sequences, and only add to the append-only tables. Run after every
 * migration, so a table added by a later migration is covered at once; the default privileges cover
 * tables the owner creates in this schema by other means (a hotfix by hand).
 */
export function appRolePrivileges(role: string, schema: string): string {
  const app = quoteIdent(role);
  const inSchema = quoteIdent(schema);
  const appendOnly = APPEND_ONLY_TABLES.map(quoteIdent).join(', ');
  const vocabularies = VOCABULARY_TABLES.map(quoteIdent).join(', ');
  return `
    GRANT USAGE ON SCHEMA ${inSchema} TO ${app};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${inSchema} TO ${app};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${inSchema} TO ${app};
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA ${inSchema} FROM ${app};
    REVOKE UPDATE, DELETE ON ${appendOnly} FROM ${app};
    REVOKE INSERT, UPDATE, DELETE ON ${vocabularies} FROM ${app};
    REVOKE ALL ON schema_migrations FROM ${app};
    ALTER DEFAULT PRIVILEGES IN SCHEMA ${inSchema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app};
    ALTER DEFAULT PRIVILEGES IN SCHEMA ${inSchema} GRANT USAGE, SELECT ON SEQUENCES TO ${app};
  `;
}

/**
 * What the application's own role could do that it must not, in the schema it works in: own a
 * table (and so alter it or its triggers), be a superuser, or change, delete or truncate
 * append-only rows. Empty when it is held as `appRolePrivileges` says.
 */
export async function appRoleExcesses(database: Database): Promise<string[]> {
  return database.transaction(async (session) => {
    const rows = await session.query<{ excess: string }>(
      `SELECT 'superuser' AS excess FROM pg_roles WHERE rolname = current_user AND rolsuper
       UNION ALL
       SELECT 'owns tables (may alter them and their triggers)' WHERE EXISTS (
         SELECT FROM pg_class c
         WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND pg_has_role(c.relowner, 'USAGE'))
       UNION ALL
       SELECT lower(p.privilege) || ' on ' || c.relname FROM pg_class c
       CROSS JOIN unnest(ARRAY['UPDATE', 'DELETE', 'TRUNCATE']) AS p (privilege)
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1)
         AND has_table_privilege(c.oid, p.privilege)`,
      [[...APPEND_ONLY_TABLES]],
    );
    return rows.map((row) => row.excess);
  });
}

/** A quoted identifier: the names come from configuration, quoting keeps any of them literal. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
