import { expect } from 'vitest';
import { auditLedger } from '../../server/services/audit';
import { registerQualifiedCustomer, TestClient, type TestDatabase, type TestServer } from './helpers';

/** What the withdrawal tests share: a customer with their id, and a ledger that sums to zero per asset. */
export function withdrawalHelpers(db: TestDatabase) {
  const sqlRows = <Row>(text: string, params?: unknown[]) => db.owner.transaction((session) => session.query<Row>(text, params));

  /** A customer who may withdraw (LEAVES_MERIDIAN met); step-up codes go to `phone`. */
  async function customer(server: TestServer) {
    const client = new TestClient(server);
    const { email, phone, userId } = await registerQualifiedCustomer(client, db);
    return { client, email, phone, userId };
  }

  async function expectLedgerBalanced() {
    const sums = await sqlRows<{ currency: string; total: string }>(
      `SELECT a.currency, sum(e.amount)::text AS total FROM ledger_entries e JOIN accounts a ON a.id = e.account_id GROUP BY a.currency`,
    );
    expect(sums.filter((row) => Number(row.total) !== 0)).toEqual([]);
    expect(await auditLedger(db.database.db)).toEqual([]);
  }

  return { sqlRows, customer, expectLedgerBalanced };
}
