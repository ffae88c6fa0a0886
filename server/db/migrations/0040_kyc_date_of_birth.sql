-- Issue 24, item 1: the identity check asks for the legal name (kept on users, where the profile keeps it)
-- and the date of birth as the document shows them, for the reviewer to compare with the document.
-- Checks submitted before have none: the reviewer asks for the document step again (approval needs both).
ALTER TABLE kyc_applications ADD COLUMN date_of_birth date;
