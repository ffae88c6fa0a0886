import { z } from 'zod';
import { cryptoAssetSchema, type CryptoAsset } from './assets';
import { evmNetworkSchema } from './chains';
import { decimalSchema, timestampSchema } from './common';

/**
 * Crypto withdrawals: the customer's address book (an address is added with a step-up and can be used
 * once its cooling-off period is over), a firm quote with the network fee read from the chain, and the
 * withdrawal itself, which holds the amount in the ledger until the hot wallet's transaction confirms
 * (or fails, and the amount comes back).
 */

/** The least a withdrawal may take from the account, in the asset's unit (the fee comes out of it). */
export const MINIMUM_WITHDRAWAL = {
  BTC: '0.0005',
  ETH: '0.002',
  USDT: '10',
  USDC: '10',
  BNB: '0.02',
  AVAX: '0.2',
} as const satisfies Record<CryptoAsset, string>;

/** How long a quote's fee holds. */
export const WITHDRAWAL_QUOTE_SECONDS = 60;

export const ADDRESS_LABEL_MAX_LENGTH = 40;

/** An EVM address as typed: the server checks its EIP-55 checksum (`address_invalid`, `address_checksum_invalid`). */
const typedAddressSchema = z.string().trim().min(1).max(100);
const labelSchema = z
  .string()
  .trim()
  .min(1)
  .max(ADDRESS_LABEL_MAX_LENGTH)
  .regex(/^[^\p{Cc}]*$/u, 'No control characters');

/** `POST /withdrawal-addresses`. Needs a step-up for `withdrawal.address`. */
export const addWithdrawalAddressBodySchema = z.strictObject({
  network: evmNetworkSchema,
  address: typedAddressSchema,
  label: labelSchema,
});
export type AddWithdrawalAddressBody = z.infer<typeof addWithdrawalAddressBodySchema>;

/** `PATCH /withdrawal-addresses/:id`. */
export const labelWithdrawalAddressBodySchema = z.strictObject({ label: labelSchema });
export type LabelWithdrawalAddressBody = z.infer<typeof labelWithdrawalAddressBodySchema>;

export const withdrawalAddressSchema = z.object({
  id: z.uuid(),
  network: evmNetworkSchema,
  /** EIP-55 checksummed. */
  address: z.string(),
  label: z.string(),
  createdAt: timestampSchema,
  /** From then on withdrawals may go to it (the cooling-off period after adding). */
  usableAt: timestampSchema,
});
export type WithdrawalAddress = z.infer<typeof withdrawalAddressSchema>;

export const withdrawalAddressesSchema = z.object({ addresses: z.array(withdrawalAddressSchema) });
export type WithdrawalAddresses = z.infer<typeof withdrawalAddressesSchema>;

/** `POST /withdrawals/quotes`: what `amount` of `asset` to the address would cost and bring. */
export const withdrawalQuoteBodySchema = z.strictObject({
  asset: cryptoAssetSchema,
  addressId: z.uuid(),
  amount: z.string().min(1).max(40),
});
export type WithdrawalQuoteBody = z.infer<typeof withdrawalQuoteBodySchema>;

export const withdrawalQuoteSchema = z.object({
  id: z.uuid(),
  asset: cryptoAssetSchema,
  network: evmNetworkSchema,
  addressId: z.uuid(),
  address: z.string(),
  /** What leaves the account. */
  amount: decimalSchema,
  /** The network fee estimated from the chain (gas limit × max fee per gas), part of `amount`; a token's (USDT, USDC) is that native coin converted at the market's prices. */
  fee: decimalSchema,
  /** What arrives at the address: amount − fee. */
  received: decimalSchema,
  minimum: decimalSchema,
  expiresAt: timestampSchema,
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

/** `POST /withdrawals`: withdraws as the quote says, once (also per Idempotency-Key). Needs a step-up for `withdrawal`. */
export const withdrawalBodySchema = z.strictObject({ quoteId: z.uuid() });
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

/** pending: held in the ledger, not sent yet; broadcast: sent, not yet deep enough; confirmed; failed: the amount came back. */
export const WITHDRAWAL_STATUSES = ['pending', 'broadcast', 'confirmed', 'failed'] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const withdrawalSchema = z.object({
  id: z.uuid(),
  asset: cryptoAssetSchema,
  network: evmNetworkSchema,
  address: z.string(),
  amount: decimalSchema,
  fee: decimalSchema,
  received: decimalSchema,
  status: withdrawalStatusSchema,
  /** Once broadcast. */
  txHash: z.string().nullable(),
  /** The transaction on the chain's public explorer; null on a local node or before it is broadcast. */
  explorerUrl: z.string().url().nullable(),
  activityId: z.uuid(),
  createdAt: timestampSchema,
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
