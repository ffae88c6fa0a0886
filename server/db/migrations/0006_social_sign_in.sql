-- Sign-in with Google and Apple (OpenID Connect, authorization code with PKCE).

-- An authorization request in flight, from "start" until the provider answers at the callback. Kept
-- here rather than in a cookie: Apple answers with a cross-site form POST, which SameSite=Lax cookies
-- do not ride along with. Keyed by the SHA-256 of `state`, so the table alone cannot answer a
-- callback; a row is deleted when its callback arrives (single use) and is worth nothing after
-- expires_at (10 minutes).
CREATE TABLE oidc_requests (
  state_hash    text PRIMARY KEY,
  provider      text NOT NULL CHECK (provider IN ('google', 'apple')),
  nonce         text NOT NULL,
  code_verifier text NOT NULL,
  -- The interface language the customer started from, to come back to the same one.
  locale        text NOT NULL,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE INDEX oidc_requests_expires_at_idx ON oidc_requests (expires_at);

-- A provider account (its stable `sub`) tied to a customer. One customer may have several.
CREATE TABLE social_identities (
  provider     text NOT NULL CHECK (provider IN ('google', 'apple')),
  subject      text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The address the provider gave when the link was made; the customer's own may change later.
  email        text,
  created_at   timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX social_identities_user_id_idx ON social_identities (user_id);
