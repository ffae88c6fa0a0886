-- Shared ground for sign-in factors (passkeys, phone two-factor, social sign-in, session list). Each
-- area adds its own tables in a migration of its own; what several areas touch lives here, once.

-- A customer created by Apple or Google sign-in has no password until they set one.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;

-- The confirmed phone (E.164) receives two-factor codes; a number being set or changed waits in
-- pending_phone until its code is confirmed.
ALTER TABLE users
  ADD COLUMN phone              text CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  ADD COLUMN phone_confirmed_at timestamptz,
  ADD COLUMN pending_phone      text CHECK (pending_phone ~ '^\+[1-9][0-9]{6,14}$'),
  ADD CONSTRAINT users_phone_confirmed CHECK ((phone_confirmed_at IS NULL) OR (phone IS NOT NULL));
CREATE UNIQUE INDEX users_phone_key ON users (phone) WHERE phone_confirmed_at IS NOT NULL;

ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check CHECK (purpose IN (
  'verify_email', 'reset_password',
  'biometric_enable', 'biometric_disable',
  'login_two_factor',
  'set_phone', 'update_phone_email', 'update_phone_sms'
));

-- What the security page shows of each signed-in session, and how it was opened.
ALTER TABLE sessions
  ADD COLUMN user_agent   text,
  ADD COLUMN ip           text,
  ADD COLUMN last_seen_at timestamptz,
  ADD COLUMN method       text NOT NULL DEFAULT 'password' CHECK (method IN ('password', 'passkey', 'google', 'apple'));
ALTER TABLE sessions DROP CONSTRAINT sessions_revoked_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_revoked_reason_check CHECK (revoked_reason IN (
  'logout', 'refresh_token_reuse', 'password_reset', 'signed_out_remotely', 'signed_out_everywhere'
));
