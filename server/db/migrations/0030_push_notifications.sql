-- Push subscriptions and the in-app notifications list (issue 14).

-- One row per device that allowed push: the browser's push service endpoint and its encryption keys. Tied
-- to the session that subscribed, so signing that session out (any way) removes it. The endpoint is unique
-- and stays with its customer: another one cannot take it over (signing out freed it already).
CREATE TABLE push_subscriptions (
  id         uuid PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  endpoint   text NOT NULL UNIQUE CHECK (length(endpoint) <= 1024),
  p256dh     text NOT NULL CHECK (length(p256dh) <= 128),
  auth       text NOT NULL CHECK (length(auth) <= 64),
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_session_idx ON push_subscriptions (session_id);

-- What the customer was told. `params` names what the message shows (an amount and its asset, a security
-- event's kind), never a secret: the text is written per language when shown or pushed. `push_state`
-- turns `sent` when one server claims it for pushing (at most once: the list always has it anyway).
CREATE TABLE notifications (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN (
    'deposit_credited', 'transfer_completed', 'pay_link_paid', 'withdrawal_confirmed', 'withdrawal_failed',
    'kyc_approved', 'kyc_rejected', 'kyc_resubmission_requested', 'security_event'
  )),
  params     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  read_at    timestamptz,
  push_state text NOT NULL DEFAULT 'pending' CHECK (push_state IN ('pending', 'sent'))
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_push_idx ON notifications (id) WHERE push_state = 'pending';

-- Notifications are written by the database, in the transaction that writes what they tell of (an
-- activity, a KYC decision, a security event): no code path that moves money or changes an account can
-- forget one, and none exists for a rolled-back change. NOTIFY (sent at commit) wakes the push sender.
CREATE FUNCTION notify_customer(p_user uuid, p_kind text, p_params jsonb, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  new_id bigint;
BEGIN
  INSERT INTO notifications (user_id, kind, params, created_at) VALUES (p_user, p_kind, p_params, p_at) RETURNING id INTO new_id;
  PERFORM pg_notify('notifications', new_id::text);
END;
$$;

-- Money: a deposit credited, the incoming side of a transfer or exchange, a pay link paid to its owner, and
-- a withdrawal confirmed or failed (the withdrawal area only has to write its activity with that status).
CREATE FUNCTION notify_activity() RETURNS trigger
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
CREATE TRIGGER activities_notify AFTER INSERT OR UPDATE OF status ON activities
  FOR EACH ROW EXECUTE FUNCTION notify_activity();

-- The review's decision; the reason stays on /kyc (a push shows on a locked screen).
CREATE FUNCTION notify_kyc_decision() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kyc_status IS DISTINCT FROM OLD.kyc_status AND NEW.kyc_status IN ('approved', 'rejected', 'resubmission_requested') THEN
    PERFORM notify_customer(NEW.id, 'kyc_' || NEW.kyc_status, '{}'::jsonb, NEW.updated_at);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_notify_kyc AFTER UPDATE OF kyc_status ON users
  FOR EACH ROW EXECUTE FUNCTION notify_kyc_decision();

-- Security events the customer should hear of at once; a routine sign-in on a known device is not one.
CREATE FUNCTION notify_security_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IN (
    'new_device', 'password_reset', 'password_changed', 'passkey_added', 'passkey_removed', 'phone_set', 'phone_changed',
    'phone_removed', 'sessions_ended', 'phone_recovery_requested', 'phone_recovery_cancelled', 'phone_recovery_completed'
  ) THEN
    PERFORM notify_customer(NEW.user_id, 'security_event', jsonb_build_object('event', NEW.kind), NEW.created_at);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER security_events_notify AFTER INSERT ON security_events
  FOR EACH ROW EXECUTE FUNCTION notify_security_event();

-- Signing a session out (log out, from another device, everywhere, a password change) forgets its device.
CREATE FUNCTION forget_session_push() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
    DELETE FROM push_subscriptions WHERE session_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_forget_push AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION forget_session_push();
