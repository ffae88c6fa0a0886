-- Payment requests by link (/pay/{hash}), and the words their payments add to the vocabularies.
INSERT INTO activity_types VALUES ('payment_sent'), ('payment_received') ON CONFLICT DO NOTHING;
INSERT INTO ledger_kinds VALUES ('payment') ON CONFLICT DO NOTHING;
INSERT INTO step_up_actions VALUES ('paylink.pay') ON CONFLICT DO NOTHING;

-- `expired` is not stored: an open link whose expires_at has passed is expired, read at the moment asked.
-- A paid link names its payer and the ledger transaction that paid it; the CHECKs keep the three
-- states' columns consistent whatever the code does.
CREATE TABLE pay_links (
  id             uuid PRIMARY KEY,
  hash           text NOT NULL UNIQUE CHECK (hash ~ '^[A-Za-z0-9_-]{22}$'),
  user_id        uuid NOT NULL REFERENCES users (id),
  currency       text NOT NULL REFERENCES assets (code),
  amount         numeric(38, 18) NOT NULL CHECK (amount > 0),
  description    text NOT NULL CHECK (length(description) BETWEEN 1 AND 140),
  status         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
  expires_at     timestamptz,
  created_at     timestamptz NOT NULL,
  paid_at        timestamptz,
  payer_id       uuid REFERENCES users (id),
  transaction_id uuid REFERENCES ledger_transactions (id),
  cancelled_at   timestamptz,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL AND payer_id IS NOT NULL AND transaction_id IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CHECK (payer_id IS DISTINCT FROM user_id)
);
CREATE INDEX pay_links_user_created ON pay_links (user_id, created_at DESC);
