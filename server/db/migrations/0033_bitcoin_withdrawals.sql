-- Bitcoin withdrawals (issue 13).
--
-- The address book, quotes and withdrawals take the `bitcoin` network. A Bitcoin address is base58
-- (P2PKH, P2SH) or bech32/bech32m (kept in lower case); the server checks it with its checksum and
-- network before it is saved. Its txid is 64 hexadecimal digits without 0x, and it has no nonce (the
-- simulated processor settles it). The quote's and withdrawal's `gas_limit` and `max_fee_per_gas` hold,
-- for Bitcoin, the virtual size priced (vB) and the fee rate (sat/vB): what the fee was computed from.
ALTER TABLE withdrawal_addresses DROP CONSTRAINT withdrawal_addresses_network_check;
ALTER TABLE withdrawal_addresses ADD CONSTRAINT withdrawal_addresses_network_check
  CHECK (network IN ('bitcoin', 'ethereum', 'base', 'bsc', 'avalanche'));
ALTER TABLE withdrawal_addresses DROP CONSTRAINT withdrawal_addresses_address_check;
ALTER TABLE withdrawal_addresses ADD CONSTRAINT withdrawal_addresses_address_check
  CHECK (CASE WHEN network = 'bitcoin' THEN address ~ '^([13mn2][1-9A-HJ-NP-Za-km-z]{25,34}|(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87})$'
              ELSE address ~ '^0x[0-9a-fA-F]{40}$' END);

ALTER TABLE withdrawal_quotes DROP CONSTRAINT withdrawal_quotes_network_check;
ALTER TABLE withdrawal_quotes ADD CONSTRAINT withdrawal_quotes_network_check
  CHECK (network IN ('bitcoin', 'ethereum', 'base', 'bsc', 'avalanche'));

ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_network_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_network_check
  CHECK (network IN ('bitcoin', 'ethereum', 'base', 'bsc', 'avalanche'));
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_tx_hash_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_tx_hash_check
  CHECK (tx_hash ~ CASE WHEN network = 'bitcoin' THEN '^[0-9a-f]{64}$' ELSE '^0x[0-9a-f]{64}$' END);
-- Sent means a txid; on an EVM chain also the hot wallet's nonce.
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_check1;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_sent_check
  CHECK (status NOT IN ('broadcast', 'confirmed') OR (tx_hash IS NOT NULL AND (nonce IS NOT NULL OR network = 'bitcoin')));
