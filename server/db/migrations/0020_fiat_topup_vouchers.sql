-- Top-ups by bank transfer (a personal payment reference per customer, incoming transfers matched by it,
-- the unmatched ones held for an admin) and by voucher code (stored hashed, credited once).

INSERT INTO activity_types VALUES ('voucher_redeemed') ON CONFLICT DO NOTHING;
INSERT INTO ledger_kinds VALUES ('voucher') ON CONFLICT DO NOTHING;
INSERT INTO admin_actions VALUES ('voucher_created'), ('held_transfer_assigned'), ('held_transfer_returned') ON CONFLICT DO NOTHING;

-- The reference a customer's bank transfers carry: `MRD` and 8 Crockford base32 characters, given on
-- first use and never changed (a sender may keep it in their bank's payee list for years).
CREATE TABLE payment_references (
  user_id    uuid PRIMARY KEY REFERENCES users (id),
  reference  text NOT NULL UNIQUE CHECK (reference ~ '^MRD[0-9A-HJKMNP-TV-Z]{8}$'),
  created_at timestamptz NOT NULL
);

-- Every bank transfer that reached Meridian's bank: credited to the customer its reference names, or
-- held until an admin assigns it to a customer or returns it to the sender.
CREATE TABLE incoming_transfers (
  id             uuid PRIMARY KEY,
  currency       text NOT NULL REFERENCES assets (code),
  amount         numeric(38, 18) NOT NULL CHECK (amount > 0),
  sender_name    text NOT NULL CHECK (length(sender_name) BETWEEN 1 AND 100),
  reference      text NOT NULL CHECK (length(reference) BETWEEN 1 AND 140),
  status         text NOT NULL CHECK (status IN ('credited', 'held', 'assigned', 'returned')),
  -- Why it was held (kept after the review, for the record).
  held_reason    text CHECK (held_reason IN ('unknown_reference', 'over_limit')),
  -- The customer the reference named, when it named one.
  user_id        uuid REFERENCES users (id),
  transaction_id uuid REFERENCES ledger_transactions (id),
  received_at    timestamptz NOT NULL,
  reviewed_at    timestamptz,
  CHECK ((status IN ('credited', 'assigned')) = (transaction_id IS NOT NULL)),
  CHECK ((status = 'credited') = (held_reason IS NULL)),
  CHECK ((status IN ('assigned', 'returned')) = (reviewed_at IS NOT NULL))
);
CREATE INDEX incoming_transfers_held ON incoming_transfers (received_at) WHERE status = 'held';

-- Voucher codes. Only the SHA-256 of the normalized code is kept: a code has 75 random bits, too many
-- to find by hashing guesses, so a copy of this table redeems nothing.
CREATE TABLE vouchers (
  id             uuid PRIMARY KEY,
  code_hash      text NOT NULL UNIQUE CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  amount         numeric(38, 18) NOT NULL CHECK (amount > 0),
  currency       text NOT NULL REFERENCES assets (code),
  expires_at     timestamptz NOT NULL,
  created_by     uuid NOT NULL REFERENCES users (id),
  created_at     timestamptz NOT NULL,
  redeemed_by    uuid REFERENCES users (id),
  redeemed_at    timestamptz,
  transaction_id uuid REFERENCES ledger_transactions (id),
  CHECK ((redeemed_by IS NULL) = (redeemed_at IS NULL) AND (redeemed_at IS NULL) = (transaction_id IS NULL))
);

-- Refused codes, per customer and per client address: five in 15 minutes lock both out for 15 minutes.
CREATE TABLE voucher_failures (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id),
  ip         text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX voucher_failures_user ON voucher_failures (user_id, created_at);
CREATE INDEX voucher_failures_ip ON voucher_failures (ip, created_at);
