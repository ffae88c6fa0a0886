import { randomUUID } from 'node:crypto';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/database';
import { migrate, readMigrations } from '../../server/db/migrate';
import * as schema from '../../server/db/schema';
import { DEMO_HISTORY_DAYS, DEMO_PHONE_ACCOUNTS, insertVerifiedUser, seedDemo } from '../../server/db/seed';
import { TEST_EPOCH, TEST_PASSWORD_COST, useTestDatabase } from './helpers';

const db = useTestDatabase();

describe('migrations', () => {
  it('are all applied once; running them again changes nothing', async () => {
    const before = await db.counts();
    expect(await migrate(db.owner)).toEqual([]);
    expect(await db.counts()).toEqual(before);
    const applied = await db.owner.transaction((session) =>
      session.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'),
    );
    expect(applied.map((row) => row.name)).toEqual(readMigrations().map((migration) => migration.name));
  });

  it('refuse to start when an applied file was edited', async () => {
    const edited = readMigrations().map((migration, index) => (index === 0 ? { ...migration, checksum: 'edited' } : migration));
    await expect(migrate(db.owner, edited)).rejects.toThrow(/was changed after it was applied/);
  });

  it('apply a new file inside the same transaction, and nothing of a failing one', async () => {
    const migrations = readMigrations();
    const failing = { name: '9999_broken.sql', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();', checksum: 'x' };
    await expect(migrate(db.owner, [...migrations, failing])).rejects.toThrow();
    expect(Object.keys(await db.counts())).not.toContain('half_done');
  });

  it('0051 turns the activities of payouts returned before it from failed into returned, and only those', async () => {
    const old = await openPglite();
    try {
      const migrations = readMigrations();
      await migrate(
        old,
        migrations.filter((migration) => migration.name < '0051'),
      );
      const ids = await old.transaction(async (session) => {
        const at = TEST_EPOCH.toISOString();
        const account = { id: randomUUID(), user_id: randomUUID() };
        await session.query(
          `INSERT INTO users (id, email, country, terms_accepted_at, terms_version, created_at, updated_at) VALUES ($1, 'old@meridian.test', 'DE', $2, '2026-01', $2, $2)`,
          [account.user_id, at],
        );
        await session.query(
          `INSERT INTO accounts (id, user_id, kind, currency, name, created_at) VALUES ($1, $2, 'fiat', 'EUR', 'EUR', $3)`,
          [account.id, account.user_id, at],
        );
        const [hold, back, quote, payout, returned, otherFailed] = [
          randomUUID(),
          randomUUID(),
          randomUUID(),
          randomUUID(),
          randomUUID(),
          randomUUID(),
        ];
        await session.query(
          `INSERT INTO ledger_transactions (id, user_id, kind, created_at) VALUES ($1, $3, 'withdrawal', $4), ($2, $3, 'reversal', $4)`,
          [hold, back, account.user_id, at],
        );
        // What the payout code before 0051 wrote for a returned payout, and a failure of another kind.
        await session.query(
          `INSERT INTO activities (id, user_id, account_id, type, status, amount, currency, created_at)
           VALUES ($1, $3, $4, 'withdrawal', 'failed', '-100', 'EUR', $5), ($2, $3, $4, 'withdrawal', 'failed', '-20', 'EUR', $5)`,
          [returned, otherFailed, account.user_id, account.id, at],
        );
        await session.query(
          `INSERT INTO payout_quotes (id, user_id, account_id, currency, beneficiary_id, holder_name, iban, amount, fee, arrives_by, created_at, expires_at, used_at)
           VALUES ($1, $2, $3, 'EUR', $1, 'Dana Demo', 'DE89370400440532013000', '100', '1', $4, $4, $4::timestamptz + interval '1 minute', $4)`,
          [quote, account.user_id, account.id, at],
        );
        await session.query(
          `INSERT INTO payouts (id, user_id, quote_id, account_id, currency, holder_name, iban, amount, fee, status, arrives_by,
             activity_id, hold_transaction_id, return_transaction_id, return_reason, created_at)
           VALUES ($1, $2, $3, $4, 'EUR', 'Dana Demo', 'DE89370400440532013000', '99', '1', 'returned', $5, $6, $7, $8, 'AC04', $5)`,
          [payout, account.user_id, quote, account.id, at, returned, hold, back],
        );
        return { returned, otherFailed };
      });

      expect(await migrate(old, migrations)).toEqual(
        migrations.filter((migration) => migration.name >= '0051').map((migration) => migration.name),
      );
      const statuses = await old.transaction((session) =>
        session.query<{ id: string; status: string }>('SELECT id, status FROM activities WHERE id = ANY($1)', [
          [ids.returned, ids.otherFailed],
        ]),
      );
      expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
        [ids.returned]: 'returned',
        [ids.otherFailed]: 'failed',
      });
    } finally {
      await old.close();
    }
    // Every migration from an empty database, on PGlite, on two busy cores.
  }, 90_000);

  it('create every table and column the query builder knows', async () => {
    const tables = Object.values(schema) as PgTable[];
    for (const table of tables) {
      const columns = Object.values(getTableColumns(table)).map((column) => column.name);
      const rows = await db.database.transaction((session) =>
        session.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
          [getTableName(table)],
        ),
      );
      expect(rows.map((row) => row.column_name).sort(), getTableName(table)).toEqual(columns.sort());
    }
  });
});

describe('seed', () => {
  it('is idempotent', async () => {
    const before = await db.counts();
    expect(await seedDemo(db.database.db, () => TEST_EPOCH, TEST_PASSWORD_COST)).toEqual({ demoCreated: false });
    expect(await db.counts()).toEqual(before);
  });

  it('holds the demo customer, verified, and the promo codes', async () => {
    const [demo] = await db.database.db.select({ verified: sql<boolean>`${schema.users.emailVerifiedAt} IS NOT NULL` }).from(schema.users);
    expect(demo).toEqual({ verified: true });
    const codes = await db.database.db.select({ code: schema.promoCodes.code }).from(schema.promoCodes);
    expect(codes.map((row) => row.code).sort()).toEqual(['FRIENDS', 'MERIDIAN2026', 'WELCOME10']);
  });
});

describe('a demo server’s seeding', () => {
  it('opens and funds the demo accounts a year back, so the portfolio has a year to draw', async () => {
    const fundedAt = new Date(TEST_EPOCH.getTime() - DEMO_HISTORY_DAYS * 24 * 60 * 60_000);
    const who = { email: 'backdated@meridian.test', passwordHash: 'x', firstName: 'Bea', lastName: 'Back', country: 'DE', language: 'en' };
    expect(await db.database.db.transaction((tx) => insertVerifiedUser(tx, TEST_EPOCH, who, DEMO_PHONE_ACCOUNTS, fundedAt))).toBe(true);
    const rows = await db.owner.transaction((session) =>
      session.query<{ opened: string; funded: string; listed: string }>(
        `SELECT a.created_at::text AS opened, t.created_at::text AS funded, v.created_at::text AS listed
         FROM users u JOIN accounts a ON a.user_id = u.id JOIN activities v ON v.account_id = a.id
         JOIN ledger_transactions t ON t.id = v.transaction_id WHERE u.email = $1`,
        [who.email],
      ),
    );
    expect(rows).toHaveLength(DEMO_PHONE_ACCOUNTS.length);
    const [day] = fundedAt.toISOString().split('T');
    for (const row of rows) for (const instant of [row.opened, row.funded, row.listed]) expect(instant.slice(0, 10)).toBe(day);
  });
});
