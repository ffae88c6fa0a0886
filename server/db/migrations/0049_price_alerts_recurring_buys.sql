-- Price alerts and recurring buys (issue 26, item 4): what the server's jobs do for a customer while they
-- are away. The jobs (server/scheduledJobs.ts) may run on several instances at once: every rule that
-- makes them happen once is here, in rows and keys, not in which instance runs them.

INSERT INTO step_up_actions VALUES ('recurring_buy') ON CONFLICT DO NOTHING;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'deposit_credited', 'transfer_completed', 'pay_link_paid', 'withdrawal_confirmed', 'withdrawal_failed',
  'kyc_approved', 'kyc_rejected', 'kyc_resubmission_requested', 'security_event',
  'withdrawal_address_added', 'withdrawal_requested', 'money_received', 'money_requested',
  'price_alert', 'recurring_buy_skipped'
));

-- "Tell me when BTC is above / below `price` (US dollars), or moves more than `percent` in 24 h." A firing
-- disarms it in the same statement that notifies (`armed` is the once-per-crossing guard: of two
-- instances evaluating together, the second finds it disarmed); it re-arms past the margin.
CREATE TABLE price_alerts (
  id            uuid PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (id),
  asset         text NOT NULL REFERENCES assets (code),
  kind          text NOT NULL CHECK (kind IN ('above', 'below', 'move')),
  price         numeric(38, 18) CHECK (price > 0),
  percent       numeric(5, 2) CHECK (percent > 0 AND percent <= 100),
  armed         boolean NOT NULL DEFAULT true,
  last_fired_at timestamptz,
  created_at    timestamptz NOT NULL,
  CHECK ((kind = 'move') = (percent IS NOT NULL) AND (kind = 'move') = (price IS NULL))
);
CREATE INDEX price_alerts_user_idx ON price_alerts (user_id, created_at DESC);
CREATE INDEX price_alerts_asset_idx ON price_alerts (asset);

-- A fixed fiat amount buys a crypto asset on each due day of the plan's time zone.
CREATE TABLE recurring_buys (
  id              uuid PRIMARY KEY,
  user_id         uuid NOT NULL REFERENCES users (id),
  from_account_id uuid NOT NULL REFERENCES accounts (id),
  to_account_id   uuid NOT NULL REFERENCES accounts (id),
  amount          numeric(38, 18) NOT NULL CHECK (amount > 0),
  frequency       text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  day_of_week     smallint CHECK (day_of_week BETWEEN 1 AND 7),
  day_of_month    smallint CHECK (day_of_month BETWEEN 1 AND 31),
  time_zone       text NOT NULL CHECK (length(time_zone) <= 64),
  status          text NOT NULL CHECK (status IN ('active', 'paused', 'cancelled')),
  -- The first day it may run: the day after it was set up (a plan never buys in the minute it is made).
  starts_on       date NOT NULL,
  created_at      timestamptz NOT NULL,
  CHECK ((frequency = 'weekly') = (day_of_week IS NOT NULL)),
  CHECK ((frequency = 'monthly') = (day_of_month IS NOT NULL))
);
CREATE INDEX recurring_buys_user_idx ON recurring_buys (user_id, created_at DESC);
CREATE INDEX recurring_buys_active_idx ON recurring_buys (status) WHERE status = 'active';

-- One row per plan and day: the primary key is what makes a run happen once, whichever instance and
-- however many times the job runs; the exchange's Idempotency-Key (`recurring:<plan>:<day>`) is the second guard.
CREATE TABLE recurring_buy_runs (
  plan_id        uuid NOT NULL REFERENCES recurring_buys (id),
  period         date NOT NULL,
  status         text NOT NULL CHECK (status IN ('bought', 'skipped')),
  reason         text CHECK (length(reason) <= 64),
  transaction_id uuid REFERENCES ledger_transactions (id),
  created_at     timestamptz NOT NULL,
  PRIMARY KEY (plan_id, period),
  CHECK ((status = 'bought') = (transaction_id IS NOT NULL))
);
