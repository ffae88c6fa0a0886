-- The words of the money flows that come next (issues 12 to 14), added once here so the areas built in
-- parallel agree on them; the deposit-level limits count activities by these types
-- (server/services/levels.ts, OPERATION_USAGE).
INSERT INTO activity_types VALUES ('voucher_redeemed'), ('payment_sent'), ('payment_received'), ('referral_reward')
  ON CONFLICT DO NOTHING;
INSERT INTO ledger_kinds VALUES ('voucher'), ('payment'), ('reversal'), ('reward'), ('fee') ON CONFLICT DO NOTHING;
