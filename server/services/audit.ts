import { sql } from 'drizzle-orm';
import { SYSTEM_ROLES } from '../../contract/transfers';
import type { Db } from '../db/database';
import { SYSTEM_SHARDS } from './ledger';

/**
 * What must hold of the whole ledger at any moment, whatever the code did. Each check is a query that
 * finds the rows breaking one rule; the audit answers every finding (empty when the ledger is sound).
 * The test suites run it after every server test file (tests/server/helpers.ts).
 */
const CHECKS = {
  'transaction does not sum to zero in an asset': sql`
    SELECT e.transaction_id::text AS subject, a.currency || ' ' || sum(e.amount)::text AS detail
    FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
    GROUP BY e.transaction_id, a.currency HAVING sum(e.amount) <> 0`,
  'transaction with fewer than two entries': sql`
    SELECT t.id::text AS subject, count(e.id)::text AS detail
    FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
    GROUP BY t.id HAVING count(e.id) < 2`,
  // A card account's credit line is the one way below zero, and only down to its limit.
  'customer balance below zero (or below a card account’s credit limit)': sql`
    SELECT id::text AS subject, balance::text AS detail FROM accounts WHERE user_id IS NOT NULL AND balance < -credit_limit`,
  'credit limit on an account that is not a card account': sql`
    SELECT id::text AS subject, kind || ' ' || credit_limit::text AS detail FROM accounts WHERE credit_limit <> 0 AND kind <> 'card'`,
  'balance differs from the sum of its entries': sql`
    SELECT a.id::text AS subject, a.balance::text || ' <> ' || coalesce(sum(e.amount), 0)::text AS detail
    FROM accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`,
  'completed activity differs from what its transaction posted to its account': sql`
    SELECT v.id::text AS subject, v.amount::text || ' <> ' || coalesce(sum(e.amount), 0)::text AS detail
    FROM activities v LEFT JOIN ledger_entries e ON e.transaction_id = v.transaction_id AND e.account_id = v.account_id
    WHERE v.status = 'completed'
    GROUP BY v.id HAVING v.amount <> coalesce(sum(e.amount), 0)`,
  'activity of another customer or asset than its account': sql`
    SELECT v.id::text AS subject, v.currency || ' ' || a.currency AS detail
    FROM activities v JOIN accounts a ON a.id = v.account_id
    WHERE a.user_id IS DISTINCT FROM v.user_id OR a.currency <> v.currency`,
  // Postings take whichever shard is free (services/ledger.ts): a missing one would only slow them,
  // an extra one (a shard number out of range, a second external account) would hide money from a sum.
  'system account not in exactly its shards': sql`
    SELECT a.code || ' ' || r.role AS subject, count(s.id)::text || ' shards' AS detail
    FROM assets a CROSS JOIN unnest(ARRAY[${sql.join(
      SYSTEM_ROLES.map((role) => sql`${role}`),
      sql`, `,
    )}]::text[]) AS r (role)
    LEFT JOIN accounts s ON s.user_id IS NULL AND s.currency = a.code AND s.system_role = r.role
    GROUP BY a.code, r.role
    HAVING count(s.id) <> ${SYSTEM_SHARDS} OR count(DISTINCT s.shard) <> ${SYSTEM_SHARDS} OR max(s.shard) <> ${SYSTEM_SHARDS - 1}`,
  // Money sent between customers that waits (an invitation, or over the receiver's limit) is in the holding account, and nothing else is.
  'holding account differs from the sends waiting in it': sql`
    SELECT a.code AS subject, coalesce(h.balance, 0)::text || ' <> ' || coalesce(w.held, 0)::text AS detail
    FROM assets a
    LEFT JOIN (SELECT currency, sum(balance) AS balance FROM accounts WHERE user_id IS NULL AND system_role = 'holding' GROUP BY currency) h
      ON h.currency = a.code
    LEFT JOIN (SELECT currency, sum(held) AS held FROM money_sends GROUP BY currency) w ON w.currency = a.code
    WHERE coalesce(h.balance, 0) <> coalesce(w.held, 0)`,
} as const;

export interface AuditFinding {
  rule: keyof typeof CHECKS;
  subject: string;
  detail: string;
}

export async function auditLedger(db: Db): Promise<AuditFinding[]> {
  const findings: AuditFinding[] = [];
  for (const [rule, query] of Object.entries(CHECKS) as [keyof typeof CHECKS, (typeof CHECKS)[keyof typeof CHECKS]][]) {
    const result = (await db.execute(query)) as unknown as { rows: { subject: string; detail: string }[] };
    findings.push(...result.rows.map((row) => ({ rule, ...row })));
  }
  return findings;
}
