-- A payout the bank sent back is not a failure the customer caused: its activity reads `returned`
-- (the amount came back, with the bank's reason) rather than `failed`.
ALTER TABLE activities DROP CONSTRAINT activities_status_check;
ALTER TABLE activities ADD CONSTRAINT activities_status_check CHECK (status IN ('pending', 'completed', 'failed', 'cancelled', 'returned'));
-- The payouts returned before this one said `failed`.
UPDATE activities SET status = 'returned' WHERE id IN (SELECT activity_id FROM payouts WHERE status = 'returned');
