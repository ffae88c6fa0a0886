-- Assets as data, market rates with their history, the customer's activities, KYC status and roles,
-- and the limits of the deposit levels.
--
-- Until now the six currencies were repeated in CHECKs; from here `assets` is the one list (the same
-- as contract/assets.ts) and every table that names an asset points at it.

CREATE TABLE assets (
  code       text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,10}$'),
  name       text NOT NULL,
  kind       text NOT NULL CHECK (kind IN ('fiat', 'crypto')),
  -- What the ledger keeps and what an amount may carry (numeric(38, 18) holds at most 18).
  decimals   smallint NOT NULL CHECK (decimals BETWEEN 0 AND 18),
  sort_order smallint NOT NULL UNIQUE,
  UNIQUE (code, kind)
);
INSERT INTO assets (code, name, kind, decimals, sort_order) VALUES
  ('EUR', 'Euro', 'fiat', 2, 1),
  ('USD', 'US dollar', 'fiat', 2, 2),
  ('GBP', 'Pound sterling', 'fiat', 2, 3),
  ('BTC', 'Bitcoin', 'crypto', 8, 4),
  ('ETH', 'Ether', 'crypto', 18, 5),
  ('USDT', 'Tether USD', 'crypto', 6, 6),
  ('USDC', 'USD Coin', 'crypto', 6, 7),
  ('BNB', 'BNB', 'crypto', 18, 8),
  ('AVAX', 'Avalanche', 'crypto', 18, 9);

CREATE TABLE networks (
  code     text PRIMARY KEY,
  name     text NOT NULL,
  -- EVM chain id; NULL for Bitcoin.
  chain_id integer UNIQUE
);
INSERT INTO networks (code, name, chain_id) VALUES
  ('bitcoin', 'Bitcoin', NULL),
  ('ethereum', 'Ethereum', 1),
  ('base', 'Base', 8453),
  ('bsc', 'BNB Smart Chain', 56),
  ('avalanche', 'Avalanche C-Chain', 43114);

-- The networks a crypto asset can be received and sent on.
CREATE TABLE asset_networks (
  asset   text NOT NULL REFERENCES assets (code),
  network text NOT NULL REFERENCES networks (code),
  PRIMARY KEY (asset, network)
);
INSERT INTO asset_networks (asset, network) VALUES
  ('BTC', 'bitcoin'),
  ('ETH', 'ethereum'), ('ETH', 'base'),
  ('USDT', 'ethereum'), ('USDT', 'base'), ('USDT', 'bsc'), ('USDT', 'avalanche'),
  ('USDC', 'ethereum'), ('USDC', 'base'), ('USDC', 'bsc'), ('USDC', 'avalanche'),
  ('BNB', 'bsc'),
  ('AVAX', 'avalanche');

-- The CHECKs of migration 0002 that listed the currencies (their names were chosen by PostgreSQL).
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN
    SELECT conrelid::regclass AS relation, conname AS name FROM pg_constraint
    WHERE contype = 'c' AND conrelid IN ('accounts'::regclass, 'rates'::regclass) AND pg_get_constraintdef(oid) LIKE '%USDC%'
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', target.relation, target.name);
  END LOOP;
END;
$$;

ALTER TABLE accounts ADD CONSTRAINT accounts_currency_fkey FOREIGN KEY (currency) REFERENCES assets (code);
-- A crypto account holds a crypto asset, a fiat or card account a fiat one: the asset kind the account's
-- kind needs, checked against `assets` by a foreign key (NULL, so unchecked, for system accounts).
ALTER TABLE accounts ADD COLUMN asset_kind text GENERATED ALWAYS AS (
  CASE kind WHEN 'crypto' THEN 'crypto' WHEN 'fiat' THEN 'fiat' WHEN 'card' THEN 'fiat' END
) STORED;
ALTER TABLE accounts ADD CONSTRAINT accounts_asset_kind_fkey FOREIGN KEY (currency, asset_kind) REFERENCES assets (code, kind);

-- The counter-side of the new assets.
INSERT INTO accounts (id, user_id, kind, currency, name, created_at)
SELECT gen_random_uuid(), NULL, 'system', a.code, 'System ' || a.code, now()
FROM assets a
WHERE NOT EXISTS (SELECT 1 FROM accounts s WHERE s.user_id IS NULL AND s.currency = a.code);

-- Entries carry no more decimals than their asset keeps (a satoshi is the smallest bitcoin).
CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  places smallint;
BEGIN
  UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
    RETURNING (SELECT decimals FROM assets WHERE code = accounts.currency) INTO places;
  IF NEW.amount <> round(NEW.amount, places) THEN
    RAISE EXCEPTION 'ledger entry of % has more than % decimals', NEW.amount, places
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_asset_decimals';
  END IF;
  RETURN NULL;
END;
$$;

