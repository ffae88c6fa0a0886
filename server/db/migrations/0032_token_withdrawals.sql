-- USDT and USDC withdrawals on the EVM chains (issue 13).
--
-- A token withdrawal's gas is paid by the hot wallet in the chain's native coin while the customer pays
-- the fee in the withdrawn asset, so the fee alone no longer says what the transaction may offer per
-- gas: the quote fixes the gas limit and the max fee per gas (wei) it priced, and the withdrawal keeps
-- them for the signer. Rows from before were native transfers: 21 000 gas at the fee's price.
ALTER TABLE withdrawal_quotes ADD COLUMN gas_limit bigint CHECK (gas_limit > 0);
ALTER TABLE withdrawal_quotes ADD COLUMN max_fee_per_gas numeric(78, 0) CHECK (max_fee_per_gas >= 0);
UPDATE withdrawal_quotes SET gas_limit = 21000, max_fee_per_gas = trunc(fee * 1e18 / 21000);
ALTER TABLE withdrawal_quotes ALTER COLUMN gas_limit SET NOT NULL, ALTER COLUMN max_fee_per_gas SET NOT NULL;

ALTER TABLE withdrawals ADD COLUMN gas_limit bigint CHECK (gas_limit > 0);
ALTER TABLE withdrawals ADD COLUMN max_fee_per_gas numeric(78, 0) CHECK (max_fee_per_gas >= 0);
UPDATE withdrawals SET gas_limit = 21000, max_fee_per_gas = trunc(fee * 1e18 / 21000);
ALTER TABLE withdrawals ALTER COLUMN gas_limit SET NOT NULL, ALTER COLUMN max_fee_per_gas SET NOT NULL;
