-- Phone two-factor at sign-in: after the first factor (password today, any sign-in method later) a
-- customer with a confirmed phone gets a challenge instead of a session. Only the SHA-256 of the
-- challenge token is stored; the SMS code itself lives in one_time_codes (purpose login_two_factor).
CREATE TABLE two_factor_challenges (
  token_hash          text PRIMARY KEY,
  user_id             uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- How the first factor was passed; the session opened after the code records it.
  method              text NOT NULL CHECK (method IN ('password', 'passkey', 'google', 'apple')),
  created_at          timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL,
  -- A new SMS may be asked for from this instant on.
  resend_available_at timestamptz NOT NULL,
  -- Single use: set when the right code opened the session.
  used_at             timestamptz
);
CREATE INDEX two_factor_challenges_user_idx ON two_factor_challenges (user_id);
CREATE INDEX two_factor_challenges_expiry_idx ON two_factor_challenges (expires_at);
