-- Issue 21, item 14: reading the identity-check queue (every pending customer's identity and answers) is
-- written to the admin audit log, as opening one of their files is.
INSERT INTO admin_actions VALUES ('kyc_queue_viewed');
