-- Issue 23, item 2: every instance on one database must hold the same keys, or a token, a code or a
-- card number one of them made is refused or unreadable on the others. The first instance records, per
-- setting, an HMAC of a constant under its key (never the key); an instance whose HMAC differs refuses
-- to start (server/keyChecks.ts). Rotating a key is deleting its row as the owner (docs/operations.md).
CREATE TABLE key_checks (
  setting     text PRIMARY KEY,
  check_value text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
