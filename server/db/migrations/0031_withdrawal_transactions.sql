-- Withdrawal transactions saved before they are sent (issue 13).
--
-- Every transaction the hot wallet signs for a withdrawal is committed here, raw, BEFORE it is
-- broadcast: a process that dies after sending and before writing anything else leaves the signed
-- transaction behind, and the next round sends that same transaction again (or finds it mined by its
-- hash) instead of signing a new one. A stuck transaction's replacement (same nonce, higher fees) is
-- one more row: whichever of a withdrawal's hashes is mined settles it.
-- A withdrawal's status `broadcast` now means: signed with its nonce and saved, so out of our hands
-- (`withdrawals.tx_hash` is the latest signed, then the mined, hash).
CREATE TABLE withdrawal_transactions (
  hash                     text PRIMARY KEY CHECK (hash ~ '^0x[0-9a-f]{64}$'),
  withdrawal_id            uuid NOT NULL REFERENCES withdrawals (id),
  -- NULL only for the transactions sent before this migration: they are followed by hash, never resent.
  raw                      text CHECK (raw ~ '^0x[0-9a-f]+$'),
  max_fee_per_gas          numeric(78, 0) NOT NULL CHECK (max_fee_per_gas >= 0),
  max_priority_fee_per_gas numeric(78, 0) NOT NULL CHECK (max_priority_fee_per_gas >= 0),
  signed_at                timestamptz NOT NULL,
  CHECK (max_priority_fee_per_gas <= max_fee_per_gas)
);
CREATE INDEX withdrawal_transactions_withdrawal_idx ON withdrawal_transactions (withdrawal_id, signed_at);

-- Those sent before: their fees are at most what the customer paid for the gas of a native transfer.
INSERT INTO withdrawal_transactions (hash, withdrawal_id, raw, max_fee_per_gas, max_priority_fee_per_gas, signed_at)
SELECT tx_hash, id, NULL, trunc(fee * 1e18 / 21000), trunc(fee * 1e18 / 21000), broadcast_at
  FROM withdrawals
 WHERE tx_hash IS NOT NULL
ON CONFLICT DO NOTHING;
