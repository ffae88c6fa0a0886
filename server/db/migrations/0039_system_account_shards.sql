-- System accounts in shards (issue 23, item 3).
--
-- Every exchange, deposit, withdrawal and fee posts to the system accounts of its assets (external,
-- treasury, revenue: migrations 0013 and 0019), and applying an entry updates its account's row, so
-- with one row per asset and role every such posting queued behind any other open one, whoever the
-- customers. Each system account becomes 32 rows, its shards: a posting takes one that no open
-- transaction holds (services/ledger.ts, `systemAccountId`), so postings of unrelated customers never
-- wait on each other while fewer than 32 of them are open on one asset and role at once. The sum over
-- an account's shards is its balance. The customer balance check, the balanced-transaction trigger and
-- the append-only entries are untouched: a shard is an account like any other.
ALTER TABLE accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD CONSTRAINT accounts_shard_check CHECK (shard BETWEEN 0 AND 31 AND (shard = 0 OR user_id IS NULL));
DROP INDEX accounts_system_currency_role_key;
CREATE UNIQUE INDEX accounts_system_currency_role_shard_key ON accounts (currency, system_role, shard) WHERE user_id IS NULL;

-- The existing row is shard 0 and keeps its balance and entries; the others start empty.
INSERT INTO accounts (id, user_id, kind, currency, name, system_role, shard, created_at)
SELECT gen_random_uuid(), NULL, 'system', s.currency, s.name || ' ' || n, s.system_role, n, now()
FROM accounts s CROSS JOIN generate_series(1, 31) AS n
WHERE s.user_id IS NULL;
