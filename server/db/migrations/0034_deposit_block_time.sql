-- When each deposit's block was mined (issue 21, item 6): a deposit link counts only transactions mined
-- after the link was created, or a transaction sent to the same address before the link existed would
-- mark it paid. The watcher writes the block's timestamp with the block (and again when a reorganisation
-- moves the transaction). Rows recorded before this column existed have none; for those the link goes by
-- when the watcher saw them, which is never earlier than the block.
ALTER TABLE chain_deposits ADD COLUMN block_time timestamptz;
