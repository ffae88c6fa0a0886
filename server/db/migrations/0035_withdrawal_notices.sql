-- Issue 21, item 13: adding a withdrawal address and starting a withdrawal are security events the
-- customer hears of at once (e-mail from the service, push from here), so that a stranger's address is
-- noticed within its cooling-off period and a stranger's withdrawal while it is still pending.
INSERT INTO security_event_kinds VALUES ('withdrawal_address_added'), ('withdrawal_requested');

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN (
  'deposit_credited', 'transfer_completed', 'pay_link_paid', 'withdrawal_confirmed', 'withdrawal_failed',
  'kyc_approved', 'kyc_rejected', 'kyc_resubmission_requested', 'security_event',
  'withdrawal_address_added', 'withdrawal_requested'
));

-- A new address has a notification of its own (the generic one speaks of security settings).
CREATE OR REPLACE FUNCTION notify_security_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'withdrawal_address_added' THEN
    PERFORM notify_customer(NEW.user_id, 'withdrawal_address_added', '{}'::jsonb, NEW.created_at);
  ELSIF NEW.kind IN (
    'new_device', 'password_reset', 'password_changed', 'passkey_added', 'passkey_removed', 'phone_set', 'phone_changed',
    'phone_removed', 'sessions_ended', 'phone_recovery_requested', 'phone_recovery_cancelled', 'phone_recovery_completed'
  ) THEN
    PERFORM notify_customer(NEW.user_id, 'security_event', jsonb_build_object('event', NEW.kind), NEW.created_at);
  END IF;
  RETURN NULL;
END;
$$;

-- A withdrawal is told of when its pending activity is written (the amount held), with the amount, as its
-- confirmation and failure are; its security event writes no second notification.
CREATE OR REPLACE FUNCTION notify_activity() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kind text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'completed' THEN
    kind := CASE
      WHEN NEW.type = 'deposit' THEN 'deposit_credited'
      WHEN NEW.type IN ('exchange', 'transfer_in') AND NEW.amount > 0 THEN 'transfer_completed'
      WHEN NEW.type = 'payment_received' THEN 'pay_link_paid'
      WHEN NEW.type = 'withdrawal' THEN 'withdrawal_confirmed'
    END;
  ELSIF NEW.status = 'failed' AND NEW.type = 'withdrawal' THEN
    kind := 'withdrawal_failed';
  ELSIF TG_OP = 'INSERT' AND NEW.status = 'pending' AND NEW.type = 'withdrawal' THEN
    kind := 'withdrawal_requested';
  END IF;
  IF kind IS NOT NULL THEN
    PERFORM notify_customer(
      NEW.user_id,
      kind,
      jsonb_build_object('amount', abs(NEW.amount)::text, 'currency', NEW.currency, 'activityId', NEW.id),
      CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END
    );
  END IF;
  RETURN NULL;
END;
$$;
