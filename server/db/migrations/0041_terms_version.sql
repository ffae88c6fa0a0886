-- Which version of the terms each customer accepted (contract/terms.ts): written at registration, at a
-- social sign-up, with the identity check's signature and by the accept prompt. Money waits while it is
-- older than the version in force (403 terms_not_accepted).
ALTER TABLE users ADD COLUMN terms_version text;
-- Everyone so far accepted the only version there was.
UPDATE users SET terms_version = '2026-01';
ALTER TABLE users ALTER COLUMN terms_version SET NOT NULL;
