-- Crypto withdrawals (issue 13).
--
-- Adding an address to the book is a sensitive action of its own (a step-up for it).
INSERT INTO step_up_actions VALUES ('withdrawal.address') ON CONFLICT DO NOTHING;

-- The customer's saved addresses: stored EIP-55 checksummed, one row per (customer, network,
-- address). A withdrawal may go to one only from `usable_at` (the cooling-off period after adding:
-- someone who took over a session cannot add their own address and empty the account at once).
CREATE TABLE withdrawal_addresses (
  id         uuid PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  network    text NOT NULL CHECK (network IN ('ethereum', 'base', 'bsc', 'avalanche')),
  address    text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
  label      text NOT NULL CHECK (length(label) BETWEEN 1 AND 40),
  created_at timestamptz NOT NULL,
  usable_at  timestamptz NOT NULL CHECK (usable_at >= created_at),
  UNIQUE (user_id, network, address)
);

-- A quote: the network fee read from the chain for one withdrawal, firm for a minute, to the customer
-- who asked; the withdrawal posts exactly these figures and sets `used_at` under the row's lock.
CREATE TABLE withdrawal_quotes (
  id         uuid PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id),
  asset      text NOT NULL REFERENCES assets (code),
  network    text NOT NULL CHECK (network IN ('ethereum', 'base', 'bsc', 'avalanche')),
  address_id uuid NOT NULL,
  address    text NOT NULL,
  amount     numeric(38, 18) NOT NULL CHECK (amount > 0),
  fee        numeric(38, 18) NOT NULL CHECK (fee >= 0),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  CHECK (amount > fee),
  CHECK (expires_at > created_at)
);

-- pending: held in the ledger (the customer paid, the activity is pending), not yet sent;
-- broadcast: signed with the hot wallet's next nonce on its chain and sent; confirmed: deep enough;
-- failed: the node refused it or it reverted, and `reversal_transaction_id` returned the amount.
CREATE TABLE withdrawals (
  id                      uuid PRIMARY KEY,
  user_id                 uuid NOT NULL REFERENCES users (id),
  quote_id                uuid NOT NULL UNIQUE REFERENCES withdrawal_quotes (id),
  account_id              uuid NOT NULL REFERENCES accounts (id),
  asset                   text NOT NULL REFERENCES assets (code),
  network                 text NOT NULL CHECK (network IN ('ethereum', 'base', 'bsc', 'avalanche')),
  address                 text NOT NULL,
  amount                  numeric(38, 18) NOT NULL CHECK (amount > 0),
  fee                     numeric(38, 18) NOT NULL CHECK (fee >= 0),
  status                  text NOT NULL CHECK (status IN ('pending', 'broadcast', 'confirmed', 'failed')),
  from_address            text,
  nonce                   bigint CHECK (nonce >= 0),
  tx_hash                 text CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  activity_id             uuid NOT NULL REFERENCES activities (id),
  hold_transaction_id     uuid NOT NULL REFERENCES ledger_transactions (id),
  reversal_transaction_id uuid REFERENCES ledger_transactions (id),
  failure                 text,
  created_at              timestamptz NOT NULL,
  broadcast_at            timestamptz,
  settled_at              timestamptz,
  -- One nonce sequence per chain and hot wallet: two withdrawals never share a nonce.
  UNIQUE (network, from_address, nonce),
  CHECK ((status = 'failed') = (reversal_transaction_id IS NOT NULL)),
  CHECK (status NOT IN ('broadcast', 'confirmed') OR (tx_hash IS NOT NULL AND nonce IS NOT NULL))
);
CREATE INDEX withdrawals_open_idx ON withdrawals (network, created_at) WHERE status IN ('pending', 'broadcast');
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC);

-- The hot wallet's next nonce on each chain; its row is locked while a signer sends, so there is one
-- sequence however many instances run.
CREATE TABLE hot_wallet_nonces (
  network    text NOT NULL CHECK (network IN ('ethereum', 'base', 'bsc', 'avalanche')),
  address    text NOT NULL,
  next_nonce bigint NOT NULL CHECK (next_nonce >= 0),
  PRIMARY KEY (network, address)
);
