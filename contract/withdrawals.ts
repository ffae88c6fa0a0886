import { z } from 'zod';
import { cryptoAssetSchema, type CryptoAsset } from './assets';
import { EVM_NETWORK_CODES } from './chainList';
import { decimalSchema, textSchema, timestampSchema } from './common';

/**
 * Crypto withdrawals: the customer's address book (an address is added with a step-up and can be used
 * once its cooling-off period is over), a firm quote with the network fee read from the chain, and the
 * withdrawal itself, which holds the amount in the ledger until the hot wallet's transaction confirms
 * (or fails, and the amount comes back).
 */

/** Where a withdrawal can go: the four EVM chains, and Bitcoin. */
export const WITHDRAWAL_NETWORKS = ['bitcoin', ...EVM_NETWORK_CODES] as const;
export const withdrawalNetworkSchema = z.enum(WITHDRAWAL_NETWORKS);
export type WithdrawalNetwork = z.infer<typeof withdrawalNetworkSchema>;

/** Which Bitcoin addresses this server takes: mainnet's in production; testnet's (also signet's and regtest's) in demo mode, whose withdrawals are simulated. */
export const BITCOIN_NETWORKS = ['mainnet', 'testnet'] as const;
export type BitcoinNetwork = (typeof BITCOIN_NETWORKS)[number];

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

/**
 * An address as typed: on an EVM network the server checks its EIP-55 checksum (`address_invalid`,
 * `address_checksum_invalid`); on Bitcoin its form and checksum (P2PKH, P2SH, bech32 P2WPKH/P2WSH,
 * bech32m P2TR) and its network (`address_invalid`, `address_wrong_network`).
 */
const typedAddressSchema = z.string().trim().min(1).max(100);
/** The name the customer gives an address: the rule the book's form checks (requiredTextProblem). */
const labelSchema = textSchema(ADDRESS_LABEL_MAX_LENGTH).min(1, 'Must not be empty');

/** `POST /withdrawal-addresses`. Needs a step-up for `withdrawal.address`. */
export const addWithdrawalAddressBodySchema = z.strictObject({
  network: withdrawalNetworkSchema,
  address: typedAddressSchema,
  label: labelSchema,
});
export type AddWithdrawalAddressBody = z.infer<typeof addWithdrawalAddressBodySchema>;

/** `PATCH /withdrawal-addresses/:id`. */
export const labelWithdrawalAddressBodySchema = z.strictObject({ label: labelSchema });
export type LabelWithdrawalAddressBody = z.infer<typeof labelWithdrawalAddressBodySchema>;

export const withdrawalAddressSchema = z.object({
  id: z.uuid(),
  network: withdrawalNetworkSchema,
  /** EVM: EIP-55 checksummed; Bitcoin: as typed, bech32 in lower case. */
  address: z.string(),
  label: z.string(),
  createdAt: timestampSchema,
  /** From then on withdrawals may go to it (the cooling-off period after adding). */
  usableAt: timestampSchema,
});
export type WithdrawalAddress = z.infer<typeof withdrawalAddressSchema>;

export const withdrawalAddressesSchema = z.object({
  addresses: z.array(withdrawalAddressSchema),
  /** How long after adding a new address can be used (0 in demo mode). */
  coolingOffSeconds: z.number().int().nonnegative(),
  /** The Bitcoin addresses this server takes. */
  bitcoinNetwork: z.enum(BITCOIN_NETWORKS),
});
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
  network: withdrawalNetworkSchema,
  addressId: z.uuid(),
  address: z.string(),
  /** What leaves the account. */
  amount: decimalSchema,
  /**
   * The network fee, part of `amount`: on an EVM chain estimated from the chain (gas limit × max fee per
   * gas), a token's (USDT, USDC) that native coin converted at the market's prices; on Bitcoin the
   * configured rate (sat/vB) × a typical withdrawal's virtual size (no node is asked).
   */
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
  network: withdrawalNetworkSchema,
  address: z.string(),
  amount: decimalSchema,
  fee: decimalSchema,
  received: decimalSchema,
  status: withdrawalStatusSchema,
  /** Once broadcast: the EVM transaction hash (0x…), or the Bitcoin txid. */
  txHash: z.string().nullable(),
  /** The transaction on the chain's public explorer; null on a local node, for a simulated Bitcoin withdrawal, or before it is broadcast. */
  explorerUrl: z.string().url().nullable(),
  activityId: z.uuid(),
  createdAt: timestampSchema,
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/**
 * `POST /simulate/withdrawals/:id` (demo mode): the simulated Bitcoin processor does what a node would —
 * `broadcast` (a txid), `confirmed` (broadcast first when still pending), or `failed` (the held amount
 * comes back by a reversing ledger transaction). Only the customer's own pending or broadcast BTC withdrawals.
 */
export const SIMULATED_WITHDRAWAL_OUTCOMES = ['broadcast', 'confirmed', 'failed'] as const;
export const simulateWithdrawalBodySchema = z.strictObject({ outcome: z.enum(SIMULATED_WITHDRAWAL_OUTCOMES) });
export type SimulateWithdrawalBody = z.infer<typeof simulateWithdrawalBodySchema>;
