/**
 * How a wallet's or a node's error becomes one of the stable failure codes: the tables of EIP-1193,
 * EIP-1474 and the libraries' messages. Loaded with the browser adapter (src/platform/wallet, with wagmi), not
 * with the wallet machine: the actors hand the machine the failure already read
 * (`WalletFailure`), so these tables stay out of the entry chunk.
 */

/**
 * Why a wallet action did not go through. The provider codes of EIP-1193 (4001 … 4902), the JSON-RPC
 * errors of EIP-1474, the five messages of docs/product.md#the-browser-wallet, and the transaction checks.
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

/** The messages of docs/product.md#the-browser-wallet, kept word for word: libraries and wallets say them in English. */
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
 * `cause`): a failure code the adapter set, else one of those messages (more precise than the code
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
