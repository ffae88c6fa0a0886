-- Card accounts as a credit line against crypto collateral, and their cards.
--
-- A card account's balance goes below zero by card payments (the debt), at most to minus its
-- `credit_limit`: the CHECK of 0002 becomes `balance >= -credit_limit`, and only card accounts may have
-- a limit, so every other customer account still never holds less than nothing. The service sets the
-- limit (half the collateral's value at fresh rates) in the same transaction that spends against it,
-- never below the debt already owed (the row would break its own CHECK); the collateral itself sits in
-- accounts of kind 'collateral', one per crypto asset and customer, moved through the ledger like any
-- other money.

ALTER TABLE accounts DROP CONSTRAINT accounts_kind_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_kind_check CHECK (kind IN ('fiat', 'crypto', 'card', 'collateral', 'system'));
-- A generated column's expression cannot be altered in PostgreSQL 15: drop it (with its foreign key) and add it again.
ALTER TABLE accounts DROP COLUMN asset_kind;
ALTER TABLE accounts ADD COLUMN asset_kind text GENERATED ALWAYS AS (
  CASE kind WHEN 'crypto' THEN 'crypto' WHEN 'collateral' THEN 'crypto' WHEN 'fiat' THEN 'fiat' WHEN 'card' THEN 'fiat' END
) STORED;
ALTER TABLE accounts ADD CONSTRAINT accounts_asset_kind_fkey FOREIGN KEY (currency, asset_kind) REFERENCES assets (code, kind);

ALTER TABLE accounts ADD COLUMN credit_limit numeric(38, 18) NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD CONSTRAINT accounts_credit_limit_check CHECK (credit_limit >= 0 AND (credit_limit = 0 OR kind = 'card'));
ALTER TABLE accounts DROP CONSTRAINT accounts_customer_balance_not_negative;
ALTER TABLE accounts ADD CONSTRAINT accounts_customer_balance_not_negative CHECK (user_id IS NULL OR balance >= -credit_limit);

ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check
  CHECK (kind IN ('seed', 'deposit', 'withdrawal', 'transfer', 'exchange', 'card', 'collateral', 'repayment', 'liquidation'));

ALTER TABLE activities DROP CONSTRAINT activities_type_check;
ALTER TABLE activities ADD CONSTRAINT activities_type_check CHECK (type IN (
  'deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'exchange', 'card_payment', 'adjustment',
  'collateral_pledge', 'collateral_release', 'card_repayment', 'liquidation'));

-- The loan-to-value level the customer was last told of, so each crossing is told once (and again
-- after the line went back below it).
CREATE TABLE card_credit_alerts (
  account_id uuid PRIMARY KEY REFERENCES accounts (id),
  level      text NOT NULL CHECK (level IN ('none', 'warning', 'margin_call')),
  updated_at timestamptz NOT NULL
);

CREATE TABLE cards (
  id                  uuid PRIMARY KEY,
  user_id             uuid NOT NULL REFERENCES users (id),
  account_id          uuid NOT NULL REFERENCES accounts (id),
  form                text NOT NULL CHECK (form IN ('virtual', 'physical')),
  status              text NOT NULL CHECK (status IN ('ordered', 'shipped', 'active')),
  frozen              boolean NOT NULL DEFAULT false,
  -- AES-256-GCM of the 16 digits under the configured card key: base64 of IV, tag and ciphertext.
  -- The CVV is never stored (derived when revealed).
  number_sealed       text NOT NULL,
  last4               char(4) NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  expiry_month        smallint NOT NULL CHECK (expiry_month BETWEEN 1 AND 12),
  expiry_year         smallint NOT NULL,
  daily_limit         numeric(20, 2) NOT NULL CHECK (daily_limit > 0),
  monthly_limit       numeric(20, 2) NOT NULL CHECK (monthly_limit >= daily_limit),
  online_enabled      boolean NOT NULL DEFAULT true,
  contactless_enabled boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL,
  CHECK (form = 'physical' OR status = 'active')
);
CREATE INDEX cards_account_idx ON cards (account_id, created_at);

-- Approved authorizations, for the daily and monthly limits of each card; the money is in the ledger.
CREATE TABLE card_authorizations (
  id             uuid PRIMARY KEY,
  card_id        uuid NOT NULL REFERENCES cards (id),
  transaction_id uuid NOT NULL REFERENCES ledger_transactions (id),
  amount         numeric(20, 2) NOT NULL CHECK (amount > 0),
  merchant       text NOT NULL CHECK (length(merchant) <= 100),
  channel        text NOT NULL CHECK (channel IN ('online', 'contactless', 'chip')),
  created_at     timestamptz NOT NULL
);
CREATE INDEX card_authorizations_card_created_idx ON card_authorizations (card_id, created_at);