-- Rates: the current price of every asset in US dollars, where it came from and when. Quotes use a rate
-- only while it is fresh (5 minutes, server/services/rates.ts); the history keeps 24 hours for the
-- 24-hour change.
ALTER TABLE rates RENAME COLUMN currency TO asset;
ALTER TABLE rates ADD CONSTRAINT rates_asset_fkey FOREIGN KEY (asset) REFERENCES assets (code);
ALTER TABLE rates ADD COLUMN source text NOT NULL DEFAULT 'simulated' CHECK (source IN ('simulated', 'feed', 'admin'));
INSERT INTO rates (asset, usd, updated_at) VALUES ('GBP', 1.27, now()), ('BNB', 600, now()), ('AVAX', 35, now());

CREATE TABLE rate_history (
  asset text NOT NULL REFERENCES assets (code),
  at    timestamptz NOT NULL,
  usd   numeric(38, 18) NOT NULL CHECK (usd > 0),
  PRIMARY KEY (asset, at)
);
INSERT INTO rate_history (asset, at, usd) SELECT asset, updated_at, usd FROM rates;

-- Which server instance moves the rates: the holder of an unexpired lease (one row).
CREATE TABLE rate_feed_lease (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  holder      text NOT NULL,
  lease_until timestamptz NOT NULL
);

-- KYC status (the KYC flow comes later; a new customer has not started) and the role: admins reach the
-- operator tools.
ALTER TABLE users ADD COLUMN kyc_status text NOT NULL DEFAULT 'not_started'
  CHECK (kyc_status IN ('not_started', 'pending', 'approved', 'rejected'));
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin'));
-- The level follows from the deposits (server/services/levels.ts); a stored copy would only drift.
ALTER TABLE users DROP COLUMN deposit_level;

-- What each level allows, in US dollars per day and per calendar month (UTC).
CREATE TABLE deposit_level_limits (
  level       smallint NOT NULL REFERENCES deposit_levels (level),
  operation   text NOT NULL CHECK (operation IN ('top_up', 'transfer', 'payment', 'withdrawal')),
  daily_usd   numeric(20, 2) NOT NULL CHECK (daily_usd > 0),
  monthly_usd numeric(20, 2) NOT NULL CHECK (monthly_usd >= daily_usd),
  PRIMARY KEY (level, operation)
);
INSERT INTO deposit_level_limits (level, operation, daily_usd, monthly_usd) VALUES
  (1, 'top_up', 1000, 5000), (1, 'transfer', 500, 2000), (1, 'payment', 500, 2000), (1, 'withdrawal', 500, 2000),
  (2, 'top_up', 5000, 25000), (2, 'transfer', 2500, 10000), (2, 'payment', 2500, 10000), (2, 'withdrawal', 2500, 10000),
  (3, 'top_up', 25000, 100000), (3, 'transfer', 10000, 50000), (3, 'payment', 10000, 50000), (3, 'withdrawal', 10000, 50000),
  (4, 'top_up', 100000, 500000), (4, 'transfer', 50000, 250000), (4, 'payment', 50000, 250000), (4, 'withdrawal', 50000, 250000);

-- What the customer sees of a movement, one row per account it touched, written in the same database
-- transaction as the postings (server/services/ledger.ts). `amount` is signed like the entries: the
-- completed activity's amount equals what its transaction posted to `account_id`.
CREATE TABLE activities (
  id             uuid PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id),
  account_id     uuid NOT NULL REFERENCES accounts (id),
  transaction_id uuid REFERENCES ledger_transactions (id),
  type           text NOT NULL CHECK (type IN ('deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'exchange', 'card_payment', 'adjustment')),
  status         text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'cancelled')),
  counterparty   text CHECK (length(counterparty) <= 200),
  reference      text CHECK (length(reference) <= 200),
  amount         numeric(38, 18) NOT NULL CHECK (amount <> 0),
  currency       text NOT NULL REFERENCES assets (code),
  -- The other side of an exchange (what was given or received for `amount`).
  counter_amount   numeric(38, 18),
  counter_currency text REFERENCES assets (code),
  -- The amount's value in US dollars at the rate of the moment (limits count it), when a rate was known.
  usd_value      numeric(38, 18),
  created_at     timestamptz NOT NULL,
  CHECK ((counter_amount IS NULL) = (counter_currency IS NULL)),
  CHECK (status <> 'completed' OR transaction_id IS NOT NULL)
);
-- Keyset pagination, newest first, of one customer's activities (and of one account's).
CREATE INDEX activities_user_created_idx ON activities (user_id, created_at DESC, id DESC);
CREATE INDEX activities_account_created_idx ON activities (account_id, created_at DESC, id DESC);
CREATE INDEX activities_transaction_idx ON activities (transaction_id);
-- The deposits that make a customer's level and use up the monthly top-up limit, without reading the rest.
CREATE INDEX activities_user_deposits_idx ON activities (user_id, created_at) INCLUDE (usd_value)
  WHERE type = 'deposit' AND status = 'completed';
