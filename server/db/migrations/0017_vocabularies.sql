-- The words that several areas add to: ledger kinds, activity types, admin actions, security event
-- kinds, code purposes and step-up actions. Until now each was a CHECK that every migration adding a
-- word had to drop and restate whole, so two areas adding words at once silently dropped each other's.
-- Each becomes a small table with a foreign key: a later migration adds its words with
--   INSERT INTO <table> VALUES ('word') ON CONFLICT DO NOTHING;
-- and never restates the others'.

CREATE TABLE ledger_kinds (kind text PRIMARY KEY);
INSERT INTO ledger_kinds VALUES
  ('seed'), ('deposit'), ('withdrawal'), ('transfer'), ('exchange'), ('card'), ('collateral'), ('repayment'),
  ('liquidation'), ('adjustment');
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_fkey FOREIGN KEY (kind) REFERENCES ledger_kinds (kind);

CREATE TABLE activity_types (type text PRIMARY KEY);
INSERT INTO activity_types VALUES
  ('deposit'), ('withdrawal'), ('transfer_in'), ('transfer_out'), ('exchange'), ('card_payment'), ('adjustment'),
  ('collateral_pledge'), ('collateral_release'), ('card_repayment'), ('liquidation');
ALTER TABLE activities DROP CONSTRAINT activities_type_check;
ALTER TABLE activities ADD CONSTRAINT activities_type_fkey FOREIGN KEY (type) REFERENCES activity_types (type);

CREATE TABLE admin_actions (action text PRIMARY KEY);
INSERT INTO admin_actions VALUES ('rates_set'), ('account_credited'), ('account_debited'), ('outbox_viewed');
ALTER TABLE admin_audit_log DROP CONSTRAINT admin_audit_log_action_check;
ALTER TABLE admin_audit_log ADD CONSTRAINT admin_audit_log_action_fkey FOREIGN KEY (action) REFERENCES admin_actions (action);

CREATE TABLE security_event_kinds (kind text PRIMARY KEY);
INSERT INTO security_event_kinds VALUES
  ('sign_in'), ('sign_in_failed'), ('new_device'), ('password_reset'), ('password_changed'), ('passkey_added'),
  ('passkey_removed'), ('phone_set'), ('phone_changed'), ('phone_removed'), ('sessions_ended'), ('email_verified'),
  ('phone_recovery_requested'), ('phone_recovery_cancelled'), ('phone_recovery_completed');
ALTER TABLE security_events DROP CONSTRAINT security_events_kind_check;
ALTER TABLE security_events ADD CONSTRAINT security_events_kind_fkey FOREIGN KEY (kind) REFERENCES security_event_kinds (kind);

CREATE TABLE code_purposes (purpose text PRIMARY KEY);
INSERT INTO code_purposes VALUES
  ('verify_email'), ('reset_password'), ('biometric_enable'), ('biometric_disable'), ('login_two_factor'),
  ('set_phone'), ('update_phone_email'), ('update_phone_sms'), ('step_up'), ('phone_recovery');
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_fkey FOREIGN KEY (purpose) REFERENCES code_purposes (purpose);

CREATE TABLE step_up_actions (action text PRIMARY KEY);
INSERT INTO step_up_actions VALUES
  ('passkey.add'), ('passkey.remove'), ('phone.set'), ('phone.change'), ('phone.remove'), ('password.change'),
  ('withdrawal'), ('card.reveal'), ('paylink.create');
ALTER TABLE step_ups DROP CONSTRAINT step_ups_action_check;
ALTER TABLE step_ups ADD CONSTRAINT step_ups_action_fkey FOREIGN KEY (action) REFERENCES step_up_actions (action);
