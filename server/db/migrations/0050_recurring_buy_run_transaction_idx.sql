-- An activity says it was a recurring buy's run: it finds the run by its ledger transaction, at most one.
CREATE UNIQUE INDEX recurring_buy_runs_transaction_idx ON recurring_buy_runs (transaction_id) WHERE transaction_id IS NOT NULL;
