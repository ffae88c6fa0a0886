import { z } from 'zod';
import { cryptoAssetSchema } from './assets';
import { evmNetworkSchema } from './chains';
import { decimalSchema, timestampSchema } from './common';

/** A deposit request's public id: 32 random bytes, base64url (256 bits, so it cannot be guessed). */
export const depositLinkHashSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** `POST /deposit-links`: the customer asks someone to pay this amount of an asset over a network. */
export const createDepositLinkBodySchema = z.strictObject({
  asset: cryptoAssetSchema,
  network: evmNetworkSchema,
  /** In the asset's units, at most its decimals; more than zero. */
  amount: decimalSchema.max(40),
});
export type CreateDepositLinkBody = z.infer<typeof createDepositLinkBodySchema>;

/**
 * Where a link stands, from the transactions reported for it that are deposits of its asset to its
 * address: `open` — nothing arrived yet; `confirming` — a deposit waits for its confirmations; then,
 * by what was credited against the amount, `paid`, `underpaid` (`remainder` says what is missing) or
 * `overpaid`.
 */
export const DEPOSIT_LINK_STATUSES = ['open', 'confirming', 'paid', 'underpaid', 'overpaid'] as const;
export type DepositLinkStatus = (typeof DEPOSIT_LINK_STATUSES)[number];

/** The most payments one link takes: a link's holder cannot fill the table. */
export const DEPOSIT_LINK_PAYMENTS_MAX = 10;

/** `POST /deposit-links/:hash/payments`: the wallet page reports the transaction it sent for the link. */
export const depositLinkPaymentBodySchema = z.strictObject({
  txHash: z
    .string()
    .length(66)
    .regex(/^0x[0-9a-fA-F]{64}$/),
});
export type DepositLinkPaymentBody = z.infer<typeof depositLinkPaymentBodySchema>;

/**
 * `GET /deposit-links/:hash`, answered to anyone with the link: only what the payer needs — what to
 * send, where and on which chain, and what arrived. Nothing about the customer beyond the deposit address.
 */
export const depositLinkSchema = z.object({
  hash: depositLinkHashSchema,
  asset: cryptoAssetSchema,
  network: evmNetworkSchema,
  chainId: z.number().int().positive(),
  amount: decimalSchema,
  /** The asset's decimals on this chain (BNB Smart Chain's stablecoins have 18). */
  decimals: z.number().int().nonnegative(),
  /** The ERC-20 contract to call for a token, or null for the chain's native currency. */
  token: z.string().nullable(),
  /** The customer's deposit address on this chain. */
  address: z.string(),
  createdAt: timestampSchema,
  status: z.enum(DEPOSIT_LINK_STATUSES),
  /** Credited so far, in the asset's units. */
  received: decimalSchema,
  /** What is still missing: more than zero only when `underpaid`. */
  remainder: decimalSchema,
});
export type DepositLink = z.infer<typeof depositLinkSchema>;

/** Whether the link can still change: paid in full or more, nothing more is expected. */
export const depositLinkSettled = (link: DepositLink | undefined) => link?.status === 'paid' || link?.status === 'overpaid';
