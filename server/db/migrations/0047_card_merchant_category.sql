-- What each card payment was for (the card network's merchant category, grouped), for the card
-- account's spending by category. Payments made before this was kept count as `other`.
ALTER TABLE card_authorizations
  ADD COLUMN category text NOT NULL DEFAULT 'other'
  CHECK (category IN ('groceries', 'dining', 'transport', 'shopping', 'travel', 'entertainment', 'bills', 'other'));
