-- The simulation area: admins' corrections post as their own ledger kind, and every admin action is
-- written to an append-only audit log.

-- `adjustment`: an admin's credit or debit of a customer's account against the asset's system account.
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check
  CHECK (kind IN ('seed', 'deposit', 'withdrawal', 'transfer', 'exchange', 'card', 'collateral', 'repayment', 'liquidation', 'adjustment'));

-- Who did what, to whom, why, when, under which request id. Rows are never changed or deleted (the
-- trigger below, and the application role has no UPDATE or DELETE on it: server/db/privileges.ts).
CREATE TABLE admin_audit_log (
  id                uuid PRIMARY KEY,
  -- Order of writing: several actions may share an instant.
  seq               bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  admin_id          uuid NOT NULL REFERENCES users (id),
  action            text NOT NULL CHECK (action IN ('rates_set', 'account_credited', 'account_debited', 'outbox_viewed')),
  target_user_id    uuid REFERENCES users (id),
  target_account_id uuid REFERENCES accounts (id),
  transaction_id    uuid REFERENCES ledger_transactions (id),
  -- What was done, as text (amounts stay decimal strings): amount and asset, the rates, a recipient.
  details           jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object'),
  reason            text CHECK (length(reason) BETWEEN 1 AND 200),
  request_id        uuid NOT NULL,
  created_at        timestamptz NOT NULL,
  -- Money moved by an admin always says why.
  CHECK (action NOT IN ('account_credited', 'account_debited') OR (reason IS NOT NULL AND transaction_id IS NOT NULL))
);

CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the admin audit log is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER admin_audit_log_no_change BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
