-- Lost-phone recovery (issue 10, "One step-up rule"): a customer whose only second factor is a lost phone
-- proves the mailbox (an e-mailed code) and the password; the confirmed phone is removed 24 hours later,
-- unless the recovery is cancelled first from a link sent to the e-mail or to the old phone.

CREATE TABLE phone_recoveries (
  id                uuid PRIMARY KEY,
  user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The confirmed number the recovery removes; a different number by then means it is superseded.
  phone             text NOT NULL,
  requested_at      timestamptz NOT NULL,
  effective_at      timestamptz NOT NULL,
  -- SHA-256 of the two cancel tokens (32 random bytes each): one in the e-mail, one in the SMS.
  email_cancel_hash text NOT NULL UNIQUE,
  sms_cancel_hash   text NOT NULL UNIQUE,
  ended_at          timestamptz,
  outcome           text CHECK (outcome IN ('completed', 'cancelled_by_email', 'cancelled_by_phone', 'superseded')),
  CHECK ((ended_at IS NULL) = (outcome IS NULL)),
  CHECK (effective_at > requested_at)
);
-- At most one recovery in progress per customer.
CREATE UNIQUE INDEX phone_recoveries_pending_idx ON phone_recoveries (user_id) WHERE ended_at IS NULL;
CREATE INDEX phone_recoveries_due_idx ON phone_recoveries (effective_at) WHERE ended_at IS NULL;

ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check CHECK (purpose IN (
  'verify_email', 'reset_password',
  'biometric_enable', 'biometric_disable',
  'login_two_factor',
  'set_phone', 'update_phone_email', 'update_phone_sms',
  'step_up',
  'phone_recovery'
));

ALTER TABLE security_events DROP CONSTRAINT security_events_kind_check;
ALTER TABLE security_events ADD CONSTRAINT security_events_kind_check CHECK (kind IN (
  'sign_in', 'sign_in_failed', 'new_device', 'password_reset', 'password_changed', 'passkey_added',
  'passkey_removed', 'phone_set', 'phone_changed', 'phone_removed', 'sessions_ended', 'email_verified',
  'phone_recovery_requested', 'phone_recovery_cancelled', 'phone_recovery_completed'
));
