-- Issue 10, item 6: the server ends a session after a quiet spell (idle lifetime). `last_active_at` is
-- the last request the customer made (the app's background polling does not count); `last_seen_at`
-- stays what the security page shows (any use, refreshes included).
ALTER TABLE sessions ADD COLUMN last_active_at timestamptz;
UPDATE sessions SET last_active_at = coalesce(last_seen_at, created_at);
ALTER TABLE sessions ALTER COLUMN last_active_at SET NOT NULL;
