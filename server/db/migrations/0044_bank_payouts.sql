-- Bank payouts (issue 26, item 2): a fiat account paid out to a bank account by SEPA credit transfer.
--
-- A payout is held at once: the customer's account pays a `payouts_in_transit` system account (what is
-- on its way to banks) and the fee goes to revenue. When the rail settles it, the money moves from in
-- transit to `external` (it has left Meridian); when the bank returns it, a compensating transaction
-- brings the whole amount back from wherever it then is. In transit is sharded like every system account
-- (0039), for every asset, so the ledger audit's rule "every asset has each role in 32 shards" holds.
-- The postings are of the kind `withdrawal` (a payout is a fiat withdrawal), a return a `reversal`.
ALTER TABLE accounts DROP CONSTRAINT accounts_system_role_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_system_role_check
  CHECK (system_role IN ('external', 'treasury', 'revenue', 'payouts_in_transit'));
INSERT INTO accounts (id, user_id, kind, currency, name, system_role, shard, created_at)
SELECT gen_random_uuid(), NULL, 'system', a.code, 'Payouts in transit ' || a.code || CASE WHEN n = 0 THEN '' ELSE ' ' || n END,
       'payouts_in_transit', n, now()
FROM assets a CROSS JOIN generate_series(0, 31) AS n;

-- The customer's bank accounts, kept as checked (IBAN in electronic format, BIC in upper case) and
-- usable from `usable_at`, the address book's cooling-off period.
CREATE TABLE beneficiaries (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 70),
  iban        text NOT NULL CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  bic         text CHECK (bic ~ '^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  label       text NOT NULL CHECK (length(label) BETWEEN 1 AND 40),
  created_at  timestamptz NOT NULL,
  usable_at   timestamptz NOT NULL CHECK (usable_at >= created_at),
  UNIQUE (user_id, iban)
);

-- A quote: the fee and arrival estimate of one payout, firm for a minute; the payout posts exactly
-- these figures and sets `used_at` under the row's lock.
CREATE TABLE payout_quotes (
  id             uuid PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id     uuid NOT NULL REFERENCES accounts (id),
  currency       text NOT NULL REFERENCES assets (code),
  beneficiary_id uuid NOT NULL,
  holder_name    text NOT NULL,
  iban           text NOT NULL,
  bic            text,
  amount         numeric(38, 18) NOT NULL CHECK (amount > 0),
  fee            numeric(38, 18) NOT NULL CHECK (fee >= 0),
  arrives_by     timestamptz NOT NULL,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL CHECK (expires_at > created_at),
  used_at        timestamptz,
  CHECK (amount > fee)
);

-- A batch: the payouts handed to the bank together (one pain.001 file on the production rail).
CREATE TABLE payout_batches (
  id         uuid PRIMARY KEY,
  rail       text NOT NULL,
  count      integer NOT NULL CHECK (count > 0),
  total      numeric(38, 18) NOT NULL CHECK (total > 0),
  created_at timestamptz NOT NULL
);

-- pending: held in transit; sent: in a batch; settled: moved out of transit; returned: compensated by
-- `return_transaction_id` (one return per payout, whoever asks twice).
CREATE TABLE payouts (
  id                      uuid PRIMARY KEY,
  user_id                 uuid NOT NULL REFERENCES users (id),
  quote_id                uuid NOT NULL UNIQUE REFERENCES payout_quotes (id),
  account_id              uuid NOT NULL REFERENCES accounts (id),
  currency                text NOT NULL REFERENCES assets (code),
  holder_name             text NOT NULL,
  iban                    text NOT NULL,
  bic                     text,
  amount                  numeric(38, 18) NOT NULL CHECK (amount > 0),
  fee                     numeric(38, 18) NOT NULL CHECK (fee >= 0),
  status                  text NOT NULL CHECK (status IN ('pending', 'sent', 'settled', 'returned')),
  arrives_by              timestamptz NOT NULL,
  batch_id                uuid REFERENCES payout_batches (id),
  activity_id             uuid NOT NULL REFERENCES activities (id),
  hold_transaction_id     uuid NOT NULL REFERENCES ledger_transactions (id),
  settle_transaction_id   uuid REFERENCES ledger_transactions (id),
  return_transaction_id   uuid UNIQUE REFERENCES ledger_transactions (id),
  return_reason           text CHECK (return_reason IN ('AC01', 'AC04', 'AC06', 'BE04', 'MD07', 'MS03')),
  created_at              timestamptz NOT NULL,
  settled_at              timestamptz,
  CHECK ((status = 'returned') = (return_transaction_id IS NOT NULL AND return_reason IS NOT NULL)),
  -- A return may come before the batch (the simulated bank refuses it at once) or after.
  CHECK (status <> 'pending' OR batch_id IS NULL),
  CHECK (status NOT IN ('sent', 'settled') OR batch_id IS NOT NULL),
  CHECK (status <> 'settled' OR settle_transaction_id IS NOT NULL)
);
CREATE INDEX payouts_open_idx ON payouts (status, arrives_by) WHERE status IN ('pending', 'sent');
CREATE INDEX payouts_user_idx ON payouts (user_id, created_at DESC);
