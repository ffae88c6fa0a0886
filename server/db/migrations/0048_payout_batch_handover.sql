-- A batch is recorded first and handed to the rail after that commit (a file written inside the
-- transaction went out again in a second batch when the commit failed): until `handed_over_at` is set,
-- every rail round hands the batch over again, and the rail refuses a second file for it.
ALTER TABLE payout_batches ADD COLUMN handed_over_at timestamptz;
-- The batches before this one were handed over inside their own transaction.
UPDATE payout_batches SET handed_over_at = created_at;
CREATE INDEX payout_batches_waiting_idx ON payout_batches (created_at) WHERE handed_over_at IS NULL;
