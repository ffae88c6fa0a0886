import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/bootstrap';
import type { Database } from '../../server/db/database';
import { migrate, readMigrations } from '../../server/db/migrate';
import { APPEND_ONLY_TABLES, appRoleExcesses } from '../../server/db/privileges';
import { DEMO_CUSTOMER } from '../../server/db/seed';
import { post, systemAccountId } from '../../server/services/ledger';
import { silentLogger } from '../../server/logger';
import { createTestDatabase, createTestServer, POSTGRES_URL, TestClient, testConfig, type TestDatabase } from '../server/helpers';

// Issue 10, item 19: on PostgreSQL the application's role may add ledger rows but not change or delete
// them, truncate any table, or touch a trigger; the schema owner runs the migrations.

const separateRoles = Boolean(POSTGRES_URL && process.env.DATABASE_MIGRATION_URL);
/** insufficient_privilege: what PostgreSQL answers a missing privilege and a non-owner alike. */
const DENIED = { code: '42501' };

describe.skipIf(!separateRoles)(
  'the application role on PostgreSQL (skipped on PGlite: one embedded user, no roles to separate; `npm run test:server:pg` runs it)',
  () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db.close());

    /** Runs statements as the application role; the error they fail with, if any. */
    async function asApp(statements: string): Promise<{ code?: string; message: string } | undefined> {
      try {
        await db.database.transaction((session) => session.exec(statements));
        return undefined;
      } catch (error) {
        return error as { code?: string; message: string };
      }
    }

    const roleOf = async (database: Database) =>
      (await database.transaction((session) => session.query<{ role: string }>('SELECT current_user AS role')))[0]!.role;

    it('is not the owner, and the start-up check finds nothing to object to (it does for the owner)', async () => {
      expect(await roleOf(db.database)).not.toBe(await roleOf(db.owner));
      expect(await appRoleExcesses(db.database)).toEqual([]);
      expect(await appRoleExcesses(db.owner)).toContain('owns tables (may alter them and their triggers)');
    });

    it.each(APPEND_ONLY_TABLES)('may not update or delete %s rows', async (table) => {
      const assignment = { ledger_entries: 'amount = amount', ledger_transactions: 'kind = kind', admin_audit_log: 'reason = reason' }[
        table
      ];
      expect(await asApp(`UPDATE ${table} SET ${assignment}`)).toMatchObject(DENIED);
      expect(await asApp(`DELETE FROM ${table}`)).toMatchObject(DENIED);
    });

    it('may not truncate any table', async () => {
      for (const table of [...APPEND_ONLY_TABLES, 'accounts', 'users', 'sessions', 'rate_limit_counters']) {
        expect(await asApp(`TRUNCATE ${table} CASCADE`), table).toMatchObject(DENIED);
      }
    });

    it('may not disable, drop, add or rewrite a trigger, nor alter or drop a table, nor make objects', async () => {
      for (const statement of [
        'ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_change',
        'ALTER TABLE ledger_entries DISABLE TRIGGER ALL',
        'ALTER TABLE accounts DISABLE TRIGGER accounts_balance_guard',
        'DROP TRIGGER ledger_entries_no_change ON ledger_entries',
        'CREATE TRIGGER sneaky AFTER INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry()',
        'CREATE OR REPLACE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$',
        'ALTER TABLE accounts DROP CONSTRAINT accounts_customer_balance_not_negative',
        'DROP TABLE ledger_entries CASCADE',
        'CREATE TABLE scratch (id int)',
        // Replica mode skips ordinary triggers; only a superuser may set it.
        "SET session_replication_role = 'replica'",
      ]) {
        expect(await asApp(statement), statement).toMatchObject(DENIED);
      }
    });

    it('still posts to the ledger, and the application works on it', async () => {
      const demo = new TestClient(createTestServer(db));
      expect((await demo.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(200);
      const usd = (await demo.get('/bank-accounts/accounts')).body.find((account: { currency: string }) => account.currency === 'USD');
      const system = await systemAccountId(db.database.db, 'USD');
      await db.database.db.transaction((tx) =>
        post(tx, {
          kind: 'deposit',
          userId: null,
          at: new Date(),
          entries: [
            { accountId: usd.id, amount: '1.25' },
            { accountId: system, amount: '-1.25' },
          ],
        }),
      );
      const after = (await demo.get('/bank-accounts/accounts')).body.find((account: { currency: string }) => account.currency === 'USD');
      expect(Number(after.balance) - Number(usd.balance)).toBeCloseTo(1.25);
    });

    it('gets the same rights on a table a later migration adds, and none on the migration record', async () => {
      const later = { name: '9999_added_later.sql', sql: 'CREATE TABLE added_later (id int PRIMARY KEY, note text);', checksum: 'later' };
      await migrate(db.owner, [...readMigrations(), later], { appRole: await roleOf(db.database) });
      expect(
        await asApp("INSERT INTO added_later VALUES (1, 'x'); UPDATE added_later SET note = 'y'; DELETE FROM added_later"),
      ).toBeUndefined();
      expect(await asApp('TRUNCATE added_later')).toMatchObject(DENIED);
      // A table the owner makes by hand, outside a migration, is covered by the default privileges.
      await db.owner.transaction((session) => session.exec('CREATE TABLE made_by_hand (id int)'));
      expect(await asApp('INSERT INTO made_by_hand VALUES (1); DELETE FROM made_by_hand')).toBeUndefined();
      expect(await asApp('SELECT * FROM schema_migrations')).toMatchObject(DENIED);
    });

    it('is how the server starts: the owner migrates and grants, and production refuses an application role that owns the tables', async () => {
      const ownerUrl = process.env.DATABASE_MIGRATION_URL!;
      // The database's own `public` schema, as a deployment has it; no other test works there.
      const started = await openDatabase(
        testConfig({ production: true, databaseUrl: POSTGRES_URL, databaseMigrationUrl: ownerUrl }),
        silentLogger,
      );
      try {
        expect(await appRoleExcesses(started)).toEqual([]);
        await expect(started.transaction((session) => session.exec('DELETE FROM ledger_entries'))).rejects.toMatchObject(DENIED);
      } finally {
        await started.close();
      }
      await expect(openDatabase(testConfig({ production: true, databaseUrl: ownerUrl }), silentLogger)).rejects.toThrow(
        /DATABASE_URL role may do more than the application needs \(owns tables/,
      );
      await expect(
        openDatabase(testConfig({ production: true, databaseUrl: ownerUrl, databaseMigrationUrl: ownerUrl }), silentLogger),
      ).rejects.toThrow(/name the same role/);
    });
  },
);
