-- Paying a pay link from an account in another asset (issue 12) goes through a quote of the transfers'
-- kind, made for that one link: `pay_link_id` names it, so such a quote pays only that link, and a
-- transfer refuses it (its to-account is the requester's, not the customer's own).
ALTER TABLE quotes ADD COLUMN pay_link_id uuid REFERENCES pay_links (id);
