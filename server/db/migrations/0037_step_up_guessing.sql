-- Issue 21, item 11: the tenth wrong step-up code of a customer within 24 hours ends the session that
-- typed it. The count itself lives in rate_limit_counters (bucket `step-up:wrong-codes`).
ALTER TABLE sessions DROP CONSTRAINT sessions_revoked_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_revoked_reason_check CHECK (revoked_reason IN (
  'logout', 'refresh_token_reuse', 'password_reset', 'signed_out_remotely', 'signed_out_everywhere', 'password_changed',
  'step_up_guessing'
));
