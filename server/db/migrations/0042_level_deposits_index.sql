-- A level counts every kind of money arriving that the top-up limit counts (a redeemed voucher too), as
-- server/services/levels.ts reads it: the partial index follows its condition.
DROP INDEX activities_user_deposits_idx;
CREATE INDEX activities_user_deposits_idx ON activities (user_id, created_at) INCLUDE (usd_value)
  WHERE type IN ('deposit', 'voucher_redeemed') AND status = 'completed' AND amount > 0;
