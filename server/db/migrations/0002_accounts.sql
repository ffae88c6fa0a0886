-- Accounts and the double-entry ledger. Plain PostgreSQL 15 that PGlite runs as well.
--
-- Every movement of money is a ledger transaction whose entries sum to zero per currency: what a
-- customer account gains, another account (another customer's, or the system account of that
-- currency, which stands for the world outside Meridian) loses. An account's balance is the sum of its
-- entries; `accounts.balance` keeps that sum, maintained by a trigger in the same transaction as the
-- entry, so "no customer balance below zero" is a plain CHECK that also holds under concurrent
-- requests (the balance update locks the account row, so concurrent postings queue behind each other).
-- Entries are append-only; a correction is a new transaction.

CREATE TABLE accounts (
  id         uuid PRIMARY KEY,
  -- NULL for the system accounts (one per currency), the counter-side of money entering or leaving.
  user_id    uuid REFERENCES users (id),
  kind       text NOT NULL CHECK (kind IN ('fiat', 'crypto', 'card', 'system')),
  currency   text NOT NULL CHECK (currency IN ('EUR', 'USD', 'BTC', 'ETH', 'USDT', 'USDC')),
  name       text NOT NULL,
  iban       text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  balance    numeric(38, 18) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  CHECK ((user_id IS NULL) = (kind = 'system')),
  CHECK (kind = 'system' OR (kind = 'crypto') = (currency IN ('BTC', 'ETH', 'USDT', 'USDC'))),
  CHECK (iban IS NULL OR kind = 'fiat'),
  -- The rule of the product: a customer never holds less than nothing.
  CONSTRAINT accounts_customer_balance_not_negative CHECK (user_id IS NULL OR balance >= 0)
);
CREATE UNIQUE INDEX accounts_user_kind_currency_key ON accounts (user_id, kind, currency);
CREATE UNIQUE INDEX accounts_system_currency_key ON accounts (currency) WHERE user_id IS NULL;
-- One card account per customer, whatever its currency.
CREATE UNIQUE INDEX accounts_user_card_key ON accounts (user_id) WHERE kind = 'card';

INSERT INTO accounts (id, user_id, kind, currency, name, created_at)
SELECT gen_random_uuid(), NULL, 'system', currency, 'System ' || currency, now()
FROM unnest(ARRAY['EUR', 'USD', 'BTC', 'ETH', 'USDT', 'USDC']) AS currency;

CREATE TABLE ledger_transactions (
  id              uuid PRIMARY KEY,
  -- The customer who asked for it (and whose Idempotency-Key it carries); NULL for system postings.
  user_id         uuid REFERENCES users (id),
  kind            text NOT NULL CHECK (kind IN ('seed', 'deposit', 'withdrawal', 'transfer', 'exchange', 'card')),
  idempotency_key text,
  created_at      timestamptz NOT NULL,
  CHECK (idempotency_key IS NULL OR user_id IS NOT NULL)
);
CREATE UNIQUE INDEX ledger_transactions_idempotency_key ON ledger_transactions (user_id, idempotency_key);

CREATE TABLE ledger_entries (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES ledger_transactions (id),
  account_id     uuid NOT NULL REFERENCES accounts (id),
  -- Signed: positive credits the account, negative debits it.
  amount         numeric(38, 18) NOT NULL CHECK (amount <> 0)
);
CREATE INDEX ledger_entries_transaction_id_idx ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_account_id_idx ON ledger_entries (account_id);

-- Applies each new entry to its account's balance; the CHECK on accounts refuses an overdraft.
CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only; post a correcting transaction instead'
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

-- The balance changes only through entries (the trigger above), so it always equals their sum.
CREATE FUNCTION accounts_balance_from_entries_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'accounts.balance changes only through ledger entries'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER accounts_balance_guard BEFORE UPDATE OF balance ON accounts
  FOR EACH ROW WHEN (NEW.balance IS DISTINCT FROM OLD.balance) EXECUTE FUNCTION accounts_balance_from_entries_only();
CREATE TRIGGER accounts_balance_guard_insert BEFORE INSERT ON accounts
  FOR EACH ROW WHEN (NEW.balance <> 0) EXECUTE FUNCTION accounts_balance_from_entries_only();

-- At commit, every transaction that received entries balances to zero in each currency.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT a.currency INTO unbalanced
  FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
  WHERE e.transaction_id = NEW.transaction_id
  GROUP BY a.currency
  HAVING sum(e.amount) <> 0
  LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in %', NEW.transaction_id, unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();

-- DEMO DATA: fixed conversion rates, in US dollars per unit, for the balance summary. They are not
-- market prices; a real deployment replaces them from a rate feed (a later issue).
CREATE TABLE rates (
  currency   text PRIMARY KEY CHECK (currency IN ('EUR', 'USD', 'BTC', 'ETH', 'USDT', 'USDC')),
  usd        numeric(38, 18) NOT NULL CHECK (usd > 0),
  updated_at timestamptz NOT NULL
);
INSERT INTO rates (currency, usd, updated_at) VALUES
  ('USD', 1, now()),
  ('EUR', 1.08, now()),
  ('BTC', 65000, now()),
  ('ETH', 3200, now()),
  ('USDT', 1, now()),
  ('USDC', 1, now());
