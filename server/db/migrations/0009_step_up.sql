-- The one step-up rule (issue 10): a sensitive action needs a fresh second proof given for that
-- action in that session. A row is first a request (a passkey challenge, or a code sent by SMS or
-- e-mail, kept in one_time_codes with purpose step_up), then — once the proof is given — a grant
-- that the guarded endpoint spends. Either lasts 5 minutes (expires_at).
CREATE TABLE step_ups (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id  uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  action      text NOT NULL CHECK (action IN (
    'passkey.add', 'passkey.remove', 'phone.set', 'phone.change', 'phone.remove', 'password.change',
    'withdrawal', 'card.reveal', 'paylink.create'
  )),
  proof       text NOT NULL CHECK (proof IN ('passkey', 'code')),
  -- The passkey challenge this request waits for (single use: the row goes when it is answered).
  challenge   text UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  -- Set when the proof was accepted: from then on the row is a grant.
  granted_at  timestamptz,
  CHECK ((proof = 'passkey') = (challenge IS NOT NULL) OR granted_at IS NOT NULL)
);
CREATE INDEX step_ups_session_idx ON step_ups (session_id, action);
CREATE INDEX step_ups_user_idx ON step_ups (user_id);

ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check CHECK (purpose IN (
  'verify_email', 'reset_password',
  'biometric_enable', 'biometric_disable',
  'login_two_factor',
  'set_phone', 'update_phone_email', 'update_phone_sms',
  'step_up'
));

-- Changing the password (with its step-up) signs out every other session.
ALTER TABLE sessions DROP CONSTRAINT sessions_revoked_reason_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_revoked_reason_check CHECK (revoked_reason IN (
  'logout', 'refresh_token_reuse', 'password_reset', 'signed_out_remotely', 'signed_out_everywhere', 'password_changed'
));
