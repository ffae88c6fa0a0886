-- Sending and requesting money between customers (issue 26, item 1).

INSERT INTO ledger_kinds VALUES ('send') ON CONFLICT DO NOTHING;
INSERT INTO activity_types VALUES ('money_sent'), ('money_received'), ('money_returned') ON CONFLICT DO NOTHING;
INSERT INTO step_up_actions VALUES ('send') ON CONFLICT DO NOTHING;

-- Money other customers send counts against a limit of its own, the receiver's: what is over it waits.
ALTER TABLE deposit_level_limits DROP CONSTRAINT deposit_level_limits_operation_check;
ALTER TABLE deposit_level_limits ADD CONSTRAINT deposit_level_limits_operation_check
  CHECK (operation IN ('top_up', 'transfer', 'payment', 'withdrawal', 'receive'));
INSERT INTO deposit_level_limits (level, operation, daily_usd, monthly_usd) VALUES
  (1, 'receive', 1000, 5000), (2, 'receive', 5000, 25000), (3, 'receive', 25000, 100000), (4, 'receive', 100000, 500000);

-- The holding account of each asset: money sent to an address nobody has yet (an invitation) and money a
-- receiver's level cannot take yet wait here, in 32 shards like the other system accounts (0039).
ALTER TABLE accounts DROP CONSTRAINT accounts_system_role_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_system_role_check
  CHECK (system_role IN ('external', 'treasury', 'revenue', 'payouts_in_transit', 'holding'));
INSERT INTO accounts (id, user_id, kind, currency, name, system_role, shard, created_at)
SELECT gen_random_uuid(), NULL, 'system', a.code, 'Holding ' || a.code || CASE WHEN n = 0 THEN '' ELSE ' ' || n END, 'holding', n, now()
FROM assets a CROSS JOIN generate_series(0, 31) AS n
ON CONFLICT DO NOTHING;

-- A request to pay, from one customer (the requester) to another (the payer).
CREATE TABLE money_requests (
  id             uuid PRIMARY KEY,
  requester_id   uuid NOT NULL REFERENCES users (id),
  payer_id       uuid NOT NULL REFERENCES users (id),
  currency       text NOT NULL REFERENCES assets (code),
  amount         numeric(38, 18) NOT NULL CHECK (amount > 0),
  note           text CHECK (length(note) <= 140),
  status         text NOT NULL CHECK (status IN ('open', 'paid', 'declined', 'cancelled')),
  transaction_id uuid REFERENCES ledger_transactions (id),
  reminded_at    timestamptz,
  decided_at     timestamptz,
  created_at     timestamptz NOT NULL,
  CHECK (requester_id <> payer_id),
  CHECK ((status = 'paid') = (transaction_id IS NOT NULL))
);
CREATE INDEX money_requests_payer_idx ON money_requests (payer_id, created_at DESC);
CREATE INDEX money_requests_requester_idx ON money_requests (requester_id, created_at DESC);

-- One send. `held` is what still waits in the holding account: all of it for an invitation (no
-- `recipient_id` until claimed, back to the sender after `expires_at`), the part over the receiver's
-- limit otherwise. Claiming, returning and releasing lock the row, so exactly one of them takes the money.
CREATE TABLE money_sends (
  id              uuid PRIMARY KEY,
  sender_id       uuid NOT NULL REFERENCES users (id),
  from_account_id uuid NOT NULL REFERENCES accounts (id),
  recipient_id    uuid REFERENCES users (id),
  -- As typed, normalized: a lower-case e-mail address or an E.164 number.
  address         text NOT NULL CHECK (length(address) <= 254),
  currency        text NOT NULL REFERENCES assets (code),
  amount          numeric(38, 18) NOT NULL CHECK (amount > 0),
  held            numeric(38, 18) NOT NULL CHECK (held >= 0 AND held <= amount),
  note            text CHECK (length(note) <= 140),
  status          text NOT NULL CHECK (status IN ('sent', 'held', 'invited', 'returned')),
  request_id      uuid UNIQUE REFERENCES money_requests (id),
  transaction_id  uuid NOT NULL REFERENCES ledger_transactions (id),
  expires_at      timestamptz,
  settled_at      timestamptz,
  created_at      timestamptz NOT NULL,
  -- A receiver is known once the money reached or waits for them; an invitation returned never had one.
  CHECK ((status IN ('sent', 'held')) = (recipient_id IS NOT NULL)),
  CHECK ((status IN ('held', 'invited')) = (held > 0))
);
CREATE INDEX money_sends_sender_idx ON money_sends (sender_id, created_at DESC);
CREATE INDEX money_sends_waiting_idx ON money_sends (status, created_at) WHERE status IN ('held', 'invited');

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'deposit_credited', 'transfer_completed', 'pay_link_paid', 'withdrawal_confirmed', 'withdrawal_failed',
  'kyc_approved', 'kyc_rejected', 'kyc_resubmission_requested', 'security_event',
  'withdrawal_address_added', 'withdrawal_requested', 'money_received', 'money_requested'
));
