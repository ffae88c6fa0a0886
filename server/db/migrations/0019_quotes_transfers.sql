-- Quotes and transfers between fiat and crypto (issue 12).
--
-- System accounts get a role. Until now there was one per asset, the counter-side of money entering or
-- leaving Meridian; it keeps that job as `external`, and code that looks for "the" system account of an
-- asset now asks for that role. An exchange needs two more per asset: `treasury`, which sells the
-- asset the customer gets and buys the one they pay with (so each asset's entries still sum to zero),
-- and `revenue`, which the fees are paid into.
ALTER TABLE accounts ADD COLUMN system_role text CHECK (system_role IN ('external', 'treasury', 'revenue'));
UPDATE accounts SET system_role = 'external' WHERE user_id IS NULL;
ALTER TABLE accounts ADD CONSTRAINT accounts_system_role_required CHECK ((user_id IS NULL) = (system_role IS NOT NULL));
DROP INDEX accounts_system_currency_key;
CREATE UNIQUE INDEX accounts_system_currency_role_key ON accounts (currency, system_role) WHERE user_id IS NULL;

INSERT INTO accounts (id, user_id, kind, currency, name, system_role, created_at)
SELECT gen_random_uuid(), NULL, 'system', a.code, initcap(r.role) || ' ' || a.code, r.role, now()
FROM assets a CROSS JOIN (VALUES ('treasury'), ('revenue')) AS r (role)
ON CONFLICT DO NOTHING;

-- A quote: the server's firm offer for one exchange, for 30 seconds, to the customer who asked. Its
-- figures are what the transfer posts, never recomputed; `used_at` is set in the transfer's own
-- database transaction (under the row's lock), so a quote moves money at most once.
CREATE TABLE quotes (
  id              uuid PRIMARY KEY,
  user_id         uuid NOT NULL REFERENCES users (id),
  from_account_id uuid NOT NULL REFERENCES accounts (id),
  to_account_id   uuid NOT NULL REFERENCES accounts (id),
  from_asset      text NOT NULL REFERENCES assets (code),
  to_asset        text NOT NULL REFERENCES assets (code),
  rate            numeric(38, 18) NOT NULL CHECK (rate > 0),
  fee             numeric(38, 18) NOT NULL CHECK (fee > 0),
  amount_in       numeric(38, 18) NOT NULL,
  amount_out      numeric(38, 18) NOT NULL CHECK (amount_out > 0),
  usd_value       numeric(38, 18) NOT NULL,
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  transaction_id  uuid REFERENCES ledger_transactions (id),
  CHECK (amount_in > fee),
  CHECK (expires_at > created_at),
  CHECK ((used_at IS NULL) = (transaction_id IS NULL)),
  CHECK (from_asset <> to_asset)
);
CREATE INDEX quotes_user_id_created_at_idx ON quotes (user_id, created_at);
