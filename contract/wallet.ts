/**
 * The browser wallet's vocabulary, shared by the wallet machine, its browser adapter (src/platform/wallet)
 * and the screens: the stable failure codes, how a wallet's or a node's error becomes one, and the
 * spec's check of a transaction before it is sent (section 5). Pure: no viem here, it stays out of the
 * entry chunk; the adapter repeats the address check with the EIP-55 checksum once viem is loaded.
 */

/**
 * Why a wallet action did not go through. The provider codes of EIP-1193 (4001 … 4902), the JSON-RPC
 * errors of EIP-1474, the spec's five messages, and the transaction checks.
 */
export const WALLET_FAILURES = [
  'user_rejected',
  'unauthorized',
  'unsupported_method',
  'provider_disconnected',
  'chain_disconnected',
  'unknown_chain',
  'parse_error',
  'invalid_request',
  'method_not_found',
  'invalid_params',
  'internal_error',
  'resource_unavailable',
  'timeout',
  'provider_not_found',
  'chain_not_configured',
  'connector_not_connected',
  'connector_already_connected',
  'switch_rejected_after_add',
  'invalid_address',
  'invalid_chain_id',
  'tip_above_fee_cap',
  'fee_cap_too_high',
  /** Disconnected on this page, but the wallet did not revoke the site's permission. */
  'still_authorised',
  'unknown',
] as const;
export type WalletFailureCode = (typeof WALLET_FAILURES)[number];

/** The error numbers of EIP-1193 and EIP-1474 (JSON-RPC) and the failure each one is. */
export const WALLET_ERROR_NUMBERS: Readonly<Record<number, WalletFailureCode>> = {
  4001: 'user_rejected',
  4100: 'unauthorized',
  4200: 'unsupported_method',
  4900: 'provider_disconnected',
  4901: 'chain_disconnected',
  4902: 'unknown_chain',
  [-32700]: 'parse_error',
  [-32600]: 'invalid_request',
  [-32601]: 'method_not_found',
  [-32602]: 'invalid_params',
  [-32603]: 'internal_error',
  [-32002]: 'resource_unavailable',
};

/** The spec's messages (section 8), kept word for word: libraries and wallets say them in English. */
export const WALLET_MESSAGES: Readonly<Record<string, WalletFailureCode>> = {
  'Provider not found.': 'provider_not_found',
  'Chain not configured.': 'chain_not_configured',
  'Connector not connected.': 'connector_not_connected',
  'Connector already connected.': 'connector_already_connected',
  'User rejected switch after adding network.': 'switch_rejected_after_add',
};

const isFailureCode = (value: unknown): value is WalletFailureCode =>
  typeof value === 'string' && (WALLET_FAILURES as readonly string[]).includes(value);

/**
 * The failure an error stands for, read through the errors it wraps (viem and wagmi wrap the wallet's in
 * `cause`): a failure code the adapter set, else one of the spec's messages (more precise than the code
 * of the error around it: a refused switch after adding is also a 4001), else the outermost numeric
 * code, else a timeout; anything else is `unknown`.
 */
export function walletFailureCode(error: unknown): WalletFailureCode {
  const chain: Record<string, unknown>[] = [];
  for (
    let current = error;
    typeof current === 'object' && current !== null && chain.length < 8;
    current = (current as { cause?: unknown }).cause
  )
    chain.push(current as Record<string, unknown>);
  for (const { code, message, shortMessage, details } of chain) {
    if (isFailureCode(code)) return code;
    for (const text of [shortMessage, details, message])
      if (typeof text === 'string' && Object.hasOwn(WALLET_MESSAGES, text)) return WALLET_MESSAGES[text]!;
  }
  for (const { code } of chain)
    if (typeof code === 'number' && Object.hasOwn(WALLET_ERROR_NUMBERS, code)) return WALLET_ERROR_NUMBERS[code]!;
  return chain.some(({ name }) => name === 'TimeoutError') ? 'timeout' : 'unknown';
}

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
 * The spec's check before sending (section 5): a valid address, a positive chain id, a priority fee not
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

/** `1.5` with 6 decimals → 1500000n: a decimal string in the chain's smallest unit, never through a float. */
export function toUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.length > decimals) throw new Error(`${amount} has more than ${decimals} decimals`);
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/** ERC-20 `transfer(to, units)` call data (selector 0xa9059cbb, then both arguments as 32-byte words). */
export function erc20TransferData(to: string, units: bigint): `0x${string}` {
  return `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${units.toString(16).padStart(64, '0')}`;
}
