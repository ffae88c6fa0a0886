-- The questionnaire answers being typed (contract/kyc.ts questionnaireDraftAnswersSchema), so they survive a
-- reload or another device; saving the questionnaire clears them.
ALTER TABLE kyc_applications ADD COLUMN questionnaire_draft jsonb;
ALTER TABLE kyc_applications ADD COLUMN questionnaire_draft_at timestamptz;
