-- Deposit requests paid from a browser wallet (issue 13, "Pay from a wallet"): the customer asks for an
-- amount of an asset over one network; anyone holding the link's hash opens
-- /inject/crypto/on-chain/wallet/:hash, connects a wallet and pays it to the customer's deposit address.

CREATE TABLE deposit_links (
  id          uuid PRIMARY KEY,
  -- SHA-256 (hex) of the link's hash (32 random bytes, base64url): the table alone opens no link.
  hash_digest text NOT NULL UNIQUE,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  asset       text NOT NULL,
  network     text NOT NULL,
  amount      numeric(38, 18) NOT NULL CHECK (amount > 0),
  -- The deposit address when the link was made (the customer's address on that chain does not change).
  address     text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX deposit_links_user_idx ON deposit_links (user_id, created_at);
