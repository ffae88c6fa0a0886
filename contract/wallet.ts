/**
 * The browser wallet's vocabulary, shared by the wallet machine, its browser adapter (src/platform/wallet)
 * and the screens: the failure codes a wallet actor rejects with (as the app's one `Failure`), and the
 * check of a transaction before it is sent (docs/product.md#the-browser-wallet); how an error becomes a
 * failure code is contract/walletFailures.ts. Pure: no viem
 * here, it stays out of the entry chunk; the adapter repeats the address check with the EIP-55 checksum
 * once viem is loaded.
 */

import type { WalletFailureCode } from './walletFailures';

export type { WalletFailureCode } from './walletFailures';

/** 2^256 − 1: no fee may be above the largest EVM word. */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** A transaction as the wallet is asked to send it (amounts in wei). */
export interface WalletTransaction {
  to: string;
  chainId: number;
  value: bigint;
  /** Call data (an ERC-20 transfer), hex. */
  data?: `0x${string}`;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

/** An account address's shape: 0x and 40 hexadecimal digits (the checksum is the adapter's check). */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/**
 * The check before sending (docs/product.md#the-browser-wallet): a valid address, a positive chain id, a priority fee not
 * above the max fee, and no fee above 2^256 − 1. Answers the failure, or null when it may be sent.
 */
export function transactionProblem(tx: WalletTransaction): WalletFailureCode | null {
  if (!ADDRESS_PATTERN.test(tx.to)) return 'invalid_address';
  if (!Number.isSafeInteger(tx.chainId) || tx.chainId <= 0) return 'invalid_chain_id';
  if (tx.maxFeePerGas !== undefined && tx.maxFeePerGas > MAX_UINT256) return 'fee_cap_too_high';
  if (tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined && tx.maxPriorityFeePerGas > tx.maxFeePerGas)
    return 'tip_above_fee_cap';
  return null;
}

/** The connectors the app offers: the wallets injected in the page (EIP-6963), and MetaMask's SDK. */
export const METAMASK_SDK_CONNECTOR = 'metaMaskSDK';

/** What the wallet needs of a chain the server runs with (`GET /chains`): enough to switch to it, or add it. */
export interface WalletChain {
  chainId: number;
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrl: string;
  /** A block explorer's origin; null on a local development node. */
  explorerUrl: string | null;
}

/** ERC-20 `transfer(to, units)` call data (selector 0xa9059cbb, then both arguments as 32-byte words). */
export function erc20TransferData(to: string, units: bigint): `0x${string}` {
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${units.toString(16).padStart(64, '0')}`;
}
