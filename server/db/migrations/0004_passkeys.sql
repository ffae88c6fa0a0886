-- Passkeys (WebAuthn credentials), the sign-in challenges and the code tokens of the seed's
-- "biometric" enable / disable-all confirmations.

-- The WebAuthn user handle (user.id in the creation options): random bytes, stable per customer, so
-- no e-mail or database id ever reaches an authenticator. base64url of 32 bytes.
CREATE TABLE passkey_user_handles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  handle  text NOT NULL UNIQUE CHECK (handle ~ '^[A-Za-z0-9_-]{2,86}$')
);

CREATE TABLE passkeys (
  -- The credential id, base64url, as the authenticator gave it.
  id           text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]+$'),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- COSE public key, base64url.
  public_key   text NOT NULL,
  -- The signature counter; 0 for authenticators that do not count (most synced passkeys).
  counter      bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports   text[] NOT NULL DEFAULT '{}',
  device_type  text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up    boolean NOT NULL,
  aaguid       uuid NOT NULL,
  name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 64),
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_id_idx ON passkeys (user_id, created_at);

-- Sign-in challenges: single use (deleted when used), valid 5 minutes. Not secret (the browser sees
-- them), so kept in clear; their value is the key the answer's clientDataJSON carries back.
CREATE TABLE passkey_challenges (
  challenge  text PRIMARY KEY,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expires_at_idx ON passkey_challenges (expires_at);

-- The `code_token` of a biometric request: only its SHA-256 is kept; single use, 10 minutes, bound to
-- the session that asked. A new request of the same purpose replaces the pending one.
CREATE TABLE biometric_code_tokens (
  token_hash       text PRIMARY KEY,
  user_id          uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id       uuid NOT NULL,
  purpose          text NOT NULL CHECK (purpose IN ('biometric_enable', 'biometric_disable')),
  -- The registration challenge of an enable request.
  challenge        text,
  code_required    boolean NOT NULL,
  code_verified_at timestamptz,
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  CHECK ((purpose = 'biometric_enable') = (challenge IS NOT NULL))
);
CREATE INDEX biometric_code_tokens_user_idx ON biometric_code_tokens (user_id, purpose);
