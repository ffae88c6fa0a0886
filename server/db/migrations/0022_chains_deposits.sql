-- On-chain deposits (server/chains/): each customer's deposit addresses, derived from an extended
-- public key at m/44'/60'/1'/0/{n} (EVM) and m/84'/0'/0'/0/{n} (BTC) with one index n per customer;
-- the deposits the watcher saw, each once per (network, transaction, log index); and how far the
-- watcher has read each chain.

CREATE TABLE deposit_indexes (
  user_id          uuid PRIMARY KEY REFERENCES users (id),
  derivation_index integer NOT NULL UNIQUE CHECK (derivation_index >= 0 AND derivation_index < 2147483648)
);
CREATE SEQUENCE deposit_index_seq AS integer MINVALUE 0 START 0;

CREATE TABLE deposit_addresses (
  user_id    uuid NOT NULL REFERENCES deposit_indexes (user_id),
  network    text NOT NULL CHECK (network IN ('bitcoin', 'ethereum', 'base', 'bsc', 'avalanche')),
  -- EVM addresses in lower case (the watcher compares them so); BTC bech32 is lower case anyway.
  address    text NOT NULL CHECK (address = lower(address) AND length(address) <= 100),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, network),
  UNIQUE (network, address)
);

-- pending: seen in a block, waiting for its confirmations (its activity is pending);
-- credited: the ledger paid it (activity completed); dropped: its block left the chain (activity cancelled).
CREATE TABLE chain_deposits (
  network        text NOT NULL CHECK (network IN ('ethereum', 'base', 'bsc', 'avalanche')),
  tx_hash        text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  -- The Transfer log's index in its block; -1 for the transaction's own (native) value.
  log_index      integer NOT NULL CHECK (log_index >= -1),
  block_number   bigint NOT NULL CHECK (block_number >= 0),
  block_hash     text NOT NULL CHECK (block_hash ~ '^0x[0-9a-f]{64}$'),
  user_id        uuid NOT NULL REFERENCES users (id),
  address        text NOT NULL,
  asset          text NOT NULL REFERENCES assets (code),
  -- What the ledger credits, in the asset's decimals; `dust` is what the token's finer decimals carried
  -- beyond them (BNB Smart Chain's 18-decimal stablecoins), kept by the operator, in the asset's unit.
  amount         numeric(38, 18) NOT NULL CHECK (amount > 0),
  dust           numeric(38, 18) NOT NULL DEFAULT 0 CHECK (dust >= 0),
  status         text NOT NULL CHECK (status IN ('pending', 'credited', 'dropped')),
  activity_id    uuid NOT NULL REFERENCES activities (id),
  transaction_id uuid REFERENCES ledger_transactions (id),
  seen_at        timestamptz NOT NULL,
  credited_at    timestamptz,
  PRIMARY KEY (network, tx_hash, log_index),
  CHECK ((status = 'credited') = (transaction_id IS NOT NULL))
);
CREATE INDEX chain_deposits_pending_idx ON chain_deposits (network, block_number) WHERE status = 'pending';
CREATE INDEX chain_deposits_user_idx ON chain_deposits (user_id, seen_at DESC);

CREATE TABLE chain_cursors (
  network      text PRIMARY KEY CHECK (network IN ('ethereum', 'base', 'bsc', 'avalanche')),
  block_number bigint NOT NULL,
  block_hash   text NOT NULL
);
