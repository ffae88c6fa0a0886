-- Identity checks (KYC). The status gains the in-between situations a customer sees: started but not
-- submitted, and a step the reviewer asked for again ('pending' stays: submitted, waiting for review).
ALTER TABLE users DROP CONSTRAINT users_kyc_status_check;
ALTER TABLE users ADD CONSTRAINT users_kyc_status_check
  CHECK (kyc_status IN ('not_started', 'in_progress', 'pending', 'approved', 'rejected', 'resubmission_requested'));

-- The draft and the decision, one per customer: every step saves here, so another device resumes it.
CREATE TABLE kyc_applications (
  user_id                  uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  document_type            text CHECK (document_type IN ('passport', 'id_card', 'driving_licence', 'residence_permit')),
  document_country         char(2),
  questionnaire            jsonb,
  questionnaire_done_at    timestamptz,
  signature_file_id        uuid,
  signature_terms_version  text,
  signed_at                timestamptz,
  -- The step a reviewer asked for again; only it may change until the customer submits again.
  requested_step           text CHECK (requested_step IN ('document', 'questionnaire', 'signature')),
  reason                   text,
  submitted_at             timestamptz,
  decided_at               timestamptz,
  updated_at               timestamptz NOT NULL
);

-- Uploaded document sides and signature images. The bytes live outside the database (a storage
-- adapter, encrypted with AES-256-GCM); a row points to them. A replaced side keeps its row, marked.
CREATE TABLE kyc_files (
  id           uuid PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose      text NOT NULL CHECK (purpose IN ('front', 'back', 'signature')),
  media_type   text NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  size_bytes   integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 10485760),
  storage_key  text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  replaced_at  timestamptz
);
CREATE INDEX kyc_files_user_idx ON kyc_files (user_id) WHERE replaced_at IS NULL;

-- Reviews are admin actions, audit-logged like the others; looking at a customer's document is one too.
INSERT INTO admin_actions VALUES ('kyc_approved') ON CONFLICT DO NOTHING;
INSERT INTO admin_actions VALUES ('kyc_rejected') ON CONFLICT DO NOTHING;
INSERT INTO admin_actions VALUES ('kyc_step_requested') ON CONFLICT DO NOTHING;
INSERT INTO admin_actions VALUES ('kyc_file_viewed') ON CONFLICT DO NOTHING;
