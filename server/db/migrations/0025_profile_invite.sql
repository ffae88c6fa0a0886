-- Profile and invite programme (issue 14): each customer's own referral code, the rewards paid to referrers,
-- and the onboarding intro's "seen" setting.

-- A customer's own code, made the first time they open their invitation page. Customers join with it as
-- `ref_code` (kept as typed in users.ref_code); the referrer is found by the upper-cased code.
ALTER TABLE users ADD COLUMN referral_code text UNIQUE CHECK (referral_code ~ '^[0-9A-HJKMNP-TV-Z]{8}$');
CREATE INDEX users_ref_code_idx ON users (upper(ref_code)) WHERE ref_code IS NOT NULL;

-- One reward per invitee, ever: the primary key is what makes two concurrent completions (a deposit and
-- the KYC approval) pay once. The ledger transaction is written in the same database transaction.
CREATE TABLE referral_rewards (
  invitee_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  referrer_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  transaction_id uuid REFERENCES ledger_transactions (id),
  amount         numeric(38, 18) NOT NULL CHECK (amount > 0),
  currency       text NOT NULL,
  created_at     timestamptz NOT NULL,
  CHECK (invitee_id <> referrer_id)
);
CREATE INDEX referral_rewards_referrer_idx ON referral_rewards (referrer_id);

INSERT INTO ledger_kinds VALUES ('reward') ON CONFLICT DO NOTHING;
INSERT INTO activity_types VALUES ('referral_reward') ON CONFLICT DO NOTHING;

-- Null until the customer finished or skipped the intro carousel, on any device.
ALTER TABLE user_settings ADD COLUMN intro_seen_at timestamptz;
