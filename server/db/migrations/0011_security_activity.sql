-- Google/Apple sign-in bound to the browser that started it, and the customers' security log.

-- The SHA-256 of the random value of the `oidc_browser` cookie set when the sign-in started: a callback
-- presented by another browser (no cookie, or another one) is refused, so nobody can finish a sign-in
-- they started in the victim's browser or vice versa. Apple's answer is a cross-site form POST that
-- carries no SameSite=Lax cookie, so its fields wait here (`apple_answer`, JSON) while the browser is
-- sent on, by a same-site redirect, to the GET that reads the cookie.
ALTER TABLE oidc_requests
  ADD COLUMN browser_hash text,
  ADD COLUMN apple_answer text;

-- What happened to the security of an account, for "Recent security activity" on /profile/security.
-- Append-only from the app's point of view; the increasing id is the page key (newest first).
CREATE TABLE security_events (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN (
    'sign_in', 'sign_in_failed', 'new_device', 'password_reset', 'password_changed', 'passkey_added',
    'passkey_removed', 'phone_set', 'phone_changed', 'phone_removed', 'sessions_ended', 'email_verified'
  )),
  -- How a sign-in was made: password, passkey, google, apple.
  method     text CHECK (method IN ('password', 'passkey', 'google', 'apple')),
  -- A passkey's name, a masked phone number, or a count of sessions; never a secret.
  detail     text CHECK (length(detail) <= 200),
  ip         text,
  user_agent text CHECK (length(user_agent) <= 512),
  created_at timestamptz NOT NULL
);
CREATE INDEX security_events_user_idx ON security_events (user_id, id DESC);
